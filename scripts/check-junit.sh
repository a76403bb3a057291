#!/usr/bin/env bash
# Checks JUnit reports (`pushproof run --junit FILE`) against the Jenkins xunit plugin's JUnit
# schema (Tests/PushProofConformanceTests/Resources/junit-10.xsd; its header says where it comes
# from), one line per file:
#
#   scripts/check-junit.sh FILE...
#
# Exits 1 when a file does not validate, 2 when it cannot check (no xmllint: Debian's package
# libxml2-utils).
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: $0 FILE..." >&2; exit 2; }
schema="$(cd "$(dirname "$0")/.." && pwd)/Tests/PushProofConformanceTests/Resources/junit-10.xsd"
command -v xmllint >/dev/null || {
    echo "check-junit: xmllint is not installed (Debian, Ubuntu: apt-get install -y libxml2-utils)" >&2
    exit 2
}
[ -f "$schema" ] || { echo "check-junit: no schema at $schema" >&2; exit 2; }

status=0
for file in "$@"; do
    if [ ! -s "$file" ]; then
        echo "$file: INVALID: missing or empty"
        status=1
        continue
    fi
    if errors="$(xmllint --noout --schema "$schema" "$file" 2>&1)"; then
        count() {
            local n
            n="$(xmllint --xpath "string(/testsuites/@$1)" "$file" 2>/dev/null || true)"
            echo "${n:-?}"
        }
        echo "$file: valid against junit-10.xsd ($(count tests) tests, $(count failures) failures, $(count errors) errors)"
    else
        # xmllint's first complaint, and how many there are (its last line names the file).
        found="$(grep -c -v ' fails to validate$' <<<"$errors" || true)"
        echo "$file: INVALID ($found errors): $(head -n 1 <<<"$errors")"
        status=1
    fi
done
exit "$status"
