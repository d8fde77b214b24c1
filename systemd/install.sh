#!/usr/bin/env bash
# Install the companion as a systemd service on Raspberry Pi OS (Bookworm).
#
#   sudo systemd/install.sh [--enable-uart]       # on the Pi, from a checkout
#   systemd/install.sh --root DIR [--enable-uart] # into a scratch tree
#
# Every step looks before it changes anything, so a second run changes nothing
# and says so. It prints one line per step: "changed", "unchanged" or
# "skipped".
#
# With --root DIR the same steps are applied under DIR (tests, or the root file
# system of an SD card mounted on another machine). Users and groups are then
# written straight into DIR/etc/passwd and DIR/etc/group (no shadow entry: the
# account has no password and no login shell), the unit is enabled with
# "systemctl --root", and the app's venv is skipped, because a venv's scripts
# hold absolute paths that would point into DIR.
set -euo pipefail
umask 022

SERVICE_USER=companion
SERVICE_GROUPS=(gpio dialout video input render)
VENV_DIR=/opt/companion
STATE_DIR=/var/lib/companion
UNIT_NAME=companion.service
UNIT_PATH=/etc/systemd/system/$UNIT_NAME
POLKIT_PATH=/etc/polkit-1/rules.d/50-companion.rules
UDEV_PATH=/etc/udev/rules.d/99-companion.rules

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SOURCE=$(dirname "$HERE")
ROOT=""
ROOT_MODE=0
ENABLE_UART=0
SKIP_VENV=0
CHANGES=0
LAST_CHANGED=0
NEEDS_REBOOT=0

usage() {
    cat <<EOF
Usage: install.sh [--root DIR] [--enable-uart] [--skip-venv] [--source DIR]

Installs the companion service: the "$SERVICE_USER" user in the groups
${SERVICE_GROUPS[*]}, the unit $UNIT_PATH, the polkit rule
$POLKIT_PATH, the udev rules $UDEV_PATH (from
hardware/99-companion.rules, when the checkout has it), the app in a venv at
$VENV_DIR, and enables the unit.

  --root DIR      apply everything under DIR instead of / (no venv)
  --enable-uart   enable the UART on GPIO 14/15 for a serial NFC reader:
                  enable_uart=1 in config.txt, no serial console in cmdline.txt
  --skip-venv     leave $VENV_DIR alone (you install the app yourself)
  --source DIR    the checkout to install from (default: $SOURCE)
  -h, --help      show this help
EOF
}

fail() {
    printf 'install.sh: %s\n' "$*" >&2
    exit 1
}

usage_error() {
    printf 'install.sh: %s\n' "$*" >&2
    usage >&2
    exit 2
}

changed() {
    CHANGES=$((CHANGES + 1))
    LAST_CHANGED=1
    printf '  changed    %s\n' "$*"
}

unchanged() {
    LAST_CHANGED=0
    printf '  unchanged  %s\n' "$*"
}

skipped() {
    LAST_CHANGED=0
    printf '  skipped    %s\n' "$*"
}

while (($#)); do
    case $1 in
        --root)
            if (($# < 2)) || [[ -z $2 ]]; then usage_error "--root needs a directory"; fi
            ROOT=$2 ROOT_MODE=1
            shift 2
            ;;
        --root=*)
            ROOT=${1#--root=} ROOT_MODE=1
            [[ -n $ROOT ]] || usage_error "--root needs a directory"
            shift
            ;;
        --source)
            if (($# < 2)) || [[ -z $2 ]]; then usage_error "--source needs a directory"; fi
            SOURCE=$2
            shift 2
            ;;
        --source=*)
            SOURCE=${1#--source=}
            shift
            ;;
        --enable-uart) ENABLE_UART=1; shift ;;
        --skip-venv) SKIP_VENV=1; shift ;;
        -h | --help) usage; exit 0 ;;
        *) usage_error "unknown option: $1" ;;
    esac
done

# ---------------------------------------------------------------- checks
# Everything that can be wrong is found before the first change.

if ((ROOT_MODE)); then
    [[ -d $ROOT ]] || fail "--root $ROOT is not a directory"
    ROOT=$(cd "$ROOT" && pwd)
    [[ $ROOT != / ]] || fail "--root / would edit /etc/passwd by hand; run without --root instead"
else
    ((EUID == 0)) || fail "run as root (sudo $0), or use --root DIR for a scratch tree"
fi

[[ -d $SOURCE ]] || fail "--source $SOURCE is not a directory"
SOURCE=$(cd "$SOURCE" && pwd)
for needed in systemd/companion.service systemd/50-companion.rules; do
    [[ -f $SOURCE/$needed ]] || fail "$SOURCE/$needed is missing: is --source a companion checkout?"
done

if ((ENABLE_UART)); then
    BOOT_DIR=""
    for candidate in boot/firmware boot; do
        if [[ -f $ROOT/$candidate/config.txt ]]; then
            BOOT_DIR=$ROOT/$candidate
            break
        fi
    done
    [[ -n $BOOT_DIR ]] ||
        fail "--enable-uart: no $ROOT/boot/firmware/config.txt (nor $ROOT/boot/config.txt)"
    [[ -f $BOOT_DIR/cmdline.txt ]] || fail "--enable-uart: $BOOT_DIR/cmdline.txt is missing"
