#!/usr/bin/env bash
# Build (once) a Debian root file system for the systemd container test and print its
# path: `rootfs.sh [bookworm|trixie]`. Cached under $COMPANION_CI_CACHE (default
# /var/cache/companion-ci), keyed by the suite, the mirror, the package list and
# LAYOUT (raise it when the steps below change), so a changed list builds anew and an
# unchanged one costs nothing. Needs root and debootstrap.
set -euo pipefail

SUITE=${1:-bookworm}
LAYOUT=1
MIRROR=${COMPANION_CI_MIRROR:-http://deb.debian.org/debian}
CACHE=${COMPANION_CI_CACHE:-/var/cache/companion-ci}
# systemd as PID 1, the bus and polkit (the power-off rule), Python for the venv,
# the libraries SDL's kmsdrm driver loads, the fonts, and certificates for PyPI: the
# apt packages install.sh wants, so it finds them there and needs no apt mirror; git for
# companion-update.
PACKAGES=systemd,systemd-sysv,libpam-systemd,dbus,polkitd,python3,python3-venv,libgbm1,libegl1,libgles2,libdrm2,fontconfig,fonts-noto-core,fonts-noto-cjk,ca-certificates,git
case $SUITE in
    bookworm) ;;
    # udevadm for `udevadm verify` (systemd 254 and later).
    trixie) PACKAGES=$PACKAGES,udev ;;
    *) echo "rootfs.sh: unknown suite $SUITE (bookworm or trixie)" >&2; exit 2 ;;
esac

key=$(echo "$LAYOUT $SUITE $MIRROR $PACKAGES" | sha256sum | cut -c1-16)
target=$CACHE/rootfs-$SUITE-$key
if [[ -x $target/usr/lib/systemd/systemd ]]; then
    touch "$target"  # in use: kept by the pruning below
    echo "$target"
    exit 0
fi

mkdir -p "$CACHE"
exec 9>"$CACHE/.lock-$SUITE"
flock 9
if [[ ! -x $target/usr/lib/systemd/systemd ]]; then
    partial=$target.partial
    rm -rf "$partial"
    echo "rootfs.sh: building $target with debootstrap (takes a few minutes once)" >&2
    debootstrap --variant=minbase --include="$PACKAGES" "$SUITE" "$partial" "$MIRROR" >&2
    # The container is booted from a throw-away copy; keep the cached tree small and clean.
    rm -rf "$partial"/var/cache/apt/archives/*.deb "$partial"/var/lib/apt/lists/*
    echo companion-ci >"$partial/etc/hostname"
    mv "$partial" "$target"
    # Builds of other package lists unused for a week go; a newer one may still be in use
    # by a checkout of another branch on this machine.
    find "$CACHE" -maxdepth 1 -name "rootfs-$SUITE-*" ! -name "rootfs-$SUITE-$key" \
        ! -name '*.partial' -mtime +7 -exec rm -rf --one-file-system {} + 2>/dev/null || true
fi
echo "$target"
