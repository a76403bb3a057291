#!/usr/bin/env bash
# Installs what is missing, then runs the unit, property and corpus-replay tests.
# Arguments go to `swift test` (e.g. --filter BouncerTests).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
exec swift test "$@"
