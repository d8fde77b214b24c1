"""systemd/install.sh run in a scratch root (--root DIR): what it changes, and that a
second run changes nothing."""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from paths import REPO

from companion.locale import TRANSLATED

CHECKOUT = REPO
SCRIPT = CHECKOUT / "systemd" / "install.sh"
BASH = shutil.which("bash")
pytestmark = pytest.mark.skipif(BASH is None, reason="install.sh needs bash")

PASSWD = ("root:x:0:0:root:/root:/bin/bash\n"
          "pi:x:1000:1000:,,,:/home/pi:/bin/bash\n"
          "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n")
# Raspberry Pi OS has gpio; a plain Debian root does not, so it is left out here.
GROUP = ("root:x:0:\n"
         "dialout:x:20:pi\n"
         "video:x:44:pi\n"
         "input:x:105:pi\n"
         "render:x:106:pi\n"
         "systemd-journal:x:999:\n"
         "pi:x:1000:\n"
         "nogroup:x:65534:\n")
CONFIG_TXT = "# For more options see config.txt(5)\ndtparam=audio=on\n\n[all]\n"
CMDLINE_TXT = ("console=serial0,115200 console=tty1 root=PARTUUID=4e639091-02 "
               "rootfstype=ext4 fsck.repair=yes rootwait\n")

Snapshot = dict[str, tuple[str, int, str, int]]


@pytest.fixture
def source(tmp_path: Path) -> Path:
    """A checkout with the files install.sh takes, and udev rules from hardware/."""
    checkout = tmp_path / "checkout"
    (checkout / "systemd").mkdir(parents=True)
    for name in ("companion.service", "companion-recover.service", "companion-recover",
                 "companion-watchdog.conf",
                 "companion-backlight.socket", "companion-backlight.service",
                 "50-companion.rules"):
        shutil.copy2(CHECKOUT / "systemd" / name, checkout / "systemd" / name)
    (checkout / "hardware").mkdir()
    (checkout / "hardware" / "99-companion.rules").write_text(
        'SUBSYSTEM=="gpio", GROUP="gpio", MODE="0660"\n')
    shutil.copy2(CHECKOUT / "hardware" / "devices.example.toml", checkout / "hardware")
    (checkout / "companion" / "system").mkdir(parents=True)
    shutil.copy2(CHECKOUT / "companion" / "system" / "board.py", checkout / "companion" / "system")
    return checkout


@pytest.fixture
def root(tmp_path: Path) -> Path:
    scratch = tmp_path / "root"
    (scratch / "etc").mkdir(parents=True)
    (scratch / "etc" / "passwd").write_text(PASSWD)
    (scratch / "etc" / "group").write_text(GROUP)
    boot = scratch / "boot" / "firmware"
    boot.mkdir(parents=True)
    (boot / "config.txt").write_text(CONFIG_TXT)
    (boot / "cmdline.txt").write_text(CMDLINE_TXT)
    return scratch


def install(root: Path, source: Path, *options: str) -> subprocess.CompletedProcess[str]:
    assert BASH is not None
    return subprocess.run([BASH, str(SCRIPT), "--root", str(root), "--source", str(source),
                           *options], capture_output=True, text=True, check=False, timeout=120)


def snapshot(root: Path) -> Snapshot:
    """Every entry under root: kind, mode, content digest or link target, mtime."""
    entries: Snapshot = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder, name)
            info = path.lstat()
            if path.is_symlink():
                kind, content = "link", os.readlink(path)
            elif path.is_dir():
                kind, content = "dir", ""
            else:
                kind, content = "file", hashlib.sha256(path.read_bytes()).hexdigest()
            entries[str(path.relative_to(root))] = (kind, info.st_mode, content, info.st_mtime_ns)
    return entries


def passwd_entry(root: Path, user: str) -> list[str]:
    lines = [line for line in (root / "etc/passwd").read_text().splitlines()
             if line.split(":")[0] == user]
    assert len(lines) == 1, lines
    return lines[0].split(":")


def group_entries(root: Path) -> dict[str, list[str]]:
    entries: dict[str, list[str]] = {}
    for line in (root / "etc/group").read_text().splitlines():
        name = line.split(":")[0]
        assert name not in entries, f"group {name} listed twice"
        entries[name] = line.split(":")
    return entries


def test_second_run_changes_nothing_and_says_so(root: Path, source: Path) -> None:
    first = install(root, source, "--enable-uart")
    assert first.returncode == 0, first.stderr
    assert "change(s) made" in first.stdout
    after_first = snapshot(root)

    second = install(root, source, "--enable-uart")
    assert second.returncode == 0, second.stderr
    assert "Nothing to change" in second.stdout
    assert "  changed " not in second.stdout
    assert snapshot(root) == after_first


