#!/usr/bin/env bash
# Install the companion as a systemd service on Raspberry Pi OS (Bookworm or Trixie,
# 64-bit only), or update or roll back an installed one.
#
#   sudo systemd/install.sh [--enable-uart]       # on the Pi, from a checkout
#   sudo companion-update [TAG|COMMIT] [--yes]    # fetch, show what changes, ask, install
#   sudo systemd/install.sh --rollback            # back to the release before
#   systemd/install.sh --root DIR [--enable-uart] # into a scratch tree
#
# It never writes into the checkout it installs from: the bytecode and the compiled
# catalogs are built in the release. Every python it runs is isolated (-I: neither the
# working directory nor PYTHON* variables reach its import path) and runs from /, so a
# stray compileall.py or venv.py in the folder it was started from never runs as root.
#
# Every step looks before it changes anything, so a second run changes nothing and
# says so. It prints one line per step: "changed", "unchanged" or "skipped".
#
# With --root DIR the same steps are applied under DIR (tests, or the root file system
# of an SD card mounted on another machine). Users and groups are then written straight
# into DIR/etc/passwd and DIR/etc/group (no shadow entry: the account has no password
# and no login shell), units are enabled and masked with plain symlinks, and apt and
# the app's release are skipped, because a venv's scripts hold absolute paths that
# would point into DIR (unless --app-dir names where to build it, as the tests do).
#
# The app goes into a release of its own, /opt/companion/releases/<digest>: a venv over
# the system's site packages (Pi OS's python3-lgpio, which has no wheel for Python 3.13)
# holding exactly the locked dependency set (systemd/requirements.txt, exported from
# uv.lock with hashes), and the app's code, compiled to bytecode here because the
# service's file system is read-only (ProtectSystem=strict). /opt/companion/current is
# the release the unit runs, /opt/companion/previous the one before (--rollback). The
# game log in /var/lib/companion is never touched.
set -euo pipefail
umask 022

SERVICE_USER=companion
SERVICE_GROUPS=(gpio dialout video input render)
APP_DIR=/opt/companion
STATE_DIR=/var/lib/companion
CONFIG_PATH=/etc/companion/devices.toml
UNIT_NAME=companion.service
RECOVER_NAME=companion-recover.service
BACKLIGHT_SOCKET=companion-backlight.socket
# The crash-loop recovery, and the backlight helper the app reaches through its socket.
HELPER_UNITS=("$RECOVER_NAME" "$BACKLIGHT_SOCKET" companion-backlight.service)
UNIT_DIR=/etc/systemd/system
POLKIT_PATH=/etc/polkit-1/rules.d/50-companion.rules
UDEV_PATH=/etc/udev/rules.d/99-companion.rules
WATCHDOG_PATH=/etc/systemd/system.conf.d/companion-watchdog.conf
UPDATE_PATH=/usr/local/sbin/companion-update
RECOVER_SCRIPT_PATH=/usr/local/libexec/companion-recover
COMMAND_LINK=/usr/local/bin/companion
# The login prompt on tty1, and the one logind starts there on a VT switch or its own
# restart, would take the screen from the companion: both are masked.
MASKED_UNITS=(getty@tty1.service autovt@tty1.service)
# Python, the libraries SDL's kmsdrm driver loads (pygame-ce's wheel brings SDL), the
# Noto fonts the screens draw with, found through fontconfig (companion/ui/fonts.py), and
# polkitd, which applies the rule that lets the service switch the Pi off.
APT_PACKAGES=(python3 python3-venv libgbm1 libegl1 libgles2 libdrm2
    fontconfig fonts-noto-core fonts-noto-cjk polkitd)
# On a Pi also its GPU's Mesa driver and lgpio, the GPIO library gpiozero uses.
APT_PACKAGES_PI=(libgl1-mesa-dri python3-lgpio)

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SOURCE=$(dirname "$HERE")
ROOT=""
ROOT_MODE=0
ENABLE_UART=0
SKIP_VENV=0
SKIP_APT=0
UPDATE=0
UPDATE_TO=""
ASSUME_YES=0
ROLLBACK=0
MODEL_FILE=""
APP_DIR_GIVEN=0
CHANGES=0
LAST_CHANGED=0
NEEDS_REBOOT=0
RESTART_NEEDED=0

