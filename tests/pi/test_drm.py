"""Picking the DSI card from a fake /sys/class/drm."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.system.drm import (
    DEVICE_INDEX_VARIABLE,
    apply_to_environment,
    environment_lines,
    find_display,
    list_connectors,
    main,
    pick_connector,
    write_environment_file,
)


def fake_sysfs(root: Path, connectors: dict[str, tuple[str, str]]) -> Path:
    """Lay out /sys/class/drm: cards, their connectors, a render node, a version file."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "version").write_text("drm 1.1.0 20060810\n")
    (root / "renderD128").mkdir(exist_ok=True)
    for entry, (status, modes) in connectors.items():
        (root / entry.split("-")[0]).mkdir(exist_ok=True)
        folder = root / entry
        folder.mkdir(exist_ok=True)
        (folder / "status").write_text(status + "\n")
        (folder / "modes").write_text(modes)
        (folder / "enabled").write_text("enabled\n" if status == "connected" else "disabled\n")
    return root


def test_pi5_dsi_panel_beats_a_connected_hdmi_on_a_lower_card(tmp_path: Path) -> None:
    sysfs = fake_sysfs(tmp_path / "drm", {
        "card1-HDMI-A-1": ("connected", "1920x1080\n"),
        "card1-HDMI-A-2": ("disconnected", ""),
        "card2-DSI-1": ("connected", "800x480\n"),
    })
    chosen = pick_connector(list_connectors(sysfs))
    assert chosen is not None
    assert (chosen.card, chosen.name) == (2, "DSI-1")


def test_render_only_card0_and_disconnected_dsi_fall_back_to_hdmi(tmp_path: Path) -> None:
    sysfs = fake_sysfs(tmp_path / "drm", {
        "card1-DSI-1": ("disconnected", ""),
        "card2-HDMI-A-1": ("connected", "1280x720\n"),
    })
    (sysfs / "card0").mkdir()
    chosen = pick_connector(list_connectors(sysfs))
    assert chosen is not None
    assert (chosen.card, chosen.name) == (2, "HDMI-A-1")


def test_panel_reporting_unknown_counts_only_with_modes(tmp_path: Path) -> None:
    with_modes = fake_sysfs(tmp_path / "a", {"card1-DSI-1": ("unknown", "720x1280\n")})
    without = fake_sysfs(tmp_path / "b", {"card1-DSI-1": ("unknown", "")})
    chosen = pick_connector(list_connectors(with_modes))
    assert chosen is not None and chosen.card == 1
    assert pick_connector(list_connectors(without)) is None


def test_card_numbers_are_compared_as_numbers(tmp_path: Path) -> None:
    sysfs = fake_sysfs(tmp_path / "drm", {
        "card10-DSI-1": ("connected", "800x480\n"),
        "card2-DSI-2": ("connected", "800x480\n"),
    })
    assert [c.card for c in list_connectors(sysfs)] == [2, 10]
    chosen = pick_connector(list_connectors(sysfs))
    assert chosen is not None and chosen.card == 2


def test_missing_sysfs_means_no_connectors(tmp_path: Path) -> None:
    assert list_connectors(tmp_path / "absent") == []
    assert find_display(tmp_path / "absent") is None


def test_waits_for_a_dsi_panel_that_probes_late(tmp_path: Path) -> None:
    sysfs = fake_sysfs(tmp_path / "drm", {"card1-HDMI-A-1": ("connected", "1920x1080\n"),
                                          "card2-DSI-1": ("disconnected", "")})
    now = [0.0]
    sleeps: list[float] = []

    def sleep(seconds: float) -> None:
        sleeps.append(seconds)
        now[0] += seconds
        if len(sleeps) == 3:
            fake_sysfs(sysfs, {"card2-DSI-1": ("connected", "800x480\n")})

    chosen = find_display(sysfs, wait=5.0, poll=0.25, clock=lambda: now[0], sleep=sleep)
    assert chosen is not None and (chosen.card, chosen.name) == (2, "DSI-1")
    assert len(sleeps) == 3


