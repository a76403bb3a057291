#!/usr/bin/env bash
# Installs Debian packages, waiting for another apt or dpkg run instead of failing on its lock:
#   scripts/apt-install.sh PACKAGE...
# dpkg's lock is waited for by apt itself (DPkg::Lock::Timeout); the package lists' lock, which
# `apt-get update` takes and that option does not cover, by trying again for up to ten minutes.
# Every script that installs a system package goes through here (bootstrap, protoc, zip).
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: $0 PACKAGE..." >&2; exit 2; }
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
lock=(-o DPkg::Lock::Timeout=600)
retry() {
    local deadline=$((SECONDS + 600))
    until $sudo apt-get "${lock[@]}" "$@"; do
        if [ $SECONDS -ge $deadline ]; then
            echo "apt-install: apt-get $1 still failing after ten minutes" >&2
            return 1
        fi
        echo "apt-install: apt-get $1 failed (another package manager running?); trying again in 10 s" >&2
        sleep 10
    done
}
retry update -qq
retry install -y -qq "$@" >/dev/null