fi

if ((!ROOT_MODE && !SKIP_VENV)); then
    command -v python3 >/dev/null || fail "python3 is missing (sudo apt install python3-venv)"
    [[ -f $SOURCE/pyproject.toml ]] || fail "$SOURCE/pyproject.toml is missing"
fi

PASSWD_FILE=$ROOT/etc/passwd
GROUP_FILE=$ROOT/etc/group

# ------------------------------------------------------- users and groups

# Rewrite a file in place (same inode, owner and mode), only if it differs.
replace_content() {
    local file=$1 content=$2
    if [[ $content != "$(cat "$file")" ]]; then
        printf '%s\n' "$content" >"$file"
    fi
}

# Append one line, first ending an unterminated last line so the two never merge.
append_line() {
    local file=$1 line=$2
    if [[ -s $file && $(tail -c 1 "$file") != "" ]]; then
        printf '\n' >>"$file"
    fi
    printf '%s\n' "$line" >>"$file"
}

group_exists() {
    if ((ROOT_MODE)); then
        awk -F: -v name="$1" '$1 == name { found = 1 } END { exit !found }' "$GROUP_FILE"
    else
        getent group "$1" >/dev/null
    fi
}

user_exists() {
    if ((ROOT_MODE)); then
        awk -F: -v name="$1" '$1 == name { found = 1 } END { exit !found }' "$PASSWD_FILE"
    else
        getent passwd "$1" >/dev/null
    fi
}

user_in_group() {
    if ((ROOT_MODE)); then
        awk -F: -v user="$1" -v group="$2" '
            $1 == group { n = split($4, members, ","); for (i = 1; i <= n; i++) if (members[i] == user) found = 1 }
            END { exit !found }' "$GROUP_FILE"
    else
        id -nG "$1" | tr ' ' '\n' | grep -qx -- "$2"
    fi
}

# The highest system id (999 down to 100) free in every file given, like
# useradd --system picks it.
free_system_id() {
    awk -F: '{ used[$3] = 1 } END {
        for (id = 999; id >= 100; id--) if (!(id in used)) { print id; exit }
        exit 1 }' "$@" || fail "no free system id left in $*"
}

create_group() {
    if ((ROOT_MODE)); then
        append_line "$GROUP_FILE" "$1:x:$(free_system_id "$GROUP_FILE"):"
    else
        groupadd --system "$1"
    fi
    changed "created group $1"
}

create_user() {
    if ((ROOT_MODE)); then
        local id
        id=$(free_system_id "$PASSWD_FILE" "$GROUP_FILE")
        group_exists "$SERVICE_USER" || append_line "$GROUP_FILE" "$SERVICE_USER:x:$id:"
        local gid
        gid=$(awk -F: -v name="$SERVICE_USER" '$1 == name { print $3 }' "$GROUP_FILE")
        append_line "$PASSWD_FILE" \
            "$SERVICE_USER:x:$id:$gid:Board game companion:$STATE_DIR:/usr/sbin/nologin"
    else
        useradd --system --user-group --home-dir "$STATE_DIR" --no-create-home \
            --shell /usr/sbin/nologin --comment "Board game companion" "$SERVICE_USER"
    fi
    changed "created system user $SERVICE_USER (home $STATE_DIR, no login)"
}

add_to_group() {
    if ((ROOT_MODE)); then
        replace_content "$GROUP_FILE" "$(awk -F: -v OFS=: -v user="$1" -v group="$2" '
            $1 == group { $4 = ($4 == "" ? user : $4 "," user) } { print }' "$GROUP_FILE")"
    else
        usermod --append --groups "$2" "$1"
    fi
    changed "added $1 to group $2"
}

echo "Installing the companion${ROOT:+ under $ROOT}:"

if ((ROOT_MODE)); then
    mkdir -p "$ROOT/etc"
    [[ -e $PASSWD_FILE ]] || : >"$PASSWD_FILE"
    [[ -e $GROUP_FILE ]] || : >"$GROUP_FILE"
fi

for group in "${SERVICE_GROUPS[@]}"; do
    group_exists "$group" || create_group "$group"
done
if user_exists "$SERVICE_USER"; then
    unchanged "system user $SERVICE_USER"
else
    create_user
fi
for group in "${SERVICE_GROUPS[@]}"; do
    if user_in_group "$SERVICE_USER" "$group"; then
        unchanged "$SERVICE_USER is in group $group"
    else
        add_to_group "$SERVICE_USER" "$group"
    fi
done

# ------------------------------------------------------------------ files

install_file() {
    local source=$1 target=$2 mode=$3
    local dest=$ROOT$target
    if [[ -f $dest && ! -L $dest ]] && cmp -s "$source" "$dest" &&
        [[ $(stat -c %a "$dest") == "$mode" ]]; then
        unchanged "$target"
    else
        install -D -m "$mode" "$source" "$dest"
        changed "installed $target"
    fi
}

