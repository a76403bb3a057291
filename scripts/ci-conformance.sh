#!/usr/bin/env bash
# Runs PushProof's vectors against an implementation from a PushProof release, for CI: the one
# script behind the GitHub Action (action.yml) and the GitLab CI template
# (ci/gitlab/pushproof.gitlab-ci.yml). docs/ci.md is its manual.
#
#   scripts/ci-conformance.sh --impl "python3 my_adapter.py" \
#       --release pushproof-0.1.0-linux-x86_64.tar.gz
#   scripts/ci-conformance.sh --impl "./my-adapter" --version 0.1.0 \
#       --release-url https://example.org/pushproof --profile deployed \
#       --expected-failures known-failures.txt -- --timeout 5
#
# Each setting is an environment variable, or the option of the same name (the option wins):
#   PUSHPROOF_IMPL               --impl CMD        the adapter's command line (required)
#   PUSHPROOF_PROFILE            --profile P       profiles to run: commas, spaces or newlines
#                                                  between them; the option is repeatable
#   PUSHPROOF_EXPECTED_FAILURES  --expected-failures F   the known-failures list
#   PUSHPROOF_VERSION            --version V       the PushProof version: needed to download,
#                                                  else the release's version must be it
#   PUSHPROOF_RELEASE            --release PATH    the tarball, the extracted release folder, or
#                                                  a folder holding the tarball (release.sh's OUTDIR)
#   PUSHPROOF_RELEASE_URL        --release-url URL with no release: download
#                                                  URL/pushproof-V-linux-x86_64.tar.gz
#   PUSHPROOF_RELEASE_SHA256     --release-sha256 HEX   the tarball's own SHA-256, checked first
#   PUSHPROOF_EXPECT_DIGEST      --expect-digest D the vectors' digest (sha256:HEX)
#   PUSHPROOF_OUT                --out DIR         the reports' folder (default pushproof-results)
#   PUSHPROOF_ARGS               --args "..."      more `pushproof run` options, split like shell
#                                                  words (quotes; nothing expanded); also after --
#
# The release is checked before anything runs: the tarball against PUSHPROOF_RELEASE_SHA256, every
# file against the release's SHA256SUMS (`sha256sum -c`), the binary's version against
# PUSHPROOF_VERSION. Then, from the current folder:
#   pushproof run --impl CMD [--profile P]... [--expected-failures F] [--expect-digest D]
#       --junit OUT/pushproof.xml --json OUT/pushproof.json [ARGS...]
# with the text report also in OUT/pushproof.txt and the results page (`pushproof report`) in
# OUT/pushproof.html. The exit status is pushproof's (0 all passed, 1 a test failed or a listed
# test passed, 2 usage, vector or list error, 3 adapter failure, 4 nothing tested); a problem of
# this script's own (no release, a checksum that does not match, an unreadable tarball, no impl)
# is one line on stderr and exit status 2. Under GitHub Actions it also writes the step outputs
# (junit, json, text, html, digest, status) and a line of step summary.
set -euo pipefail

fail() {
    echo "ci-conformance: $*" >&2
    exit 2
}
note() { echo "ci-conformance: $*"; }
usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }

impl=${PUSHPROOF_IMPL:-}
profile_text=${PUSHPROOF_PROFILE:-}
expected_failures=${PUSHPROOF_EXPECTED_FAILURES:-}
version=${PUSHPROOF_VERSION:-}
release=${PUSHPROOF_RELEASE:-}
release_url=${PUSHPROOF_RELEASE_URL:-}
release_sha256=${PUSHPROOF_RELEASE_SHA256:-}
expect_digest=${PUSHPROOF_EXPECT_DIGEST:-}
out=${PUSHPROOF_OUT:-}
args_text=${PUSHPROOF_ARGS:-}
profile_options=()
extra=()

while [ $# -gt 0 ]; do
    case "$1" in
        -h | --help) usage; exit 0 ;;
        --) shift; extra+=("$@"); break ;;
        --impl | --profile | --expected-failures | --version | --release | --release-url | --release-sha256 | \
            --expect-digest | --out | --args)
            [ $# -ge 2 ] || fail "$1 needs a value"
            case "$1" in
                --impl) impl=$2 ;;
                --profile) profile_options+=("$2") ;;
                --expected-failures) expected_failures=$2 ;;
                --version) version=$2 ;;
                --release) release=$2 ;;
                --release-url) release_url=$2 ;;
                --release-sha256) release_sha256=$2 ;;
                --expect-digest) expect_digest=$2 ;;
                --out) out=$2 ;;
                --args) args_text=$2 ;;
            esac
            shift 2 ;;
        --*=*) set -- "${1%%=*}" "${1#*=}" "${@:2}" ;;
        *) fail "unknown option $1 (options for pushproof run go after --; see --help)" ;;
    esac