def test_creates_the_system_user_in_the_device_groups(root: Path, source: Path) -> None:
    result = install(root, source)
    assert result.returncode == 0, result.stderr
    name, _, uid, gid, _, home, shell = passwd_entry(root, "companion")
    assert 100 <= int(uid) < 1000
    assert home == "/var/lib/companion"
    assert shell == "/usr/sbin/nologin"
    groups = group_entries(root)
    assert groups["companion"][2] == gid
    assert "created group gpio" in result.stdout
    for group in ("gpio", "dialout", "video", "input", "render"):
        assert "companion" in groups[group][3].split(","), group
    assert groups["dialout"][3] == "pi,companion"
    used_gids = [entry[2] for entry in groups.values()]
    assert len(used_gids) == len(set(used_gids))
    assert PASSWD in (root / "etc/passwd").read_text()


def test_existing_user_only_gets_the_missing_groups(root: Path, source: Path) -> None:
    with (root / "etc/passwd").open("a") as passwd:
        passwd.write("companion:x:990:990::/var/lib/companion:/usr/sbin/nologin\n")
    group_text = GROUP.replace("video:x:44:pi", "video:x:44:pi,companion") + "companion:x:990:\n"
    (root / "etc/group").write_text(group_text)
    result = install(root, source)
    assert result.returncode == 0, result.stderr
    assert "unchanged  system user companion" in result.stdout
    assert "unchanged  companion is in group video" in result.stdout
    assert "added companion to group dialout" in result.stdout
    assert passwd_entry(root, "companion")[2] == "990"
    assert group_entries(root)["video"][3] == "pi,companion"


def test_files_without_a_final_newline_keep_their_last_line(root: Path, source: Path) -> None:
    (root / "etc/passwd").write_text(PASSWD.rstrip("\n"))
    (root / "etc/group").write_text(GROUP.rstrip("\n"))
    assert install(root, source).returncode == 0
    assert (root / "etc/passwd").read_text().startswith(PASSWD)
    groups = group_entries(root)
    assert groups["nogroup"] == ["nogroup", "x", "65534", ""]
    assert passwd_entry(root, "companion")[0] == "companion"


def test_installs_unit_polkit_and_udev_rules(root: Path, source: Path) -> None:
    result = install(root, source)
    assert result.returncode == 0, result.stderr
    placed = {
        "etc/systemd/system/companion.service": source / "systemd/companion.service",
        "etc/polkit-1/rules.d/50-companion.rules": source / "systemd/50-companion.rules",
        "etc/udev/rules.d/99-companion.rules": source / "hardware/99-companion.rules",
    }
    for target, original in placed.items():
        assert (root / target).read_bytes() == original.read_bytes(), target
        assert (root / target).stat().st_mode & 0o777 == 0o644, target
    assert "skipped    app release in /opt/companion" in result.stdout
    assert not (root / "opt").exists()


@pytest.mark.skipif(shutil.which("systemctl") is None,
                    reason="enabling uses systemctl --root: needs the Debian package systemd")
def test_enables_the_unit_for_boot(root: Path, source: Path) -> None:
    assert install(root, source).returncode == 0
    wanted = root / "etc/systemd/system/multi-user.target.wants/companion.service"
    assert os.readlink(wanted) == "/etc/systemd/system/companion.service"


def test_without_udev_rules_in_the_checkout_they_are_skipped(root: Path, source: Path) -> None:
    (source / "hardware" / "99-companion.rules").unlink()
    result = install(root, source)
    assert result.returncode == 0, result.stderr
    assert "skipped    /etc/udev/rules.d/99-companion.rules" in result.stdout
    assert not (root / "etc/udev").exists()


def test_a_changed_unit_is_installed_again(root: Path, source: Path) -> None:
    assert install(root, source).returncode == 0
    unit = source / "systemd/companion.service"
    unit.write_text(unit.read_text().replace("WatchdogSec=20s", "WatchdogSec=30s"))
    result = install(root, source)
    assert "changed    installed /etc/systemd/system/companion.service" in result.stdout
    assert "1 change(s) made." in result.stdout
    assert "WatchdogSec=30s" in (root / "etc/systemd/system/companion.service").read_text()


def test_enable_uart_sets_config_and_drops_the_serial_console(root: Path, source: Path) -> None:
    result = install(root, source, "--enable-uart")
    assert result.returncode == 0, result.stderr
    config = (root / "boot/firmware/config.txt").read_text()
    assert config.startswith(CONFIG_TXT)
    assert config.splitlines()[-1] == "enable_uart=1"
    cmdline = (root / "boot/firmware/cmdline.txt").read_text()
    assert cmdline == ("console=tty1 root=PARTUUID=4e639091-02 rootfstype=ext4 "
                       "fsck.repair=yes rootwait\n")