install_file "$SOURCE/systemd/companion.service" "$UNIT_PATH" 644
UNIT_CHANGED=$LAST_CHANGED
install_file "$SOURCE/systemd/50-companion.rules" "$POLKIT_PATH" 644
UDEV_CHANGED=0
if [[ -f $SOURCE/hardware/99-companion.rules ]]; then
    install_file "$SOURCE/hardware/99-companion.rules" "$UDEV_PATH" 644
    UDEV_CHANGED=$LAST_CHANGED
else
    skipped "$UDEV_PATH (no hardware/99-companion.rules in $SOURCE)"
fi

# -------------------------------------------------------------- app venv

# A digest of what pip would install, so an unchanged checkout is not
# reinstalled (pip always reinstalls a local directory).
source_digest() {
    (cd "$SOURCE" && find companion pyproject.toml -type f \
        ! -name '*.pyc' ! -path '*/__pycache__/*' -print0 |
        sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
}

if ((ROOT_MODE)); then
    skipped "app venv $VENV_DIR (--root: install it on the Pi itself)"
elif ((SKIP_VENV)); then
    skipped "app venv $VENV_DIR (--skip-venv)"
else
    if [[ -x $VENV_DIR/bin/python ]]; then
        unchanged "venv $VENV_DIR"
    else
        python3 -m venv "$VENV_DIR"
        changed "created venv $VENV_DIR"
    fi
    digest=$(source_digest)
    stamp=$VENV_DIR/.companion-source
    if [[ -f $stamp && $(cat "$stamp") == "$digest" ]]; then
        unchanged "companion app in $VENV_DIR"
    else
        "$VENV_DIR/bin/pip" install --disable-pip-version-check --quiet --upgrade "${SOURCE}[pi]"
        printf '%s\n' "$digest" >"$stamp"
        changed "installed the companion app from $SOURCE into $VENV_DIR"
    fi
fi

# ------------------------------------------------------------ enable unit

if ((ROOT_MODE)); then
    if [[ -L $ROOT/etc/systemd/system/multi-user.target.wants/$UNIT_NAME ]]; then
        unchanged "$UNIT_NAME is enabled"
    elif command -v systemctl >/dev/null; then
        # A scratch root has no multi-user.target; systemctl warns and links anyway.
        systemctl --root="$ROOT" --quiet enable "$UNIT_NAME" 2>/dev/null
        changed "enabled $UNIT_NAME (multi-user.target.wants)"
    else
        skipped "enabling $UNIT_NAME (no systemctl here)"
    fi
else
    if ((UNIT_CHANGED)); then
        systemctl daemon-reload
    fi
    if systemctl --quiet is-enabled "$UNIT_NAME" 2>/dev/null; then
        unchanged "$UNIT_NAME is enabled"
    else
        systemctl --quiet enable "$UNIT_NAME"
        changed "enabled $UNIT_NAME (starts at boot)"
    fi
    if ((UDEV_CHANGED)); then
        udevadm control --reload-rules
        udevadm trigger
    fi
fi

# -------------------------------------------------------------------- UART

if ((ENABLE_UART)); then
    config=$BOOT_DIR/config.txt
    cmdline=$BOOT_DIR/cmdline.txt
    if grep -Eq '^[[:space:]]*enable_uart=1[[:space:]]*$' "$config"; then
        unchanged "${config#"$ROOT"}: enable_uart=1"
    else
        # Appended under [all], so it holds for every model; later lines win.
        printf '\n[all]\n# serial NFC reader on GPIO 14/15 (companion install.sh)\nenable_uart=1\n' \
            >>"$config"
        changed "${config#"$ROOT"}: enable_uart=1"
        NEEDS_REBOOT=1
    fi
    current=$(cat "$cmdline")
    without_console=$(printf '%s\n' "$current" |
        sed -E 's/(^|[[:space:]]+)console=(serial[0-9]+|ttyAMA[0-9]+|ttyS[0-9]+)(,[^[:space:]]*)?//g; s/^[[:space:]]+//')
    if [[ $without_console == "$current" ]]; then
        unchanged "${cmdline#"$ROOT"}: no serial console"
    else
        printf '%s\n' "$without_console" >"$cmdline"
        changed "${cmdline#"$ROOT"}: removed the serial console (the reader needs the UART)"
        NEEDS_REBOOT=1
    fi
else
    skipped "UART (pass --enable-uart for a serial NFC reader on GPIO 14/15)"
fi

# ---------------------------------------------------------------- summary

if ((CHANGES == 0)); then
    echo "Nothing to change: the companion is already installed${ROOT:+ under $ROOT}."
else
    echo "$CHANGES change(s) made."
    if ((!ROOT_MODE)); then
        if ((NEEDS_REBOOT)); then
            echo "Reboot to apply the UART settings: sudo reboot"
        else
            echo "Start it now with: sudo systemctl restart $UNIT_NAME (or reboot)"
        fi
    fi
fi