done
[ ${#profile_options[@]} -eq 0 ] || profile_text=${profile_options[*]}
out=${out:-pushproof-results}
trim() { local s=$1; s=${s#"${s%%[![:space:]]*}"}; printf '%s' "${s%"${s##*[![:space:]]}"}"; }
version=$(trim "$version")
release=$(trim "$release")
release_url=$(trim "$release_url")
release_sha256=$(trim "$release_sha256")
expect_digest=$(trim "$expect_digest")
expected_failures=$(trim "$expected_failures")

# What was asked, before any work.
[ -n "$(trim "$impl")" ] || fail "no implementation: set impl (PUSHPROOF_IMPL, --impl) to the adapter's command line"
if [ -n "$expected_failures" ] && [ ! -f "$expected_failures" ]; then
    fail "no expected-failures list at $expected_failures"
fi
if [ -n "$release_sha256" ]; then
    release_sha256=${release_sha256#sha256:}
    [[ "$release_sha256" =~ ^[0-9a-fA-F]{64}$ ]] || fail "release-sha256 is not 64 hex digits: $release_sha256"
fi
if [ -z "$release" ]; then
    [ -n "$release_url" ] || fail "no release: set release (a tarball or a release folder) or release-url and version"
    [ -n "$version" ] || fail "no version: release-url needs the version to download (pushproof-VERSION-linux-x86_64.tar.gz)"
elif [ ! -e "$release" ]; then
    fail "no release at $release"
fi
read -r -a profiles <<<"$(printf '%s' "$profile_text" | tr ',\n\t' '   ')"
split=()
if [ -n "$(trim "$args_text")" ]; then
    # Shell-like words without a shell: xargs honours quotes and backslashes and expands nothing.
    words=$(mktemp)
    if ! printf '%s' "$args_text" | xargs printf '%s\0' >"$words" 2>"$words.err"; then
        message=$(head -n 1 "$words.err")
        rm -f "$words" "$words.err"
        fail "cannot split args into words: $message"
    fi
    mapfile -d '' -t split <"$words"
    rm -f "$words" "$words.err"
fi
extra=("${split[@]}" "${extra[@]}")
system="$(uname -s) $(uname -m)"
[ "$system" = "Linux x86_64" ] || fail "a PushProof release runs on Linux x86_64, not $system"

work=$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/pushproof-ci.XXXXXX")
trap 'rm -rf "$work"' EXIT

first_line() { sed -n '/./{p;q}' "$1"; }

# The tarball: its own SHA-256 when given, then extracted into the scratch folder.
unpack() {
    local tarball=$1
    if [ -n "$release_sha256" ]; then
        local actual
        actual=$(sha256sum "$tarball" | cut -d' ' -f1)
        [ "$actual" = "${release_sha256,,}" ] ||
            fail "$tarball has SHA-256 $actual, not the release-sha256 $release_sha256"
    fi
    mkdir -p "$work/release"
    tar -xzf "$tarball" -C "$work/release" --no-same-owner 2>"$work/tar.err" ||
        fail "cannot read the tarball $tarball: $(first_line "$work/tar.err")"
    local entries=("$work"/release/*)
    if [ ${#entries[@]} -ne 1 ] || [ ! -f "${entries[0]}/pushproof" ]; then
        fail "the tarball $tarball does not hold one folder with pushproof in it (pushproof-VERSION-linux-x86_64/pushproof)"
    fi
    dir=${entries[0]}
    label=$tarball
    note "extracted $tarball"
}

dir="" label="" # label: the tarball, or the folder when no tarball was given
if [ -z "$release" ]; then
    name="pushproof-$version-linux-x86_64.tar.gz"
    url="${release_url%/}/$name"
    note "downloading $url"
    if command -v curl >/dev/null; then
        curl -fsSL --retry 3 -o "$work/$name" "$url" 2>"$work/download.err" ||
            fail "cannot download $url: $(first_line "$work/download.err")"
    elif command -v wget >/dev/null; then
        wget -q -O "$work/$name" "$url" 2>"$work/download.err" ||
            fail "cannot download $url: $(first_line "$work/download.err" || true)"
    else
        fail "cannot download $url: neither curl nor wget is installed"
    fi
    unpack "$work/$name"
elif [ -f "$release" ]; then
    unpack "$(cd "$(dirname "$release")" && pwd)/$(basename "$release")"
elif [ -f "$release/pushproof" ]; then
    dir=$(cd "$release" && pwd)
    label=$dir
else
    # A folder of release artefacts (scripts/release.sh's OUTDIR): its tarball, checked against the
    # folder's SHA256SUMS when that lists it.
    folder=$(cd "$release" && pwd)
    if [ -n "$version" ]; then
        tarballs=("$folder/pushproof-$version-linux-x86_64.tar.gz")
    else
        tarballs=("$folder"/pushproof-*-linux-x86_64.tar.gz)
    fi
    [ -f "${tarballs[0]}" ] || fail "no release in $release: no pushproof, and no ${tarballs[0]##*/}"
    [ ${#tarballs[@]} -eq 1 ] || fail "${#tarballs[@]} release tarballs in $release: set version to choose one"
    tarball=${tarballs[0]}
    if [ -f "$folder/SHA256SUMS" ] && grep -q "  ${tarball##*/}\$" "$folder/SHA256SUMS"; then
        (cd "$folder" && grep "  ${tarball##*/}\$" SHA256SUMS | sha256sum --quiet --strict -c >/dev/null 2>&1) ||
            fail "$tarball does not match $folder/SHA256SUMS"
    fi
    unpack "$tarball"
fi

# Every file of the release against its SHA256SUMS, which must list the binary. The binary checks
# each vector against the vectors' own manifest (vectors/SHA256SUMS) before it runs; that manifest
# must list exactly the vector files SHA256SUMS lists, with the same hashes, so it is checked too.
[ -f "$dir/SHA256SUMS" ] || fail "no SHA256SUMS in the release $label"
[ -f "$dir/vectors/SHA256SUMS" ] || fail "no vectors/SHA256SUMS in the release $label"
grep -q '^[0-9a-f]\{64\}  pushproof$' "$dir/SHA256SUMS" || fail "the SHA256SUMS of the release $label does not list pushproof"
sed -n 's#^\([0-9a-f]\{64\}\)  vectors/#\1  #p' "$dir/SHA256SUMS" | grep -v '  SHA256SUMS$' | LC_ALL=C sort >"$work/outer"
LC_ALL=C sort "$dir/vectors/SHA256SUMS" >"$work/manifest"
if ! cmp -s "$work/outer" "$work/manifest"; then
    differ=$(LC_ALL=C comm -3 "$work/outer" "$work/manifest" | sed 's/^[[:space:]]*[0-9a-f]\{64\}  //' | LC_ALL=C sort -u | head -n 5 | paste -sd, - | sed 's/,/, /g')
    fail "the release $label: vectors/SHA256SUMS and SHA256SUMS disagree on: $differ"
fi
if ! (cd "$dir" && sha256sum --quiet --strict -c SHA256SUMS) >"$work/sums.out" 2>"$work/sums.err"; then
    bad=$(sed -n 's/: FAILED open or read$/ missing/;s/: FAILED$/ changed/p' "$work/sums.out" | head -n 5 | paste -sd, - | sed 's/,/, /g')
    [ -n "$bad" ] || bad=$(first_line "$work/sums.err")
    fail "the release $label does not match its SHA256SUMS: $bad"
fi
note "the release's $(wc -l <"$dir/SHA256SUMS") files match its SHA256SUMS"

bin="$dir/pushproof"
[ -x "$bin" ] || fail "$bin is not executable (a CI artifact download drops file modes: pass the tarball instead)"
"$bin" --version >"$work/version.txt" 2>"$work/version.err" ||
    fail "$bin does not run here: $(first_line "$work/version.err")"
found=$(sed -n '1s/^pushproof //p' "$work/version.txt")
if [ -n "$version" ] && [ "$found" != "$version" ]; then
    fail "the release is pushproof ${found:-of no version}, not the version $version asked for"
fi
digest=$(sed -n 's/.*(.*\(sha256:[0-9a-f]\{64\}\)).*/\1/p' "$work/version.txt" | head -n 1)
note "pushproof $found, vectors ${digest:-of unknown digest}"

mkdir -p "$out" 2>/dev/null || fail "cannot create the reports folder $out"
command=(run --impl "$impl")
for profile in "${profiles[@]}"; do command+=(--profile "$profile"); done
[ -z "$expected_failures" ] || command+=(--expected-failures "$expected_failures")
[ -z "$expect_digest" ] || command+=(--expect-digest "$expect_digest")
command+=(--junit "$out/pushproof.xml" --json "$out/pushproof.json" "${extra[@]}")
printf 'ci-conformance: pushproof'
printf ' %q' "${command[@]}"
printf '\n'

status=0
"$bin" "${command[@]}" | tee "$out/pushproof.txt" || status=${PIPESTATUS[0]}

# The results page (`pushproof report`): one self-contained HTML file, every failure in full.
if [ -s "$out/pushproof.json" ]; then
    "$bin" report "$out/pushproof.html" "$out/pushproof.json" >/dev/null 2>"$work/report.err" ||
        note "no results page: $(first_line "$work/report.err")"
fi

case $status in
    0) meaning="all passed" ;;
    1) meaning="a test failed, or a listed expected failure passed" ;;
    2) meaning="a usage, vector or expected-failures list error" ;;
    3) meaning="the adapter failed (not started, no valid hello, or another protocol)" ;;
    4) meaning="nothing was tested (no test passed; --allow-empty allows that)" ;;
    *) meaning="unexpected exit status" ;;
esac
summary=$(grep -E '^[0-9]+ passed' "$out/pushproof.txt" | tail -n 1 || true)
note "exit status $status: $meaning${summary:+ ($summary)}; reports in $out/"
if [ -n "${GITHUB_OUTPUT:-}" ]; then
    {
        echo "junit=$out/pushproof.xml"
        echo "json=$out/pushproof.json"
        echo "text=$out/pushproof.txt"
        echo "html=$out/pushproof.html"
        echo "digest=$digest"
        echo "status=$status"
    } >>"$GITHUB_OUTPUT"
fi
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    echo "**PushProof $found** (vectors \`$digest\`): ${summary:-no tests run}; exit status $status, $meaning." \
        >>"$GITHUB_STEP_SUMMARY"
fi
exit "$status"
