#!/usr/bin/env bash
# Checks the release artefacts where no Swift toolchain is (docs/release.md):
#   scripts/check-release.sh OUTDIR      (OUTDIR: what scripts/release.sh wrote)
#
# Outside: a fresh venv gets the wheel and the Python implementation's libraries (PyPI). Inside a
# mount namespace whose Swift toolchain folder is hidden under an empty tmpfs, each command runs
# with an empty environment from an empty folder:
# - the tarball's binary passes every vector, and refuses altered vectors, a wrong digest and an
#   unknown --vectors folder with one line and exit status 2;
# - the wheel's `pushproof` passes every vector, and drives the Python implementation through the
#   wheel's adapter kit;
# - the kits and starters as each artefact ships them (docs/release.md, "Kits and starters"): the
#   tarball's starters/ beside its kits/, run with a Python that has no pushproof installed and
#   with Node; the folder `python -m pushproof.starter` writes from the installed wheel, which
#   must hold the same files as the tarball; and an example copied alone, which uses the wheel's
#   kit. The starters are skipped on every vector with no failure, and each example passes every
#   registration.tokenId vector.
# Needs root (unshare -m), Node, and the floors below, which are .ci/run's.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 OUTDIR" >&2; exit 2; }
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$(cd "$1" && pwd)"
min_reference=${PUSHPROOF_MIN_REFERENCE:-3541}
min_python=${PUSHPROOF_MIN_PYTHON:-3445}