usage() {
    cat <<EOF
Usage: install.sh [--root DIR] [--enable-uart] [--skip-venv] [--skip-apt]
                  [--source DIR] [--model-file FILE] [--app-dir DIR]
                  [--update [TAG|COMMIT] [--yes] | --rollback]

Installs the companion service: the "$SERVICE_USER" user in the groups
${SERVICE_GROUPS[*]}, the apt packages it needs, the units $UNIT_DIR/$UNIT_NAME,
$RECOVER_NAME (running $RECOVER_SCRIPT_PATH) and the backlight
helper $BACKLIGHT_SOCKET, the device config $CONFIG_PATH (made from
hardware/devices.example.toml when absent; never overwritten), getty and autovt
masked on tty1, the polkit rule $POLKIT_PATH, the udev rules $UDEV_PATH, the
hardware watchdog $WATCHDOG_PATH, $UPDATE_PATH, the app in a release under
$APP_DIR, and enables the unit. 64-bit Raspberry Pi OS only.

  --root DIR         apply everything under DIR instead of / (no apt, no app)
  --enable-uart      enable the UART on GPIO 14/15 for a serial NFC reader
                     (enable_uart=1, on a Pi 5 dtparam=uart0=on, in config.txt;
                     no serial console in cmdline.txt)
  --skip-venv        leave $APP_DIR alone (you install the app yourself)
  --skip-apt         install no apt packages (they must be there already)
  --source DIR       the checkout to install from (default: $SOURCE)
  --model-file FILE  the Pi's model (default: /proc/device-tree/model)
  --app-dir DIR      where the releases go (default: $APP_DIR); with --root the
                     release is then built there (the tests do this)
  --update [REF]     fetch the checkout's remote, show what would change from the
                     running commit to REF (a tag or commit; default: the newest
                     commit of the branch the checkout follows), ask, then move the
                     checkout there, install the lock and restart
  --yes              with --update: no question (for scripts)
  --rollback         run the previous release again ($APP_DIR/previous)
  -h, --help         show this help
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
        --model-file)
            if (($# < 2)) || [[ -z $2 ]]; then usage_error "--model-file needs a file"; fi
            MODEL_FILE=$2
            shift 2
            ;;
        --app-dir)
            if (($# < 2)) || [[ -z $2 ]]; then usage_error "--app-dir needs a directory"; fi
            APP_DIR=$2 APP_DIR_GIVEN=1
            shift 2
            ;;
        --enable-uart) ENABLE_UART=1; shift ;;
        --skip-venv) SKIP_VENV=1; shift ;;
        --skip-apt) SKIP_APT=1; shift ;;
        --update) UPDATE=1; shift ;;
        --yes) ASSUME_YES=1; shift ;;
        --rollback) ROLLBACK=1; shift ;;
        -h | --help) usage; exit 0 ;;
        -*) usage_error "unknown option: $1" ;;
        *)
            [[ -z $UPDATE_TO ]] || usage_error "one tag or commit only: $UPDATE_TO, $1"
            UPDATE_TO=$1
            shift
            ;;
    esac
done

# ---------------------------------------------------------------- checks
# Everything that can be wrong is found before the first change.

((UPDATE + ROLLBACK < 2)) || usage_error "--update and --rollback exclude each other"
[[ -z $UPDATE_TO ]] || ((UPDATE)) || usage_error "a tag or commit ($UPDATE_TO) goes with --update"
((!ASSUME_YES)) || ((UPDATE)) || usage_error "--yes goes with --update"
if ((ROOT_MODE)); then
    # With --app-dir (the tests) a scratch tree has releases to update and roll back.
    ((!UPDATE && !ROLLBACK)) || ((APP_DIR_GIVEN)) ||
        usage_error "--update and --rollback work on the running system"
    [[ -d $ROOT ]] || fail "--root $ROOT is not a directory"
    ROOT=$(cd "$ROOT" && pwd)
    [[ $ROOT != / ]] || fail "--root / would edit /etc/passwd by hand; run without --root instead"
else
    ((EUID == 0)) || fail "run as root (sudo $0), or use --root DIR for a scratch tree"
    # The userland decides, not the kernel: 32-bit Pi OS often runs a 64-bit kernel.
    architecture=$(dpkg --print-architecture 2>/dev/null || uname -m)
    case $architecture in
        arm64 | amd64 | aarch64 | x86_64) ;;
        *) fail "$architecture: only a 64-bit OS is supported (Raspberry Pi OS Lite 64-bit)" ;;
    esac
fi