def test_enable_uart_overrides_a_disabled_uart_and_other_console_names(
    root: Path, source: Path
) -> None:
    (root / "boot/firmware/config.txt").write_text("enable_uart=0\n")
    (root / "boot/firmware/cmdline.txt").write_text(
        "root=/dev/mmcblk0p2 console=ttyAMA0,115200 rootwait console=ttyS0\n")
    assert install(root, source, "--enable-uart").returncode == 0
    config_lines = (root / "boot/firmware/config.txt").read_text().splitlines()
    assert config_lines[0] == "enable_uart=0"
    assert config_lines[-2:] == ["# serial NFC reader on GPIO 14/15 (companion install.sh)",
                                 "enable_uart=1"]
    assert "[all]" in config_lines
    assert (root / "boot/firmware/cmdline.txt").read_text() == "root=/dev/mmcblk0p2 rootwait\n"


def test_boot_files_are_left_alone_without_enable_uart(root: Path, source: Path) -> None:
    result = install(root, source)
    assert result.returncode == 0
    assert "skipped    UART" in result.stdout
    assert (root / "boot/firmware/config.txt").read_text() == CONFIG_TXT
    assert (root / "boot/firmware/cmdline.txt").read_text() == CMDLINE_TXT


def test_a_run_without_enable_uart_keeps_quiet_about_a_uart_enabled_before(
    root: Path, source: Path
) -> None:
    """companion-update runs the installer without --enable-uart: on an install that has
    the UART it must not say to pass the flag, nor change the boot files."""
    assert install(root, source, "--enable-uart").returncode == 0
    enabled = snapshot(root)
    update = install(root, source)
    assert update.returncode == 0, update.stderr
    assert "pass --enable-uart" not in update.stdout
    assert "unchanged  UART on GPIO 14/15 for a serial NFC reader (enabled before)" \
        in update.stdout
    assert "Nothing to change" in update.stdout
    assert snapshot(root) == enabled

    # The UART on, but a serial console on it still: the flag is what would fix it.
    cmdline = root / "boot/firmware/cmdline.txt"
    cmdline.write_text("console=serial0,115200 " + cmdline.read_text())
    assert "skipped    UART (pass --enable-uart" in install(root, source).stdout


def test_enable_uart_without_config_txt_fails_before_changing_anything(
    root: Path, source: Path
) -> None:
    shutil.rmtree(root / "boot")
    before = snapshot(root)
    result = install(root, source, "--enable-uart")
    assert result.returncode == 1
    assert "config.txt" in result.stderr
    assert snapshot(root) == before


@pytest.mark.parametrize("arguments, message", [
    (["--bogus"], "unknown option: --bogus"),
    (["--root"], "--root needs a directory"),
])
def test_bad_arguments_are_named(arguments: list[str], message: str) -> None:
    assert BASH is not None
    result = subprocess.run([BASH, str(SCRIPT), *arguments], capture_output=True, text=True,
                            check=False, timeout=60)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Usage:" in result.stderr


def test_missing_root_directory_is_refused(tmp_path: Path, source: Path) -> None:
    result = install(tmp_path / "absent", source)
    assert result.returncode == 1
    assert "is not a directory" in result.stderr
    assert not (tmp_path / "absent").exists()