tarballs=("$out"/pushproof-*-linux-x86_64.tar.gz)
wheels=("$out"/pushproof-*-py3-none-manylinux_*_x86_64.whl)
[ ${#tarballs[@]} -eq 1 ] && [ -f "${tarballs[0]}" ] || { echo "check-release: no single tarball in $out" >&2; exit 1; }
[ ${#wheels[@]} -eq 1 ] && [ -f "${wheels[0]}" ] || { echo "check-release: no single wheel in $out" >&2; exit 1; }
(cd "$out" && sha256sum --quiet -c SHA256SUMS)

toolchain="$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")"
python="$(readlink -f "$(command -v python3)")"
node="$(command -v node || true)"
[ -n "$node" ] || { echo "check-release: no node: the JavaScript kit and starters cannot be checked" >&2; exit 1; }
work="$(mktemp -d /tmp/pushproof-release-check.XXXXXX)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/empty" "$work/reports"
tar -xzf "${tarballs[0]}" -C "$work"
bundle="$(echo "$work"/pushproof-*-linux-x86_64)"
(cd "$bundle" && sha256sum --quiet -c SHA256SUMS)
"$python" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet --disable-pip-version-check "${wheels[0]}" \
    -r "$root/adapters/python/requirements.txt"
# A Python without pushproof: the tarball's starters must find the kit beside them.
"$python" -m venv "$work/plain"
# The Python implementation, copied out of the checkout (whose python/ holds the kit's source):
# it finds the kit in the venv, the wheel's.
cp -r "$root/adapters/python" "$work/impl"
rm -rf "$work/impl/__pycache__" "$work/impl/pushproof_py/__pycache__"
# The examples pass every registration.tokenId vector, and run nothing else.
token_tests=$("$work/venv/bin/python" -c 'import json, sys
groups = json.load(open(sys.argv[1]))["testGroups"]
print(sum(len(g["tests"]) for g in groups if g["operation"] == "registration.tokenId"))' "$bundle/vectors/registration_client_test.json")
[ "$token_tests" -gt 0 ] || { echo "check-release: no registration.tokenId vectors" >&2; exit 1; }
# Every .md the shipped docs refer to ships too.
"$python" "$root/scripts/check-doc-links.py" "$bundle"
cp -r "$bundle" "$work/altered"
printf ' ' >>"$work/altered/vectors/explode_codec_test.json"

cat >"$work/inside.sh" <<EOF
set -euo pipefail
cd "$work/empty"
export PATH=/usr/bin:/bin
fail() { echo "check-release: \$*" >&2; exit 1; }
[ ! -e "$toolchain/usr/bin/swift" ] || fail "the toolchain is still visible at $toolchain"
clean() { env -i "\$@"; }
report() { clean "$work/venv/bin/python" "$root/scripts/check-report.py" "\$@"; }
# refused EXPECTED_TEXT COMMAND...: exit status 2 and one line on stderr holding the text.
refused() {
    local want="\$1"; shift
    local status=0
    clean "\$@" >"$work/reports/out.txt" 2>"$work/reports/err.txt" || status=\$?
    [ "\$status" -eq 2 ] || fail "\$* exited \$status, not 2"
    [ "\$(wc -l <"$work/reports/err.txt")" -eq 1 ] || fail "\$*: not one line: \$(cat "$work/reports/err.txt")"
    grep -qF -- "\$want" "$work/reports/err.txt" || fail "\$*: \$(cat "$work/reports/err.txt")"
    echo "refused as it should: \$(cat "$work/reports/err.txt")"
}

echo "== the tarball's binary, toolchain hidden, empty environment, from an empty folder"
clean "$bundle/pushproof" --version | tee "$work/reports/version.txt"
grep -q "^vectors shipped with this binary: $bundle/vectors " "$work/reports/version.txt" || fail "--version did not name the shipped vectors"
digest=\$(sed -n 's/.*sha256:\([0-9a-f]*\)).*/\1/p' "$work/reports/version.txt")
clean "$bundle/pushproof" run --expect-digest "sha256:\$digest" --json "$work/reports/tarball.json" | sed -n '1p;\$p'
report "$work/reports/tarball.json" --min-passed $min_reference --max-skipped 0
refused "do not match their SHA256SUMS: explode_codec_test.json changed" "$work/altered/pushproof" run
refused "not the expected sha256:" "$bundle/pushproof" run --expect-digest "sha256:\$(printf '0%.0s' \$(seq 64))"
refused "no vector folder at /nonexistent/vectors" "$bundle/pushproof" run --vectors /nonexistent/vectors

echo "== the wheel's pushproof"
clean "$work/venv/bin/pushproof" --version | tee "$work/reports/wheel-version.txt"
grep -q "^vectors shipped with this binary: .*/site-packages/pushproof/vectors " "$work/reports/wheel-version.txt" || fail "the wheel's --version did not name its vectors"
grep -q "sha256:\$digest)" "$work/reports/wheel-version.txt" || fail "the wheel's vectors are not the tarball's"
clean "$work/venv/bin/pushproof" run --json "$work/reports/wheel.json" | sed -n '1p;\$p'
report "$work/reports/wheel.json" --min-passed $min_reference --max-skipped 0
kit=\$(cd "$work/impl" && clean "$work/venv/bin/python" -c 'import sys; sys.path.insert(0, "."); import pushproof.adapter as k; print(k.__file__)')
case "\$kit" in "$work/venv/"*) ;; *) fail "the Python implementation would use the kit at \$kit, not the wheel's" ;; esac
clean "$work/venv/bin/pushproof" run --impl "$work/venv/bin/python $work/impl/adapter.py" --json "$work/reports/python.json" | sed -n '1p;\$p'
report "$work/reports/python.json" --min-passed $min_python

# A run in which every vector is skipped (a starter's) fails unless --allow-empty.
allow_empty=--allow-empty
# starters BIN PYTHON DIR LABEL: DIR's starters skip every vector, its examples pass every
# registration.tokenId vector, under BIN.
starters() {
    local bin="\$1" python="\$2" dir="\$3" label="\$4"
    local impl
    for impl in "\$python \$dir/starter.py" "$node \$dir/starter.js"; do
        clean "\$bin" run \$allow_empty --impl "\$impl" --json "$work/reports/\$label.json" | sed -n '\$p'
        report "$work/reports/\$label.json" --min-passed 0 --max-passed 0 --min-skipped $min_reference
    done
    for impl in "\$python \$dir/example_token_id.py" "$node \$dir/example_token_id.js"; do
        clean "\$bin" run --impl "\$impl" --file registration_client --json "$work/reports/\$label.json" | sed -n '\$p'
        report "$work/reports/\$label.json" --min-passed $token_tests --max-passed $token_tests
    done
}

echo "== the tarball's kits and starters: plain python3 (no pushproof installed) and node, as shipped"
if clean "$work/plain/bin/python" -c "import pushproof" 2>/dev/null; then fail "the plain venv imports pushproof"; fi
starters "$bundle/pushproof" "$work/plain/bin/python" "$bundle/starters" tarball-starters

echo "== the wheel's kits and starters: python -m pushproof.starter writes the tarball's files"
clean "$work/venv/bin/python" -m pushproof.starter "$work/from-wheel" >/dev/null
diff -r -x __pycache__ "$bundle/kits" "$work/from-wheel/kits" || fail "the wheel's kits differ from the tarball's"
diff -r -x __pycache__ "$bundle/starters" "$work/from-wheel/starters" || fail "the wheel's starters differ from the tarball's"
starters "$work/venv/bin/pushproof" "$work/venv/bin/python" "$work/from-wheel/starters" wheel-starters
# An example copied alone into a project: no kit beside it, so it takes the wheel's.
mkdir -p "$work/alone"
cp "$work/from-wheel/starters/example_token_id.py" "$work/alone/"
clean "$work/venv/bin/pushproof" run --impl "$work/venv/bin/python $work/alone/example_token_id.py" --file registration_client --json "$work/reports/alone.json" | sed -n '\$p'
report "$work/reports/alone.json" --min-passed $token_tests --max-passed $token_tests
echo "== release checked without the toolchain"
EOF
unshare -m -- /bin/bash -c "mount -t tmpfs none '$toolchain' && exec env -i /bin/bash '$work/inside.sh'"
