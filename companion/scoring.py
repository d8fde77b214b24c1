"""``companion score GAME FILE``: auto-score an endgame described in JSON."""

from __future__ import annotations

import json
import sys
from typing import Any

from companion.games import UnknownGame, get_rules
from companion.games.base import ScoreInputError


def load_json(path: str) -> Any:
    """Read JSON from a file or ``-`` (stdin); raise ScoreInputError in one line."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as exc:
        raise ScoreInputError("FILE", f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise ScoreInputError("FILE", f"{path} is not UTF-8 text") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScoreInputError("FILE", f"not valid JSON (line {exc.lineno}, column {exc.colno}: "
                                      f"{exc.msg})") from None


def score(game: str, data: Any) -> dict[str, Any]:
    """Score parsed JSON ``data`` for ``game`` and return the output document."""
    if not isinstance(data, dict):
        raise ScoreInputError("(top level)", "expected a JSON object")
    declared = data.get("game")
    if declared is not None and declared != game:
        raise ScoreInputError("game", f"the file describes {declared!r}, not {game!r}")
    return get_rules(game).score_input(data).to_json()


def run_score(game: str, path: str) -> int:
    try:
        result = score(game, load_json(path))
    except UnknownGame as exc:
        print(f"companion score: {exc}", file=sys.stderr)
        return 2
    except ScoreInputError as exc:
        print(f"companion score: {exc}", file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0
