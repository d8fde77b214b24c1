"""A start without a subcommand is read without argparse; everything else as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import cli


@pytest.mark.parametrize("arguments", [
    ["--data-dir", "/tmp/night", "--simulate", "--size", "720x1280", "--resume"],
    ["--fullscreen", "--config", "/etc/companion/devices.toml"],
    ["--fullscreen", "--resume", "--data-dir", "/var/lib/companion", "--config",
     "/etc/companion/devices.toml"],  # the Pi's service
    ["--data-dir=/tmp/night", "--size=720x1280", "--windowed", "--windowed"],
    ["--size", "800x480", "--size", "720x1280"],
    ["--sim", "--data", "/tmp/night"],  # abbreviations: the full parser's
    ["--data-dir", "-"],
    [],
    ["screenshot", "--screen", "home", "--out", "home.png", "--size", "720x1280"],
    ["--data-dir", "/tmp/night", "export", "--format", "csv", "--out", "games.csv"],
    ["score", "via-romana", "-"],
    ["doctor"],
])
def test_the_short_way_reads_what_the_full_parser_reads(arguments: list[str]) -> None:
    assert vars(cli.parse_args(arguments)) == vars(cli.build_parser().parse_args(arguments))


def test_the_app_alone_builds_no_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[bool] = []
    build = cli.build_parser

    def counting() -> object:
        built.append(True)
        return build()

    monkeypatch.setattr(cli, "build_parser", counting)
    args = cli.parse_args(["--data-dir", "/tmp/night", "--windowed"])
    assert built == [] and args.command is None and args.data_dir == Path("/tmp/night")
    cli.parse_args(["doctor"])
    assert built == [True]


@pytest.mark.parametrize("arguments", [
    ["--simulate=yes"], ["--size"], ["--size", "tiny"], ["--size", "100x100"],
    ["--data-dir", "--simulate"], ["--windowed", "--fullscreen"], ["--sim"], ["--help"],
    ["--version"], ["doctor"], ["--simulate", "score", "via-romana", "-"], ["-h"],
])
def test_anything_but_the_apps_options_in_full_goes_to_argparse(arguments: list[str]) -> None:
    assert cli.app_options(arguments) is None


@pytest.mark.parametrize("arguments, words", [
    (["--size", "tiny"], "size must look like 800x480"),
    (["--size=150x900"], "is too small"),
    (["--data-dir"], "expected one argument"),
    (["--windowed", "--fullscreen"], "not allowed with argument"),
    (["scor"], "invalid choice: 'scor'"),
    (["--bogus"], "unrecognized arguments: --bogus"),
])
def test_mistakes_are_said_by_the_full_parser(arguments: list[str], words: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        cli.parse_args(arguments)
    assert ended.value.code == 2
    error = capsys.readouterr().err
    assert words in error and "COMMAND" in error  # the usage of the whole command line


def test_help_lists_the_subcommands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.parse_args(["--help"])
    assert "screenshot" in capsys.readouterr().out
