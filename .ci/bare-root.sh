#!/usr/bin/env bash
# Build (once) a bare Debian 12 root and print its path: what a newcomer's freshly installed
# machine has, Python and uv and nothing else (no fontconfig, no fonts, no gettext, no
# compilers, no git). Cached under $COMPANION_CI_CACHE (default /var/cache/companion-ci),
# keyed by the mirror, the package list and LAYOUT (raise it when the steps below change).
# Needs root, debootstrap and the package registries.
set -euo pipefail

LAYOUT=1
SUITE=bookworm
MIRROR=${COMPANION_CI_MIRROR:-http://deb.debian.org/debian}
CACHE=${COMPANION_CI_CACHE:-/var/cache/companion-ci}
# Python from Debian (uv cannot download one here), venv to install uv with pip, and the
# certificates to reach the registries
PACKAGES=python3,python3-venv,ca-certificates

key=$(echo "$LAYOUT $SUITE $MIRROR $PACKAGES" | sha256sum | cut -c1-16)
target=$CACHE/bare-$SUITE-$key
if [[ -x $target/usr/local/bin/uv ]]; then
    touch "$target"
    echo "$target"
    exit 0
fi

mkdir -p "$CACHE"
exec 9>"$CACHE/.lock-bare-$SUITE"
flock 9
if [[ ! -x $target/usr/local/bin/uv ]]; then
    partial=$target.partial
    rm -rf --one-file-system "$partial"
    echo "bare-root.sh: building $target with debootstrap (takes a few minutes once)" >&2
    debootstrap --variant=minbase --include="$PACKAGES" "$SUITE" "$partial" "$MIRROR" >&2
    # uv as its own installer would put it: one binary on the PATH, from PyPI through pip in
    # a throw-away venv. The host's CA bundle stands in for Debian's (the same list, plus
    # what a TLS-inspecting proxy on the way to the registries needs); .ci/bare-machine
    # binds it again at every run.
    cp /etc/resolv.conf "$partial/etc/resolv.conf"
    cp "${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}" \
        "$partial/etc/ssl/certs/ca-certificates.crt"
    inside=(env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 chroot "$partial")
    "${inside[@]}" python3 -m venv /tmp/uv-venv >&2
    "${inside[@]}" /tmp/uv-venv/bin/pip install --quiet --disable-pip-version-check uv >&2
    cp "$partial/tmp/uv-venv/bin/uv" "$partial/usr/local/bin/uv"
    rm -rf "$partial/tmp/uv-venv" "$partial"/var/cache/apt/archives/*.deb \
        "$partial"/var/lib/apt/lists/*
    echo companion-bare >"$partial/etc/hostname"
    mv "$partial" "$target"
    find "$CACHE" -maxdepth 1 -name "bare-$SUITE-*" ! -name "bare-$SUITE-$key" \
        ! -name '*.partial' -mtime +7 -exec rm -rf --one-file-system {} + 2>/dev/null || true
fi
echo "$target"
