"""The screen's settings for the night: rotation, dimming after idle, blanking on home.

Kept in ``display.json`` beside the game log (the one place the service may write), apart
from the log so a bad file never touches a game. A missing or broken file means the
defaults; a broken one is named in :attr:`DisplaySettings.problem` for the screen.
"""

from __future__ import annotations

import os
from dataclasses import asdict, replace
from pathlib import Path

from companion.core.i18n import _
from companion.core.records import frozen

FILE_NAME = "display.json"
ROTATIONS = (0, 90, 180, 270)
#: seconds without a touch or a button before the backlight dims (0: never)
DIM_CHOICES = (0, 60, 300, 900)
#: seconds idle on the home screen before the backlight goes off (0: never)
BLANK_CHOICES = (0, 300, 900, 1800)
DIM_LEVEL = 15  # percent: the table can still see the screen is on


@frozen
class DisplaySettings:
    rotation: int = 0
    dim_after: int = 300
    blank_home_after: int = 900
    problem: str | None = None

    def with_choice(self, key: str, value: int) -> DisplaySettings:
        allowed = {"rotation": ROTATIONS, "dim_after": DIM_CHOICES,
                   "blank_home_after": BLANK_CHOICES}[key]
        if value not in allowed:
            raise ValueError(f"{key} must be one of {allowed}, not {value!r}")
        return replace(self, **{key: value}, problem=None)


def settings_path(data_dir: Path) -> Path:
    return data_dir / FILE_NAME


def load(path: Path) -> DisplaySettings:
    """The settings in ``path``; the defaults (and the reason) when it cannot be used."""
    try:
        text = path.read_text(encoding="utf-8")
        import json  # only when there is a file: 2 ms of a start without one

        data = json.loads(text)
    except FileNotFoundError:
        return DisplaySettings()
    except (OSError, ValueError) as error:
        return DisplaySettings(problem=_("Display settings not used ({error}).").format(
            error=error))
    settings = DisplaySettings()
    if not isinstance(data, dict):
        return replace(settings, problem=_("Display settings not used: not a JSON object."))
    for key in ("rotation", "dim_after", "blank_home_after"):
        if key in data:
            try:
                settings = settings.with_choice(key, data[key])
            except ValueError as error:
                return DisplaySettings(problem=_("Display settings not used ({error}).").format(
                    error=error))
    return settings


def save(path: Path, settings: DisplaySettings) -> None:
    """Write atomically, so a power cut leaves the old file or the new one."""
    import json

    data = {key: value for key, value in asdict(settings).items() if key != "problem"}
    partial = path.with_name(path.name + ".partial")
    partial.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    os.replace(partial, path)