def test_source_without_the_unit_is_refused(root: Path, tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    before = snapshot(root)
    result = install(root, empty)
    assert result.returncode == 1
    assert "companion.service is missing" in result.stderr
    assert snapshot(root) == before


def write_model(root: Path, model: str) -> Path:
    """A fake /proc/device-tree/model: the string and its NUL, as the kernel gives it."""
    path = root / "proc" / "device-tree" / "model"
    path.parent.mkdir(parents=True)
    path.write_bytes(model.encode() + b"\0")
    return path


def test_a_pi_5_gets_uart0_and_its_reader_on_ttyama0(root: Path, source: Path) -> None:
    write_model(root, "Raspberry Pi 5 Model B Rev 1.0")
    result = install(root, source, "--enable-uart")
    assert result.returncode == 0, result.stderr
    assert "on a Raspberry Pi 5 Model B Rev 1.0" in result.stdout
    config_lines = (root / "boot/firmware/config.txt").read_text().splitlines()
    assert config_lines[-1] == "dtparam=uart0=on"
    assert "enable_uart=1" not in config_lines
    devices = (root / "etc/companion/devices.toml").read_text()
    assert 'port = "/dev/ttyAMA0"' in devices
    assert 'port = "/dev/serial0"' not in devices


def test_a_pi_4_gets_enable_uart_and_serial0(root: Path, source: Path) -> None:
    write_model(root, "Raspberry Pi 4 Model B Rev 1.5")
    assert install(root, source, "--enable-uart").returncode == 0
    assert (root / "boot/firmware/config.txt").read_text().splitlines()[-1] == "enable_uart=1"
    assert 'port = "/dev/serial0"' in (root / "etc/companion/devices.toml").read_text()


def test_the_device_config_is_made_once_and_never_overwritten(
    root: Path, source: Path
) -> None:
    first = install(root, source)
    config = root / "etc/companion/devices.toml"
    assert "changed    installed /etc/companion/devices.toml" in first.stdout
    assert config.read_bytes() == (source / "hardware/devices.example.toml").read_bytes()
    assert config.stat().st_mode & 0o777 == 0o644
    config.write_text("[buttons]\npull_up = false\n")
    (source / "hardware/devices.example.toml").write_text("# a newer example\n")
    second = install(root, source)
    assert "unchanged  /etc/companion/devices.toml (yours: never overwritten)" in second.stdout
    assert config.read_text() == "[buttons]\npull_up = false\n"


def test_getty_and_autovt_on_tty1_are_masked(root: Path, source: Path) -> None:
    assert install(root, source).returncode == 0
    for unit in ("getty@tty1.service", "autovt@tty1.service"):
        assert os.readlink(root / "etc/systemd/system" / unit) == "/dev/null"


def test_a_unit_file_of_the_owner_is_not_replaced_by_a_mask(root: Path, source: Path) -> None:
    own = root / "etc/systemd/system/getty@tty1.service"
    own.parent.mkdir(parents=True)
    own.write_text("[Service]\n")
    result = install(root, source)
    assert result.returncode == 0
    assert "skipped    masking getty@tty1.service" in result.stdout
    assert own.read_text() == "[Service]\n"


def test_installs_the_recovery_unit_watchdog_and_update_command(
    root: Path, source: Path
) -> None:
    assert install(root, source).returncode == 0
    recover = root / "etc/systemd/system/companion-recover.service"
    assert recover.read_bytes() == (source / "systemd/companion-recover.service").read_bytes()
    for helper in ("companion-backlight.socket", "companion-backlight.service"):
        assert (root / "etc/systemd/system" / helper).is_file()
    socket_link = root / "etc/systemd/system/sockets.target.wants/companion-backlight.socket"
    assert os.readlink(socket_link) == "/etc/systemd/system/companion-backlight.socket"
    watchdog = root / "etc/systemd/system.conf.d/companion-watchdog.conf"
    assert "RuntimeWatchdogSec=" in watchdog.read_text()
    update = root / "usr/local/sbin/companion-update"
    assert update.stat().st_mode & 0o777 == 0o755
    assert f'"{source}/systemd/install.sh" --source "{source}"' in update.read_text()


def test_update_and_rollback_are_refused_in_a_scratch_root(root: Path, source: Path) -> None:
    for option in ("--update", "--rollback"):
        result = install(root, source, option)
        assert result.returncode == 2
        assert "work on the running system" in result.stderr


def test_the_installer_runs_the_board_probe_without_its_folder_shadowing_the_stdlib(
        tmp_path: Path) -> None:
    """``companion/locale`` (the translations) must not stand in for the standard ``locale``
    when the installer runs ``companion/system/board.py`` as a script under a set language."""
    install = (CHECKOUT / "systemd" / "install.sh").read_text(encoding="utf-8")
    assert 'python3 -I "$SOURCE/companion/system/board.py"' in install
    # -S as well: the installer's python3 has no companion installed (this one may)
    done = subprocess.run([sys.executable, "-I", "-S",
                           str(CHECKOUT / "companion" / "system" / "board.py"),
                           "--model-file", str(tmp_path / "none"), "--shell"],
                          capture_output=True, text=True, timeout=60,
                          env={**os.environ, "LANGUAGE": "de", "LANG": "de_DE.UTF-8"})
    assert done.returncode == 0, done.stderr
    assert "BOARD_IS_PI=0" in done.stdout


# ------------------------------------------------ the release, built beside a real checkout

WHEEL_OF = "babel"  # the one dependency the release's build step imports (the catalogs)


def why_no_release() -> str | None:
    """Why this machine cannot build a release (the installer's python3 -m venv with pip,
    and git for the checkout), or None."""
    if shutil.which("git") is None:
        return "building a release from a checkout needs git (apt install git)"
    python3 = shutil.which("python3")
    if python3 is None or subprocess.run([python3, "-I", "-c", "import ensurepip, venv"],
                                         capture_output=True, check=False,
                                         timeout=60).returncode != 0:
        return "the installer's python3 -m venv needs python3-venv (apt install python3-venv)"
    return None


NO_RELEASE = why_no_release()
needs_release = pytest.mark.skipif(NO_RELEASE is not None, reason=NO_RELEASE or "")


def wheel_of_installed(name: str, wheelhouse: Path) -> Path:
    """A wheel of ``name`` as installed here, so the release is built without a network."""
    dist = importlib.metadata.distribution(name)
    wheel = wheelhouse / f"{dist.metadata['Name'].lower()}-{dist.version}-py3-none-any.whl"
    record = []
    with zipfile.ZipFile(wheel, "w") as archive:
        for file in dist.files or []:
            path = Path(str(dist.locate_file(file)))
            if (file.parts[0] == ".." or "__pycache__" in file.parts or not path.is_file()
                    or file.name in ("RECORD", "INSTALLER", "REQUESTED", "direct_url.json")):
                continue
            data = path.read_bytes()
            archive.writestr(str(file), data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            record.append(f"{file},sha256={digest.decode()},{len(data)}")
        info = next(str(file.parent) for file in dist.files or [] if file.name == "METADATA")
        record.append(f"{info}/RECORD,,")
        archive.writestr(f"{info}/RECORD", "\n".join(record) + "\n")
    return wheel


def make_checkout(target: Path, wheelhouse: Path) -> Path:
    """A git repository of this tree (its tracked and new files) at ``target``, whose locked
    set is one wheel the machine can install offline (from ``wheelhouse``)."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                             "--exclude-standard"], cwd=CHECKOUT, capture_output=True,
                            check=True).stdout.split(b"\0")
    for name in filter(None, listed):
        original = CHECKOUT / name.decode()
        if original.is_file():
            copy = target / name.decode()
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(original, copy)
    wheelhouse.mkdir(exist_ok=True)
    wheel = wheel_of_installed(WHEEL_OF, wheelhouse)
    version = wheel.name.split("-")[1]
    (target / "systemd" / "requirements.txt").write_text(
        f"{WHEEL_OF}=={version} --hash=sha256:{hashlib.sha256(wheel.read_bytes()).hexdigest()}\n")
    git(target, "init", "-q")
    git(target, "add", "-A")
    commit(target, "the checkout")
    return target


def commit(repository: Path, message: str) -> str:
    git(repository, "-c", "user.name=Pi", "-c", "user.email=pi@example.invalid",
        "commit", "-qam", message)
    return git(repository, "rev-parse", "HEAD").strip()


@pytest.fixture(scope="session")
def made_checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """make_checkout once per worker (it copies and commits the whole tree): each test
    copies it, the same commit and locked set every time."""
    folder = tmp_path_factory.mktemp("made-checkout")
    return make_checkout(folder / "companion", folder / "wheelhouse")


def copy_checkout(made: Path, target: Path) -> Path:
    """A copy of the made checkout (its work tree and history) at ``target``."""
    target.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["cp", "-a", str(made), str(target)], check=True, timeout=60)
    return target


def link_wheelhouse(made: Path, tmp_path: Path) -> None:
    """The test's wheelhouse (beside its root) is the made checkout's: pip only reads it."""
    (tmp_path / "wheelhouse").symlink_to(made.parent / "wheelhouse")


@pytest.fixture(scope="session")
def shared_app_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The app dir of the update tests: one path per worker, so a release built there once
    can be put back for each test (a venv's scripts and its .pth hold absolute paths).
    The tests of one worker run one after another, so they never share it at once."""
    return tmp_path_factory.getbasetemp() / "shared-app" / "companion"


@pytest.fixture(scope="session")
def built_release(made_checkout: Path, shared_app_dir: Path,
                  tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The made checkout's release, built by install.sh once per worker into the shared
    app dir and kept aside, without what an install writes into it (.commit, units)."""
    root = made_checkout.parent / "root"
    (root / "etc").mkdir(parents=True)
    built = install_release(root, made_checkout, shared_app_dir, cwd=made_checkout)
    assert built.returncode == 0, built.stdout + built.stderr
    release = Path(release_of(shared_app_dir))
    kept = tmp_path_factory.mktemp("built-release") / release.name
    release.rename(kept)
    (kept / ".commit").unlink()
    shutil.rmtree(kept / "units")
    shutil.rmtree(shared_app_dir)
    return kept


@pytest.fixture
def app_dir(built_release: Path, shared_app_dir: Path) -> Path:
    """The shared app dir holding the checkout's release, built and not yet installed: the
    first install of a test only switches to it (the build itself is what
    test_installing_from_the_checkout_leaves_it_untouched runs). Hard links: install.sh
    and these tests only add and remove files in a release, never write into one."""
    shutil.rmtree(shared_app_dir, ignore_errors=True)
    (shared_app_dir / "releases").mkdir(parents=True)
    subprocess.run(["cp", "-al", str(built_release),
                    str(shared_app_dir / "releases" / built_release.name)],
                   check=True, timeout=60)
    return shared_app_dir


@pytest.fixture
def checkout(made_checkout: Path, tmp_path: Path) -> Path:
    """The Pi owner's checkout, owned by a user who is not root when the tests run as root."""
    target = copy_checkout(made_checkout, tmp_path / "home" / "pi" / "companion")
    link_wheelhouse(made_checkout, tmp_path)
    if os.geteuid() == 0:
        for folder, _dirs, files in os.walk(tmp_path / "home"):
            for entry in [folder, *(os.path.join(folder, file) for file in files)]:
                os.lchown(entry, 1000, 1000)
    return target


def git(checkout: Path, *arguments: str) -> str:
    """git without its optional index refresh (as root, that would write a root-owned index)."""
    return subprocess.run(["git", "--no-optional-locks", "-c", "safe.directory=*",
                           "-C", str(checkout), *arguments],
                          capture_output=True, text=True, check=True, timeout=60).stdout


def install_release(root: Path, checkout: Path, app_dir: Path, cwd: Path, *options: str,
                    answer: str | None = None) -> subprocess.CompletedProcess[str]:
    """install.sh of ``checkout`` into the scratch ``root``, the release into ``app_dir``,
    pip offline (the wheelhouse beside ``root``); ``answer`` typed at its question."""
    assert BASH is not None
    offline = {**os.environ, "PIP_NO_INDEX": "1",
               "PIP_FIND_LINKS": str(root.parent / "wheelhouse")}
    return subprocess.run([BASH, str(checkout / "systemd" / "install.sh"), "--root", str(root),
                           "--source", str(checkout), "--app-dir", str(app_dir), *options],
                          cwd=cwd, env=offline, input=answer,
                          stdin=subprocess.DEVNULL if answer is None else None,
                          capture_output=True, text=True, check=False, timeout=600)


@needs_release
def test_installing_from_the_checkout_leaves_it_untouched(
    root: Path, checkout: Path, tmp_path: Path
) -> None:
    """Run from the checkout as the Pi owner does (cd ~/companion; sudo ...): afterwards not
    one file in it is new or changed, ignored ones included, and none belongs to root; the
    release holds the bytecode and the compiled catalogs instead."""
    app_dir = tmp_path / "opt" / "companion"
    first = install_release(root, checkout, app_dir, cwd=checkout)
    assert first.returncode == 0, first.stdout + first.stderr
    assert f"changed    app release {app_dir}/releases/" in first.stdout
    owned_by_root = [str(path) for path in [checkout, *checkout.rglob("*")]
                     if path.lstat().st_uid == 0]
    assert os.geteuid() != 0 or owned_by_root == []
    assert git(checkout, "status", "--porcelain", "--ignored", "--untracked-files=all") == ""
    app = app_dir / "current" / "app" / "companion"
    catalogs = sorted(path.relative_to(app).as_posix()
                      for path in app.glob("locale/*/LC_MESSAGES/*.mo"))
    assert catalogs == sorted(f"locale/{language}/LC_MESSAGES/companion.mo"
                              for language in TRANSLATED)
    assert list(app.glob("__pycache__/cli.cpython-*.pyc"))

    second = install_release(root, checkout, app_dir, cwd=checkout)
    assert second.returncode == 0, second.stdout + second.stderr
    assert f"unchanged  app release {app_dir}/releases/" in second.stdout
    assert git(checkout, "status", "--porcelain", "--ignored", "--untracked-files=all") == ""


@pytest.mark.parametrize("module", ["compileall", "venv", "pip", "sysconfig"])
@needs_release
def test_a_module_in_the_working_directory_never_runs(
    root: Path, checkout: Path, tmp_path: Path, module: str
) -> None:
    """Started from a folder holding e.g. a compileall.py: the installer's python runs as
    root, and must not import it in place of the real one."""
    folder = tmp_path / "downloads"
    folder.mkdir()
    marker = tmp_path / "ran"
    (folder / f"{module}.py").write_text(
        f"import pathlib\npathlib.Path({str(marker)!r}).write_text('ran as root')\n")
    done = install_release(root, checkout, tmp_path / "opt" / "companion", cwd=folder)
    assert not marker.exists(), f"{module}.py in the working directory ran"
    assert done.returncode == 0, done.stdout + done.stderr


@needs_release
def test_an_app_dir_inside_the_checkout_is_refused(
    root: Path, checkout: Path
) -> None:
    done = install_release(root, checkout, checkout / "build", cwd=checkout)
    assert done.returncode == 1
    assert "inside the checkout" in done.stderr
    assert not (checkout / "build").exists()


# ------------------------------------------------------------------------ companion-update


@pytest.fixture
def clone(made_checkout: Path, tmp_path: Path) -> tuple[Path, Path]:
    """An upstream repository and the owner's clone of it, the companion installed from it."""
    upstream = copy_checkout(made_checkout, tmp_path / "upstream")
    link_wheelhouse(made_checkout, tmp_path)
    owned = tmp_path / "home" / "pi" / "companion"
    owned.parent.mkdir(parents=True)
    subprocess.run(["git", "clone", "-q", str(upstream), str(owned)], check=True, timeout=60)
    return upstream, owned


def next_release(upstream: Path, words: str) -> str:
    with (upstream / "companion" / "__init__.py").open("a") as source:
        source.write(f"\n# {words}\n")
    return commit(upstream, words)


def release_of(app_dir: Path) -> str:
    return os.readlink(app_dir / "current")


@needs_release
def test_an_update_shows_what_changes_and_waits_for_a_yes(
    root: Path, clone: tuple[Path, Path], app_dir: Path
) -> None:
    upstream, owned = clone
    assert install_release(root, owned, app_dir, cwd=owned).returncode == 0
    first, running = release_of(app_dir), git(owned, "rev-parse", "HEAD").strip()
    newest = next_release(upstream, "the next release")

    declined = install_release(root, owned, app_dir, owned, "--update", answer="n\n")
    assert declined.returncode == 0, declined.stdout + declined.stderr
    assert "1 new commit(s):" in declined.stdout
    assert f"{newest[:7]} the next release" in declined.stdout
    assert "1 file changed" in declined.stdout
    assert "Update to " in declined.stdout and "? [y/N]" in declined.stdout
    assert "Nothing changed" in declined.stdout
    assert git(owned, "rev-parse", "HEAD").strip() == running
    assert release_of(app_dir) == first

    accepted = install_release(root, owned, app_dir, owned, "--update", answer="y\n")
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    assert "changed    checkout" in accepted.stdout
    assert git(owned, "rev-parse", "HEAD").strip() == newest
    assert release_of(app_dir) != first


@needs_release
def test_an_update_without_an_answer_changes_nothing(
    root: Path, clone: tuple[Path, Path], app_dir: Path
) -> None:
    upstream, owned = clone
    assert install_release(root, owned, app_dir, cwd=owned).returncode == 0
    running = git(owned, "rev-parse", "HEAD").strip()
    next_release(upstream, "unattended")
    done = install_release(root, owned, app_dir, owned, "--update")
    assert done.returncode == 1
    assert "no answer" in done.stderr and "--yes" in done.stderr
    assert git(owned, "rev-parse", "HEAD").strip() == running


@needs_release
def test_an_update_after_a_rollback_asks_before_it_switches_back(
    root: Path, clone: tuple[Path, Path], app_dir: Path
) -> None:
    """A rollback leaves the checkout at the newer commit: the update compares with the
    release that runs, not with the checkout, and a switch back needs a yes."""
    upstream, owned = clone
    assert install_release(root, owned, app_dir, cwd=owned).returncode == 0
    first, base = release_of(app_dir), git(owned, "rev-parse", "HEAD").strip()
    newest = next_release(upstream, "the next release")
    assert install_release(root, owned, app_dir, owned, "--update", "--yes").returncode == 0
    second = release_of(app_dir)
    rolled = install_release(root, owned, app_dir, owned, "--rollback")
    assert rolled.returncode == 0, rolled.stdout + rolled.stderr
    assert release_of(app_dir) == first

    unattended = install_release(root, owned, app_dir, owned, "--update")
    assert unattended.returncode == 1, unattended.stdout + unattended.stderr
    assert f"the companion runs {base[:7]}" in unattended.stdout
    assert f"{newest[:7]} the next release" in unattended.stdout
    assert "no answer" in unattended.stderr and f"stays at {base[:7]}" in unattended.stderr
    assert release_of(app_dir) == first
    declined = install_release(root, owned, app_dir, owned, "--update", answer="n\n")
    assert declined.returncode == 0, declined.stdout + declined.stderr
    assert "Nothing changed" in declined.stdout
    assert release_of(app_dir) == first
    accepted = install_release(root, owned, app_dir, owned, "--update", "--yes")
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    assert release_of(app_dir) == second
    assert git(owned, "rev-parse", "HEAD").strip() == newest

    # Naming the commit that runs moves the checkout there and switches nothing.
    assert install_release(root, owned, app_dir, owned, "--rollback").returncode == 0
    back = install_release(root, owned, app_dir, owned, "--update", base)
    assert back.returncode == 0, back.stdout + back.stderr
    assert "changed    checkout" in back.stdout and "Update to" not in back.stdout
    assert f"unchanged  app release {first}" in back.stdout
    assert git(owned, "rev-parse", "HEAD").strip() == base


@needs_release
def test_a_rollback_puts_back_the_units_of_the_release_it_returns_to(
    root: Path, clone: tuple[Path, Path], app_dir: Path
) -> None:
    """The units name the release's modules (python -m companion.system.drm): a rollback
    installs the units the release before was installed with, and for a release from
    before they were kept, the units with the modules named as they were then."""
    upstream, owned = clone
    unit = root / "etc" / "systemd" / "system" / "companion.service"
    assert install_release(root, owned, app_dir, cwd=owned).returncode == 0
    first, first_unit = release_of(app_dir), unit.read_text()
    assert "-m companion.system.drm" in first_unit
    with (upstream / "systemd" / "companion.service").open("a") as source:
        source.write("# the next release's unit\n")
    next_release(upstream, "the next release, with a unit of its own")
    assert install_release(root, owned, app_dir, owned, "--update", "--yes").returncode == 0
    assert unit.read_text().endswith("# the next release's unit\n")

    rolled = install_release(root, owned, app_dir, owned, "--rollback")
    assert rolled.returncode == 0, rolled.stdout + rolled.stderr
    assert release_of(app_dir) == first and unit.read_text() == first_unit

    # the release before, as one built before releases kept their units and had
    # companion/system: its modules were companion.drm and companion.backlight
    assert install_release(root, owned, app_dir, owned, "--rollback").returncode == 0
    shutil.rmtree(Path(first) / "units")
    shutil.rmtree(Path(first) / "app" / "companion" / "system")
    assert install_release(root, owned, app_dir, owned, "--rollback").returncode == 0
    assert release_of(app_dir) == first
    assert "-m companion.drm --env-file" in unit.read_text()
    backlight = root / "etc" / "systemd" / "system" / "companion-backlight.service"
    assert "python -m companion.backlight\n" in backlight.read_text()


@needs_release
def test_an_update_goes_to_the_tag_the_owner_names(
    root: Path, clone: tuple[Path, Path], app_dir: Path
) -> None:
    upstream, owned = clone
    assert install_release(root, owned, app_dir, cwd=owned).returncode == 0
    tagged = next_release(upstream, "release 0.2")
    git(upstream, "tag", "v0.2")
    next_release(upstream, "work after 0.2")
    done = install_release(root, owned, app_dir, owned, "--update", "v0.2", "--yes")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "to v0.2" in done.stdout
    assert "work after 0.2" not in done.stdout
    assert git(owned, "rev-parse", "HEAD").strip() == tagged
    unknown = install_release(root, owned, app_dir, owned, "--update", "v9.9", "--yes")
    assert unknown.returncode == 1
    assert 'no tag or commit "v9.9"' in unknown.stderr


@needs_release
def test_a_checkout_on_no_branch_and_without_tags_is_shown_a_commit_to_name(
    root: Path, clone: tuple[Path, Path], app_dir: Path
) -> None:
    """The project has no tags: the example must be a commit, not an empty name."""
    upstream, owned = clone
    assert install_release(root, owned, app_dir, cwd=owned).returncode == 0
    git(owned, "checkout", "-q", "--detach")
    newest = next_release(upstream, "the next release")
    git(owned, "fetch", "-q")
    done = install_release(root, owned, app_dir, owned, "--update")
    assert done.returncode == 1
    assert f"follows no branch: name the tag or commit to update to, e.g. companion-update " \
           f"{newest[:7]}" in done.stderr, done.stderr
    assert "newest tags" not in done.stderr


@needs_release
def test_a_failed_update_says_the_old_release_still_runs(
    root: Path, clone: tuple[Path, Path], app_dir: Path
) -> None:
    upstream, owned = clone
    assert install_release(root, owned, app_dir, cwd=owned).returncode == 0
    first, running = release_of(app_dir), git(owned, "rev-parse", "HEAD").strip()
    locked = upstream / "systemd" / "requirements.txt"
    locked.write_text(locked.read_text().replace("--hash=sha256:", "--hash=sha256:0"))
    commit(upstream, "a lock that pip refuses")
    done = install_release(root, owned, app_dir, owned, "--update", "--yes")
    assert done.returncode != 0
    assert "the new release could not be built" in done.stderr
    assert f"the companion still runs the release before,\n  {first}" in done.stderr
    assert f"git -C {owned} checkout {running[:12]}" in done.stderr
    assert release_of(app_dir) == first
    assert sorted(path.name for path in (app_dir / "releases").iterdir()) == [
        Path(first).name]


def test_a_missing_polkitd_is_named(root: Path, source: Path) -> None:
    without = install(root, source)
    assert without.returncode == 0, without.stderr
    assert "skipped    polkit: polkitd is not installed" in without.stdout
    assert "cannot switch the Pi off (sudo apt install polkitd)" in without.stdout
    daemon = root / "usr/lib/polkit-1/polkitd"
    daemon.parent.mkdir(parents=True)
    daemon.write_text("#!/bin/sh\n")
    daemon.chmod(0o755)
    assert "polkitd is not installed" not in install(root, source).stdout