[[ -d $SOURCE ]] || fail "--source $SOURCE is not a directory"
SOURCE=$(cd "$SOURCE" && pwd)
[[ $MODEL_FILE == "" || $MODEL_FILE == /* ]] || MODEL_FILE=$PWD/$MODEL_FILE
if ((APP_DIR_GIVEN)); then
    [[ $APP_DIR == /* ]] || APP_DIR=$PWD/$APP_DIR
    [[ $APP_DIR != "$SOURCE" && $APP_DIR != "$SOURCE"/* ]] ||
        fail "--app-dir $APP_DIR is inside the checkout: the installer never writes there"
fi
# The app's release: on the Pi itself, or where --app-dir says (not into a --root tree
# otherwise: a venv's scripts hold absolute paths).
BUILD_APP=1
if ((SKIP_VENV || (ROOT_MODE && !APP_DIR_GIVEN))); then
    BUILD_APP=0
fi
# Every path is absolute now. From here on the working directory is /: no python this
# script runs as root finds a module in the folder it was started from.
cd /
for needed in systemd/companion.service systemd/companion-recover.service \
    systemd/companion-recover systemd/companion-backlight.socket systemd/companion-backlight.service \
    systemd/50-companion.rules; do
    [[ -f $SOURCE/$needed ]] || fail "$SOURCE/$needed is missing: is --source a companion checkout?"
done

[[ -n $MODEL_FILE ]] || MODEL_FILE=$ROOT/proc/device-tree/model
BOARD_MODEL="" BOARD_IS_PI=0 BOARD_UART_CONFIG=enable_uart=1 BOARD_SERIAL_PORT=/dev/serial0
if [[ -f $SOURCE/companion/system/board.py ]] && command -v python3 >/dev/null; then
    # -I: the script's own folder must not shadow the standard library (companion/locale).
    eval "$(python3 -I "$SOURCE/companion/system/board.py" --model-file "$MODEL_FILE" --shell)"
fi

BOOT_DIR=""
for candidate in boot/firmware boot; do
    if [[ -f $ROOT/$candidate/config.txt ]]; then
        BOOT_DIR=$ROOT/$candidate
        break
    fi
done
if ((ENABLE_UART)); then
    [[ -n $BOOT_DIR ]] ||
        fail "--enable-uart: no $ROOT/boot/firmware/config.txt (nor $ROOT/boot/config.txt)"
    [[ -f $BOOT_DIR/cmdline.txt ]] || fail "--enable-uart: $BOOT_DIR/cmdline.txt is missing"
fi

if ((ROLLBACK)); then
    [[ -L $APP_DIR/previous && -x $APP_DIR/previous/bin/python ]] ||
        fail "--rollback: there is no previous release ($APP_DIR/previous)"
fi
if ((UPDATE)); then
    [[ -d $SOURCE/.git ]] || fail "--update: $SOURCE is not a git checkout"
    command -v git >/dev/null || fail "--update needs git (sudo apt install git)"
fi

if ((BUILD_APP)); then
    for needed in pyproject.toml systemd/requirements.txt companion/cli.py; do
        [[ -f $SOURCE/$needed ]] || fail "$SOURCE/$needed is missing"
    done
fi

PASSWD_FILE=$ROOT/etc/passwd
GROUP_FILE=$ROOT/etc/group

# --------------------------------------------------- rollback and update

# A digest of everything that makes a release, so an unchanged checkout is not
# installed again.
source_digest() {
    (cd "$SOURCE" && {
        find companion -type f ! -name '*.pyc' ! -name '*.mo' ! -path '*/__pycache__/*' \
            -print0 | sort -z | xargs -0 sha256sum
        sha256sum pyproject.toml systemd/requirements.txt
        python3 -I -c 'import sys; print(sys.version)'
    } | sha256sum | cut -c1-16)
}

# The commit the checkout is at, or nothing when it is no git checkout. Root may read
# the owner's repository here: rev-parse runs none of its hooks.
checkout_commit() {
    [[ -e $SOURCE/.git ]] && command -v git >/dev/null || return 0
    git -c safe.directory="$SOURCE" --no-optional-locks -C "$SOURCE" \
        rev-parse --verify --quiet 'HEAD^{commit}' 2>/dev/null || true
}

# Each release records the commit it was built from (RELEASE/.commit): after a rollback
# the checkout is ahead of the release that runs, and an update compares with the latter.
RELEASE_COMMIT=.commit

# Point a symlink elsewhere with one rename, so it is never missing.
swap_link() {
    local target=$1 link=$2
    ln -sfn "$target" "$link.new"
    mv -T "$link.new" "$link"
}

restart_if_running() {
    if ((ROOT_MODE)); then
        skipped "restarting $UNIT_NAME (--root)"
    elif systemctl --quiet is-active "$UNIT_NAME" 2>/dev/null; then
        # The owner asked for this start: earlier failures must not count against it.
        systemctl reset-failed "$UNIT_NAME" 2>/dev/null || true
        systemctl restart "$UNIT_NAME"
        echo "Restarted $UNIT_NAME."
    else
        echo "Start it with: sudo systemctl start $UNIT_NAME (or reboot)"
    fi
}

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

# Install text made here rather than a file of the checkout.
install_text() {
    local text=$1 target=$2 mode=$3 scratch
    scratch=$(mktemp)
    printf '%s\n' "$text" >"$scratch"
    install_file "$scratch" "$target" "$mode"
    rm -f "$scratch"
}

# Each release keeps the units it was installed with (RELEASE/units): they name its
# modules (python -m companion.system.drm), so a rollback puts back the release's own.
RELEASE_UNITS=units

keep_units_with_release() {
    local release=$1 unit
    for unit in "$UNIT_NAME" "${HELPER_UNITS[@]}"; do
        install -D -m 644 "$SOURCE/systemd/$unit" "$release/$RELEASE_UNITS/$unit"
    done
}

# The units a release was installed with; for a release from before they were kept,
# the units here with the modules named as they were before companion/system existed.
units_of_release() {
    local release=$1 unit
    for unit in "$UNIT_NAME" "${HELPER_UNITS[@]}"; do
        if [[ -f $release/$RELEASE_UNITS/$unit ]]; then
            install_file "$release/$RELEASE_UNITS/$unit" "$UNIT_DIR/$unit" 644
        elif [[ ! -d $release/app/companion/system ]]; then
            install_text "$(sed 's/-m companion\.system\./-m companion./' \
                "$SOURCE/systemd/$unit")" "$UNIT_DIR/$unit" 644
        fi
    done
    if ((ROOT_MODE)); then
        skipped "systemctl daemon-reload (--root)"
    else
        systemctl daemon-reload
    fi
}

if ((ROLLBACK)); then
    echo "Rolling the companion back:"
    from=$(readlink "$APP_DIR/current")
    to=$(readlink "$APP_DIR/previous")
    swap_link "$to" "$APP_DIR/current"
    swap_link "$from" "$APP_DIR/previous"
    changed "$APP_DIR/current -> $to (the release before; $from is now previous)"
    units_of_release "$to"
    echo "companion-update asks before it switches to a newer release again."
    restart_if_running
    exit 0
fi

if ((UPDATE)); then
    echo "Updating the checkout $SOURCE:"
    owner=$(stat -c %U "$SOURCE")
    # As the checkout's owner: git refuses a repository of another user to root.
    owner_git() {
        if [[ $owner == root ]]; then
            git -C "$SOURCE" "$@"
        else
            runuser -u "$owner" -- git -C "$SOURCE" "$@"
        fi
    }
    # A commit with the tags that name it, or its place after the nearest tag.
    describe() {
        owner_git describe --tags --always "$1" 2>/dev/null || echo "${1:0:12}"
    }
    before=$(owner_git rev-parse HEAD)
    if [[ -n $(owner_git remote) ]]; then
        owner_git fetch --quiet --tags ||
            fail "could not fetch from the checkout's remote ($(owner_git remote get-url \
"$(owner_git remote | head -n 1)")): nothing changed; check the network and try again"
    fi
    if [[ -n $UPDATE_TO ]]; then
        target=$(owner_git rev-parse --verify --quiet "$UPDATE_TO^{commit}") ||
            fail "no tag or commit \"$UPDATE_TO\" in $SOURCE; the commits: git -C $SOURCE" \
                "log --oneline --all (the tags, if any: git -C $SOURCE tag)"
        name=$UPDATE_TO
    elif name=$(owner_git rev-parse --abbrev-ref --symbolic-full-name '@{upstream}' \
        2>/dev/null); then
        target=$(owner_git rev-parse "$name^{commit}")
    else
        newest=$(owner_git tag --sort=-creatordate | head -n 5 | tr '\n' ' ')
        # Without tags, the newest commit of the branch the clone came from.
        example=${newest%% *}
        [[ -n $example ]] || example=$(owner_git rev-parse --short --verify --quiet \
            'refs/remotes/origin/HEAD^{commit}' || echo COMMIT)
        fail "the checkout is at $(describe "$before") and follows no branch: name the" \
            "tag or commit to update to, e.g. companion-update $example" \
            "${newest:+(newest tags: $newest)}"
    fi
    # What runs is compared with, not the checkout: after a rollback the checkout is still
    # at the newer commit, and installing it would switch the release back unasked.
    running_release=$(readlink "$APP_DIR/current" 2>/dev/null || true)
    running=$before running_note=""
    if ((BUILD_APP)) && [[ -n $running_release ]] && command -v python3 >/dev/null &&
        [[ ${running_release##*/} != "$(source_digest)" ]]; then
        recorded=$(cat "$running_release/$RELEASE_COMMIT" 2>/dev/null || true)
        if [[ -n $recorded ]] && owner_git cat-file -e "$recorded^{commit}" 2>/dev/null; then
            running=$recorded
            running_note="the companion runs $(describe "$running") ($running_release)"
        else
            running="" running_note="the companion runs $running_release"
        fi
        running_note+=", not the checkout's $(describe "$before") (a rollback?)"
    fi
    move_checkout() {
        [[ $target != "$before" ]] || return 0
        local branch
        branch=$(owner_git symbolic-ref --quiet --short HEAD || true)
        if [[ -z $UPDATE_TO && -n $branch ]]; then
            owner_git merge --ff-only --quiet "$target" ||
                fail "the checkout's branch $branch has commits of its own: nothing changed"
        else
            owner_git -c advice.detachedHead=false checkout --quiet "$target" ||
                fail "git could not move the checkout (changes of yours in it?" \
                    "git -C $SOURCE status): nothing changed"
        fi
        echo "  changed    checkout $(describe "$before") -> $(describe "$target")"
    }
    if [[ $target == "$running" && $target == "$before" ]]; then
        echo "  unchanged  checkout at $(describe "$before") ($name has nothing newer)"
    elif [[ $target == "$running" ]]; then
        move_checkout  # to what runs: nothing is switched, so nothing to ask
    else
        log_from=${running:-$before}
        echo "From $(describe "$log_from") to $(describe "$target") ($name):"
        [[ -z $running_note ]] || echo "  ($running_note)"
        ahead=$(owner_git rev-list --count "$log_from..$target")
        behind=$(owner_git rev-list --count "$target..$log_from")
        if ((ahead)); then
            echo "  $ahead new commit(s):"
            owner_git log --no-decorate --format='    %h %s' "$log_from..$target" | head -n 20
            ((ahead <= 20)) || echo "    ... and $((ahead - 20)) more"
        fi
        if ((behind)); then
            echo "  $behind commit(s) of the running version left out (going back):"
            owner_git log --no-decorate --format='    %h %s' "$target..$log_from" | head -n 20
        fi
        echo "  files: $(owner_git diff --shortstat "$log_from" "$target")"
        owner_git diff --stat=72 "$log_from" "$target" -- systemd/ pyproject.toml |
            sed -n 's/^ \(.*|.*\)/    \1/p'
        stays=${running:+$(describe "$running")}
        stays=${stays:-$running_release}
        if ((!ASSUME_YES)); then
            printf 'Update to %s? [y/N] ' "$(describe "$target")"
            if ! read -r answer; then
                echo
                fail "no answer (no terminal): nothing changed, the companion stays at" \
                    "$stays. To update without the question:" \
                    "companion-update ${UPDATE_TO:+$UPDATE_TO }--yes"
            fi
            case $answer in
                y | Y | yes | Yes) ;;
                *) echo "Nothing changed: the companion stays at $stays."
                   exit 0 ;;
            esac
        fi
        move_checkout
    fi
    # The new checkout may have changed this very script: the new one installs. It is told
    # where the checkout was, to say how to go back if the release cannot be built.
    again=(--source "$SOURCE")
    ((!ROOT_MODE)) || again+=(--root "$ROOT")
    ((!APP_DIR_GIVEN)) || again+=(--app-dir "$APP_DIR")
    COMPANION_UPDATED_FROM=$before exec "$SOURCE/systemd/install.sh" "${again[@]}"
