#!/usr/bin/env bash
# Installs the system libraries PushProof links against, if pkg-config cannot find them:
# libsodium, libsecp256k1 and OpenSSL's libcrypto (Debian: libsodium-dev libsecp256k1-dev libssl-dev),
# SQLite's headers, which the GRDB package builds against (libsqlite3-dev), zlib (zlib1g-dev), and
# xmllint (libxml2-utils), with which the tests validate the JUnit reports against junit-10.xsd.
# Called by scripts/conformance.sh and scripts/test.sh; safe to run again.
set -euo pipefail

missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
for pair in libsodium:libsodium-dev libsecp256k1:libsecp256k1-dev libcrypto:libssl-dev sqlite3:libsqlite3-dev zlib:zlib1g-dev; do
    module=${pair%%:*} package=${pair##*:}
    if ! pkg-config --exists "$module" 2>/dev/null; then missing+=("$package"); fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "bootstrap: installing ${missing[*]}" >&2
exec "$(dirname "$0")/apt-install.sh" libsodium-dev libsecp256k1-dev libssl-dev libsqlite3-dev zlib1g-dev pkg-config \
    libxml2-utils
