#!/usr/bin/env bash
# Installs the system libraries PushProof links against, if pkg-config cannot find them:
# libsodium, libsecp256k1 and OpenSSL's libcrypto (Debian: libsodium-dev libsecp256k1-dev libssl-dev),
# SQLite's headers, which the GRDB package builds against (libsqlite3-dev), and zlib (zlib1g-dev).
# Called by scripts/conformance.sh and scripts/test.sh; safe to run again.
set -euo pipefail

missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
for pair in libsodium:libsodium-dev libsecp256k1:libsecp256k1-dev libcrypto:libssl-dev sqlite3:libsqlite3-dev zlib:zlib1g-dev; do
    module=${pair%%:*} package=${pair##*:}
    if ! pkg-config --exists "$module" 2>/dev/null; then missing+=("$package"); fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "bootstrap: installing ${missing[*]}" >&2
exec "$(dirname "$0")/apt-install.sh" libsodium-dev libsecp256k1-dev libssl-dev libsqlite3-dev zlib1g-dev pkg-config