fi

# ------------------------------------------------------------------- apt

package_installed() {
    dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

echo "Installing the companion${ROOT:+ under $ROOT}${BOARD_MODEL:+ on a $BOARD_MODEL}:"

if ((ROOT_MODE)); then
    skipped "apt packages (--root: install them on the Pi itself)"
elif ((SKIP_APT)); then
    skipped "apt packages (--skip-apt)"
elif ! command -v dpkg-query >/dev/null; then
    skipped "apt packages (no dpkg here)"
else
    wanted=("${APT_PACKAGES[@]}")
    if ((BOARD_IS_PI)); then
        wanted+=("${APT_PACKAGES_PI[@]}")
    fi
    missing=()
    for package in "${wanted[@]}"; do
        package_installed "$package" || missing+=("$package")
    done
    if ((${#missing[@]} == 0)); then
        unchanged "apt packages ${wanted[*]}"
    else
        DEBIAN_FRONTEND=noninteractive apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
            "${missing[@]}" >/dev/null
        changed "installed apt packages ${missing[*]}"
    fi
    ((BOARD_IS_PI)) || skipped "apt packages ${APT_PACKAGES_PI[*]} (not a Raspberry Pi)"
fi
if ((BUILD_APP)); then
    command -v python3 >/dev/null || fail "python3 is missing (sudo apt install python3-venv)"
fi

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

UNITS_CHANGED=0
for unit in "$UNIT_NAME" "${HELPER_UNITS[@]}"; do
    install_file "$SOURCE/systemd/$unit" "$UNIT_DIR/$unit" 644
    ((LAST_CHANGED == 0)) || UNITS_CHANGED=1
done
install_file "$SOURCE/systemd/companion-recover" "$RECOVER_SCRIPT_PATH" 755

for unit in "${MASKED_UNITS[@]}"; do
    link=$ROOT$UNIT_DIR/$unit
    if [[ -L $link && $(readlink "$link") == /dev/null ]]; then
        unchanged "$unit is masked"
    elif [[ -e $link || -L $link ]]; then
        skipped "masking $unit: $UNIT_DIR/$unit is a file of yours (remove it, run again)"
    else
        mkdir -p "$ROOT$UNIT_DIR"
        ln -s /dev/null "$link"
        changed "masked $unit (the companion keeps tty1)"
        UNITS_CHANGED=1
    fi
done

if [[ -e $ROOT$CONFIG_PATH ]]; then
    unchanged "$CONFIG_PATH (yours: never overwritten)"
elif [[ -f $SOURCE/hardware/devices.example.toml ]]; then
    config=$(sed -E "s#^port = \"/dev/serial0\"#port = \"$BOARD_SERIAL_PORT\"#" \
        "$SOURCE/hardware/devices.example.toml")
    install_text "$config" "$CONFIG_PATH" 644
    printf '             (from hardware/devices.example.toml; reader port %s)\n' \
        "$BOARD_SERIAL_PORT"
else
    skipped "$CONFIG_PATH (no hardware/devices.example.toml in $SOURCE)"
fi

install_file "$SOURCE/systemd/50-companion.rules" "$POLKIT_PATH" 644
# Without polkitd the rule is a file nobody reads: the menu's power-off is refused.
if [[ ! -x $ROOT/usr/lib/polkit-1/polkitd && ! -x $ROOT/usr/libexec/polkitd ]]; then
    skipped "polkit: polkitd is not installed${ROOT:+ under $ROOT}, so the rule does" \
        "nothing and the menu cannot switch the Pi off (sudo apt install polkitd)"
fi
UDEV_CHANGED=0
if [[ -f $SOURCE/hardware/99-companion.rules ]]; then
    install_file "$SOURCE/hardware/99-companion.rules" "$UDEV_PATH" 644
    UDEV_CHANGED=$LAST_CHANGED
else
    skipped "$UDEV_PATH (no hardware/99-companion.rules in $SOURCE)"
fi

WATCHDOG_CHANGED=0
if [[ -f $SOURCE/systemd/companion-watchdog.conf ]]; then
    install_file "$SOURCE/systemd/companion-watchdog.conf" "$WATCHDOG_PATH" 644
    WATCHDOG_CHANGED=$LAST_CHANGED
fi

install_text "#!/bin/sh
# Update the companion from its checkout: fetch, show what would change, ask, then
# install and restart. \"companion-update v1.2\" goes to that tag (or commit);
# \"companion-update --rollback\" back to the release before. Written by install.sh.
case \"\${1-}\" in
    --rollback | -h | --help) exec \"$SOURCE/systemd/install.sh\" --source \"$SOURCE\" \"\$@\" ;;
esac
exec \"$SOURCE/systemd/install.sh\" --source \"$SOURCE\" --update \"\$@\"" "$UPDATE_PATH" 755

# ------------------------------------------------------------ app release

# Build one release: a venv, the locked dependencies, the app's code, its bytecode.
build_release() {
    local release=$1 python site
    python3 -I -m venv --system-site-packages "$release"
    python=$release/bin/python
    "$python" -I -m pip install --disable-pip-version-check --quiet --no-input \
        --require-hashes --no-deps --only-binary :all: -r "$SOURCE/systemd/requirements.txt"
    mkdir -p "$release/app"
    (cd "$SOURCE" && find companion -type f ! -name '*.pyc' ! -name '*.mo' \
        ! -path '*/__pycache__/*' -print0 | xargs -0 cp --parents -t "$release/app")
    site=$("$python" -I -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
    printf '%s\n' "$release/app" >"$site/companion-app.pth"
    printf '#!%s\nimport sys\n\nfrom companion.cli import main\n\nsys.exit(main())\n' \
        "$python" >"$release/bin/companion"
    chmod 755 "$release/bin/companion"
    # The service's file system is read-only: compile now, or every start compiles anew
    # (the bytecode, and the translations' .mo catalogs from their .po). -I: the
    # companion imported here is the release's (its .pth), never the checkout's.
    "$python" -I -m compileall -q -j 0 "$release/app" "$site" >/dev/null
    "$python" -I -m companion.locale.build >/dev/null
}

# A build that fails (pip without a network, a full card) ends the script: say what that
# means for the Pi and what to do, not only pip's words.
BUILDING=""
release_failed() {
    local status=$?
    ((status != 0)) && [[ -n $BUILDING ]] || return 0
    rm -rf "$BUILDING"
    {
        echo
        echo "install.sh: the new release could not be built (the lines above say why)."
        if [[ -n $current ]]; then
            echo "Nothing was switched: the companion still runs the release before,"
            echo "  $current"
        else
            echo "No release is installed yet."
        fi
        echo "Check the network (pip fetches the locked set from PyPI) and the free space"
        echo "(df -h $APP_DIR), then run it again: sudo companion-update"
        if [[ -n ${COMPANION_UPDATED_FROM:-} ]]; then
            echo "The checkout is already at the new version; to put it back where it was:"
            echo "  git -C $SOURCE checkout ${COMPANION_UPDATED_FROM:0:12}"
        fi
    } >&2
}
trap release_failed EXIT

APP_CHANGED=0
if ((SKIP_VENV)); then
    skipped "app release in $APP_DIR (--skip-venv)"
elif ((!BUILD_APP)); then
    skipped "app release in $APP_DIR (--root: install it on the Pi itself)"
else
    if [[ -f $APP_DIR/pyvenv.cfg ]]; then
        # The first installer's venv was /opt/companion itself.
        rm -rf "${APP_DIR:?}"/{bin,lib,lib64,include,share,pyvenv.cfg,.companion-source}
        changed "removed the old venv in $APP_DIR (releases now live in $APP_DIR/releases)"
    fi
    digest=$(source_digest)
    release=$APP_DIR/releases/$digest
    current=$(readlink "$APP_DIR/current" 2>/dev/null || true)
    if [[ $current == "$release" && -f $release/.complete ]]; then
        unchanged "app release $release"
    else
        if [[ ! -f $release/.complete ]]; then
            rm -rf "$release"
            mkdir -p "$APP_DIR/releases"
            BUILDING=$release
            build_release "$release"
            touch "$release/.complete"
            BUILDING=""
        fi
        if [[ -n $current && $current != "$release" ]]; then
            swap_link "$current" "$APP_DIR/previous"
        fi
        swap_link "$release" "$APP_DIR/current"
        changed "app release $release (the locked set)${current:+; the one before kept}"
        APP_CHANGED=1
        # Keep the release in use and the one before; drop older ones.
        kept=$(readlink "$APP_DIR/previous" 2>/dev/null || true)
        for old in "$APP_DIR"/releases/*; do
            [[ $old == "$release" || $old == "$kept" ]] || rm -rf "$old"
        done
    fi
    # The commit this release now stands for (another commit may share its digest).
    commit=$(checkout_commit)
    if [[ -n $commit && $commit != "$(cat "$release/$RELEASE_COMMIT" 2>/dev/null)" ]]; then
        printf '%s\n' "$commit" >"$release/$RELEASE_COMMIT"
    fi
    keep_units_with_release "$release"
fi

# The command for the owner (companion doctor, companion nfc), from the current release.
if ((!ROOT_MODE && !SKIP_VENV)); then
    if [[ $(readlink "$COMMAND_LINK" 2>/dev/null) == "$APP_DIR/current/bin/companion" ]]; then
        unchanged "$COMMAND_LINK"
    elif [[ -e $COMMAND_LINK && ! -L $COMMAND_LINK ]]; then
        skipped "$COMMAND_LINK: a file of yours is there"
    else
        ln -sfn "$APP_DIR/current/bin/companion" "$COMMAND_LINK"
        changed "linked $COMMAND_LINK to the current release"
    fi
fi

# ------------------------------------------------------------ enable unit

if ((ROOT_MODE)); then
    for pair in "multi-user.target.wants $UNIT_NAME" "sockets.target.wants $BACKLIGHT_SOCKET"; do
        wants=$ROOT$UNIT_DIR/${pair% *} unit=${pair#* }
        if [[ -L $wants/$unit ]]; then
            unchanged "$unit is enabled"
        else
            mkdir -p "$wants"
            ln -s "$UNIT_DIR/$unit" "$wants/$unit"
            changed "enabled $unit (${pair% *})"
        fi
    done
else
    # Always, not only on a change: a run that stopped half-way may have left a changed
    # unit on disk that systemd has not loaded.
    systemctl daemon-reload
    if systemctl --quiet is-enabled "$UNIT_NAME" 2>/dev/null; then
        unchanged "$UNIT_NAME is enabled"
    else
        systemctl --quiet enable "$UNIT_NAME"
        changed "enabled $UNIT_NAME (starts at boot)"
    fi
    if systemctl --quiet is-enabled "$BACKLIGHT_SOCKET" 2>/dev/null &&
        systemctl --quiet is-active "$BACKLIGHT_SOCKET"; then
        unchanged "$BACKLIGHT_SOCKET is enabled and listening"
    else
        systemctl --quiet enable --now "$BACKLIGHT_SOCKET"
        changed "enabled $BACKLIGHT_SOCKET (the backlight helper's socket)"
    fi
    if ((WATCHDOG_CHANGED)); then
        # The manager reads RuntimeWatchdogSec= when it starts.
        systemctl daemon-reexec
    fi
    if ((UDEV_CHANGED)); then
        if udevadm control --reload-rules 2>/dev/null; then
            udevadm trigger --subsystem-match=tty
        else
            skipped "reloading the udev rules (udevd is not running; they apply at boot)"
        fi
    fi
    if ((UNITS_CHANGED || APP_CHANGED)); then
        RESTART_NEEDED=1
    fi
fi

# -------------------------------------------------------------------- UART

config_has() {
    grep -Eq "^[[:space:]]*$1[[:space:]]*$" "$BOOT_DIR/config.txt"
}

# config.txt sets every line the UART needs on this model.
uart_configured() {
    local line
    for line in $BOARD_UART_CONFIG; do
        config_has "$line" || return 1
    done
}

# cmdline.txt without a serial console on it.
without_serial_console() {
    sed -E 's/(^|[[:space:]]+)console=(serial[0-9]+|ttyAMA[0-9]+|ttyS[0-9]+)(,[^[:space:]]*)?//g
        s/^[[:space:]]+//' "$BOOT_DIR/cmdline.txt"
}

if ((ENABLE_UART)); then
    config=$BOOT_DIR/config.txt
    cmdline=$BOOT_DIR/cmdline.txt
    for line in $BOARD_UART_CONFIG; do
        if config_has "$line"; then
            unchanged "${config#"$ROOT"}: $line"
        else
            # Appended under [all], so it holds for every model; later lines win.
            printf '\n[all]\n# serial NFC reader on GPIO 14/15 (companion install.sh)\n%s\n' \
                "$line" >>"$config"
            changed "${config#"$ROOT"}: $line (the reader is on $BOARD_SERIAL_PORT)"
            NEEDS_REBOOT=1
        fi
    done
    current=$(cat "$cmdline")
    without_console=$(without_serial_console)
    if [[ $without_console == "$current" ]]; then
        unchanged "${cmdline#"$ROOT"}: no serial console"
    else
        printf '%s\n' "$without_console" >"$cmdline"
        changed "${cmdline#"$ROOT"}: removed the serial console (the reader needs the UART)"
        NEEDS_REBOOT=1
    fi
elif [[ -n $BOOT_DIR && -f $BOOT_DIR/cmdline.txt ]] && uart_configured &&
    [[ $(without_serial_console) == "$(cat "$BOOT_DIR/cmdline.txt")" ]]; then
    # An update (companion-update passes no --enable-uart) of an install that has it.
    unchanged "UART on GPIO 14/15 for a serial NFC reader (enabled before)"
else
    skipped "UART (pass --enable-uart for a serial NFC reader on GPIO 14/15)"
fi

# ---------------------------------------------------------------- summary

if ((CHANGES == 0)); then
    echo "Nothing to change: the companion is already installed${ROOT:+ under $ROOT}."
else
    echo "$CHANGES change(s) made."
fi
if ((!ROOT_MODE)); then
    if ((NEEDS_REBOOT)); then
        echo "Reboot to apply the UART settings: sudo reboot"
    elif ((RESTART_NEEDED)); then
        restart_if_running
    fi
fi
