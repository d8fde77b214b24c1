#!/usr/bin/env bash
# Build (once) a Debian Bookworm root file system for the systemd container test and
# print its path. Cached under $COMPANION_CI_CACHE (default /var/cache/companion-ci),
# keyed by the suite, the package list and this script, so a changed list builds anew
# and an unchanged one costs nothing. Needs root and debootstrap.
set -euo pipefail

SUITE=bookworm
MIRROR=${COMPANION_CI_MIRROR:-http://deb.debian.org/debian}
CACHE=${COMPANION_CI_CACHE:-/var/cache/companion-ci}
# systemd as PID 1, the bus and polkit (the power-off rule), Python for the venv,
# the libraries SDL's kmsdrm driver loads, the fonts, and certificates for PyPI: the
# apt packages install.sh wants, so it finds them there and needs no apt mirror.
PACKAGES=systemd,systemd-sysv,libpam-systemd,dbus,polkitd,python3,python3-venv,libgbm1,libegl1,libgles2,libdrm2,fontconfig,fonts-noto-core,fonts-noto-cjk,ca-certificates

key=$( { echo "$SUITE $MIRROR $PACKAGES"; cat "${BASH_SOURCE[0]}"; } | sha256sum | cut -c1-16)
target=$CACHE/rootfs-$SUITE-$key
if [[ -x $target/usr/lib/systemd/systemd ]]; then
    echo "$target"
    exit 0
fi

mkdir -p "$CACHE"
exec 9>"$CACHE/.lock"
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
    # Older builds of other package lists are no longer wanted.
    find "$CACHE" -maxdepth 1 -name "rootfs-$SUITE-*" ! -name "rootfs-$SUITE-$key" \
        -exec rm -rf {} + 2>/dev/null || true
fi
echo "$target"