def test_takes_hdmi_once_the_wait_for_an_expected_dsi_panel_is_over(tmp_path: Path) -> None:
    sysfs = fake_sysfs(tmp_path / "drm", {"card1-HDMI-A-1": ("connected", "1920x1080\n"),
                                          "card2-DSI-1": ("unknown", "")})
    now = [0.0]
    sleeps: list[float] = []

    def sleep(seconds: float) -> None:
        sleeps.append(seconds)
        now[0] += seconds

    chosen = find_display(sysfs, wait=1.0, poll=0.25, clock=lambda: now[0], sleep=sleep)
    assert chosen is not None and chosen.name == "HDMI-A-1"
    assert sum(sleeps) == pytest.approx(1.0)


def test_hdmi_only_is_taken_at_once_whatever_the_wait(tmp_path: Path) -> None:
    sysfs = fake_sysfs(tmp_path / "drm", {"card0-HDMI-A-1": ("connected", "1920x1080\n"),
                                          "card0-HDMI-A-2": ("disconnected", "")})

    def sleep(seconds: float) -> None:
        raise AssertionError("no DSI connector is listed: nothing to wait for")

    chosen = find_display(sysfs, wait=5.0, sleep=sleep)
    assert chosen is not None and chosen.name == "HDMI-A-1"


def test_no_screen_at_all_is_not_waited_for(tmp_path: Path) -> None:
    def sleep(seconds: float) -> None:
        raise AssertionError("must not sleep")

    assert find_display(tmp_path / "absent", wait=5.0, sleep=sleep) is None


def test_no_wait_means_no_sleep(tmp_path: Path) -> None:
    sysfs = fake_sysfs(tmp_path / "drm", {"card1-HDMI-A-1": ("disconnected", "")})

    def sleep(seconds: float) -> None:
        raise AssertionError("must not sleep")

    assert find_display(sysfs, wait=0.0, sleep=sleep) is None


def test_environment_file_names_the_card(tmp_path: Path) -> None:
    sysfs = fake_sysfs(tmp_path / "drm", {"card2-DSI-1": ("connected", "800x480\n")})
    target = tmp_path / "display.env"
    write_environment_file(target, pick_connector(list_connectors(sysfs)))
    lines = target.read_text().splitlines()
    assert f"{DEVICE_INDEX_VARIABLE}=2" in lines
    assert not (tmp_path / "display.env.partial").exists()


def test_environment_file_without_display_sets_nothing() -> None:
    lines = environment_lines(None).splitlines()
    assert lines
    assert all(line.startswith("#") for line in lines)


def test_apply_to_environment_keeps_an_explicit_choice(tmp_path: Path) -> None:
    sysfs = fake_sysfs(tmp_path / "drm", {"card2-DSI-1": ("connected", "800x480\n")})
    explicit = {DEVICE_INDEX_VARIABLE: "0"}
    assert apply_to_environment(explicit, sysfs) == 0
    assert explicit == {DEVICE_INDEX_VARIABLE: "0"}
    chosen: dict[str, str] = {}
    assert apply_to_environment(chosen, sysfs) == 2
    assert chosen == {DEVICE_INDEX_VARIABLE: "2"}
    empty: dict[str, str] = {}
    assert apply_to_environment(empty, tmp_path / "absent") is None
    assert empty == {}


def test_command_line_writes_the_env_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                          ) -> None:
    sysfs = fake_sysfs(tmp_path / "drm", {"card1-DSI-1": ("connected", "800x480\n")})
    target = tmp_path / "display.env"
    assert main(["--sysfs", str(sysfs), "--env-file", str(target)]) == 0
    assert f"{DEVICE_INDEX_VARIABLE}=1\n" in target.read_text()
    assert "card1" in capsys.readouterr().err


def test_command_line_prints_without_env_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                              ) -> None:
    sysfs = fake_sysfs(tmp_path / "drm", {"card3-DSI-1": ("connected", "800x480\n")})
    assert main(["--sysfs", str(sysfs)]) == 0
    assert f"{DEVICE_INDEX_VARIABLE}=3" in capsys.readouterr().out.splitlines()


def test_command_line_reports_an_unwritable_env_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sysfs = fake_sysfs(tmp_path / "drm", {"card1-DSI-1": ("connected", "800x480\n")})
    assert main(["--sysfs", str(sysfs), "--env-file", str(tmp_path / "no" / "x.env")]) == 1
    assert "Cannot write" in capsys.readouterr().err


@pytest.mark.parametrize("bad", ["soon", "-1", "301"])
def test_command_line_rejects_a_bad_wait(bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--wait", bad])
    assert stopped.value.code == 2
    assert "wait must be" in capsys.readouterr().err
