"""hardware/99-companion.rules: well-formed, and which USB device gets which name."""

from __future__ import annotations

import fnmatch
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from booted_container import cached_rootfs, why_no_containers
from paths import REPO

RULES = REPO / "hardware" / "99-companion.rules"
_ASSIGNMENT = re.compile(r'\s*(?P<key>[A-Z_]+)(\{(?P<attr>[A-Za-z0-9_]+)\})?'
                         r'(?P<op>==|!=|\+=|-=|:=|=)"(?P<value>[^"]*)"\s*')
MATCH_KEYS = {"ACTION", "SUBSYSTEM", "SUBSYSTEMS", "ATTRS", "ENV", "KERNEL"}
ASSIGN_KEYS = {"SYMLINK", "ENV", "GROUP", "MODE", "GOTO", "LABEL"}

Rule = list[tuple[str, str | None, str, str]]


def parse(text: str) -> list[Rule]:
    """Every rule line as (key, attribute, operator, value) tuples; raises on a bad one."""
    rules = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        rule: Rule = []
        for part in line.split('",'):
            part = part if part.endswith('"') else part + '"'
            match = _ASSIGNMENT.fullmatch(part)
            assert match, f"line {number}: cannot read {part!r}"
            rule.append((match["key"], match["attr"], match["op"], match["value"]))
        rules.append(rule)
    return rules


def glob_matches(pattern: str, value: str) -> bool:
    """udev's match: shell glob, with | between alternatives."""
    return any(fnmatch.fnmatchcase(value, alternative) for alternative in pattern.split("|"))


def names_for(vendor: str, product: str) -> list[str]:
    """The symlinks the rules give a tty with these USB ids (and whether any rule matched)."""
    links: list[str] = []
    for rule in parse(RULES.read_text()):
        matches = [(k, a, o, v) for k, a, o, v in rule if o in ("==", "!=")]
        ids = {a: v for k, a, o, v in matches if k == "ATTRS"}
        if not ids:
            continue
        if glob_matches(ids.get("idVendor", "*"), vendor) and \
                glob_matches(ids.get("idProduct", "*"), product):
            links += [v for k, _, o, v in rule if k == "SYMLINK"]
    return links


def test_every_rule_line_is_well_formed() -> None:
    rules = parse(RULES.read_text())
    assert len(rules) >= 10
    labels = {v for rule in rules for k, _, _, v in rule if k == "LABEL"}
    for rule in rules:
        for key, _attr, op, value in rule:
            if op in ("==", "!="):
                assert key in MATCH_KEYS, key
            else:
                assert key in ASSIGN_KEYS, key
            if key == "GOTO":
                assert value in labels
            if key == "MODE":
                assert value == "0660"
            if key == "ATTRS" and _attr in ("idVendor", "idProduct"):
                assert all(re.fullmatch(r"[0-9a-f]{4}", v) for v in value.split("|")), value


@pytest.mark.parametrize("board, product", [
    ("Pico", "000a"), ("Pico with extra USB classes", "c10a"), ("Pico W", "f00a"),
    ("Pico 2", "000f"), ("Pico 2 W", "f00f"), ("Pico 2 W with extras", "f10f"),
    ("MicroPython on any Pico", "0005"),
])
def test_every_pico_is_the_bridge(board: str, product: str) -> None:
    assert names_for("2e8a", product) == ["companion-bridge"], board


def test_the_3v3_pro_micro_and_genuine_arduinos_are_the_bridge() -> None:
    assert names_for("1b4f", "9204") == ["companion-bridge"]
    assert names_for("1b4f", "9206") == ["companion-bridge"]
    assert names_for("2341", "0043") == ["companion-bridge"]


@pytest.mark.parametrize("vendor, product", [("1a86", "7523"), ("10c4", "ea60"),
                                             ("0403", "6001")])
def test_usb_uart_chips_get_no_name_of_their_own(vendor: str, product: str) -> None:
    """A CH340 may be a Nano clone bridge or the reader's adapter: never called either."""
    assert names_for(vendor, product) == []
    assert any(dict(((k, a), v) for k, a, _, v in rule).get(("ATTRS", "idVendor")) == vendor
               for rule in parse(RULES.read_text())), "still given dialout and no ModemManager"


def test_port_templates_use_id_path_not_serial_numbers() -> None:
    text = RULES.read_text()
    assert "ATTRS{serial}" not in text
    templates = [line.lstrip("# ") for line in text.splitlines()
                 if line.startswith("# ENV{ID_PATH}")]
    assert len(templates) == 2
    for template in templates:
        (key, attr, op, _), (link_key, _, _, link) = parse(template)[0]
        assert (key, attr, op, link_key) == ("ENV", "ID_PATH", "==", "SYMLINK")
        assert link in ("companion-nfc", "companion-bridge")


def _host_udevadm() -> tuple[list[str] | None, str]:
    """``udevadm verify`` here, or why not (udevadm missing, or older than systemd 254)."""
    udevadm = shutil.which("udevadm")
    if udevadm is None:
        return None, "no udevadm here (Debian package udev)"
    probe = subprocess.run([udevadm, "verify", "--help"], capture_output=True, check=False,
                           timeout=30)
    if probe.returncode == 0:
        return [udevadm, "verify"], ""
    version = subprocess.run([udevadm, "--version"], capture_output=True, text=True,
                             check=False, timeout=30).stdout.strip()
    return None, f"this udevadm is systemd {version or '?'}; verify came with 254"


def _verify_command(rules: Path) -> tuple[list[str] | None, str]:
    """How to run ``udevadm verify`` on ``rules``: the host's, else Trixie's (systemd 257)
    in the Debian root the systemd container test builds, which has udev."""
    command, why_not_here = _host_udevadm()
    if command is not None:
        return [*command, str(rules)], ""
    why_no_root = why_no_containers()
    if why_no_root is not None:
        return None, f"{why_not_here}, and no Trixie root instead: {why_no_root}"
    root = cached_rootfs("trixie")
    # the rules bound read-only into a private mount namespace: the cached root stays as is
    script = ('mount --bind -o ro "$1" "$2/mnt" && '
              'exec chroot "$2" /usr/bin/udevadm verify "/mnt/$3"')
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c", script, "verify",
            str(rules.parent), str(root), rules.name], ""


def test_udevadm_verify_accepts_the_rules() -> None:
    command, why_not = _verify_command(RULES)
    if command is None:
        pytest.skip(f"udevadm verify: {why_not}")
    done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=1800)
    assert done.returncode == 0, done.stdout + done.stderr
