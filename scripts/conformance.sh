#!/usr/bin/env bash
# The main job: installs what is missing, then runs every shipped vector against the reference
# implementation. Arguments go to `pushproof run` (e.g. --file registration_bouncer, --junit F).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
swift build --explicit-target-dependency-import-check error --product pushproof >&2
exec "$(swift build --show-bin-path)/pushproof" run "$@"
