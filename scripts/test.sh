#!/usr/bin/env bash
# Installs what is missing, then runs the unit, property and corpus-replay tests.
# Arguments go to `swift test` (e.g. --filter BouncerTests). The build refuses a target that imports
# a module it does not declare (so the conformance kit cannot import a protocol module).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
exec swift test --explicit-target-dependency-import-check error "$@"
