#!/usr/bin/env bash
# Tests the CI wrappers (docs/ci.md) against a release made here from a pushproof binary:
#   scripts/test-ci-conformance.sh [PUSHPROOF_BINARY]     (default: .build/debug/pushproof)
#
# The release is laid out as scripts/release.sh lays it out (pushproof-VERSION-linux-x86_64/ with
# the binary, vectors/ with their manifest vectors/SHA256SUMS, and SHA256SUMS over the files; the
# tarball; a folder holding the tarball and SHA256SUMS over it). The implementation is the
# reference served over the adapter protocol (`pushproof adapter`), which passes every vector. From
# an empty folder, scripts/ci-conformance.sh:
# - runs every vector from the tarball: exit 0, the JUnit, JSON and text reports and the results
#   page written;
# - from the extracted folder, the artefacts folder and a download (file://): profiles, args and
#   the expected digest reach pushproof; its exit status comes back (1 for a failing mutant and for
#   a listed test that passes, 2 for a wrong --expect-digest or a bad option);
# - refuses with one line and exit status 2: a tampered vector or binary in the tarball, a vector
#   added with its manifest rewritten, a wrong release-sha256, a tarball it cannot read, a missing
#   release, no release at all, no impl, a missing expected-failures list, another version, a
#   download that fails, args it cannot split.
# (The release made here holds the binary, vectors/, LICENSE and NOTICE: what the script uses.)
# Then action.yml and ci/gitlab/pushproof.gitlab-ci.yml parse; every input of the action reaches
# the script as PUSHPROOF_<INPUT> and the GitLab template documents each; and each wrapper, run as
# its CI would run it (the action's step with its inputs, the template's script lines), writes
# the reports where its outputs and artifacts say.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="${1:-$root/.build/debug/pushproof}"
[ -x "$bin" ] || { echo "test-ci-conformance: no pushproof binary at $bin (give one as the argument)" >&2; exit 2; }
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
script="$root/scripts/ci-conformance.sh"
python3 -c 'import yaml' 2>/dev/null ||
    python3 -m pip install --quiet --disable-pip-version-check pyyaml==6.0.3

work="$(mktemp -d /tmp/pushproof-ci-test.XXXXXX)"
trap 'rm -rf "$work"' EXIT
failures=0
pass() { echo "ok: $*"; }
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# The release, as scripts/release.sh makes it.
version="$("$bin" --version | sed -n '1s/^pushproof //p')"
name="pushproof-$version-linux-x86_64"
make_sums() { (cd "$1" && find . -type f ! -name SHA256SUMS -printf '%P\n' | LC_ALL=C sort | xargs sha256sum >SHA256SUMS); }
make_tarball() { tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -C "$1" -cf - "$name" | gzip -n >"$2"; }
bundle="$work/stage/$name"
mkdir -p "$bundle/vectors/schemas" "$work/dist"
cp "$bin" "$bundle/pushproof"
cp "$root"/vectors/*_test.json "$root/vectors/CHANGELOG.md" "$bundle/vectors/"
cp "$root"/vectors/schemas/*.json "$bundle/vectors/schemas/"
"$bin" vectors manifest --vectors "$bundle/vectors" >"$work/manifest" && mv "$work/manifest" "$bundle/vectors/SHA256SUMS"
cp "$root/LICENSE" "$root/NOTICE" "$bundle/"
make_sums "$bundle"
tarball="$work/dist/$name.tar.gz"
make_tarball "$work/stage" "$tarball"
(cd "$work/dist" && sha256sum "$name.tar.gz" >SHA256SUMS)
digest="sha256:$(sha256sum "$bundle/vectors/SHA256SUMS" | cut -d' ' -f1)"
tarball_sha256="$(sha256sum "$tarball" | cut -d' ' -f1)"
extracted="$work/extracted"
mkdir -p "$extracted" && tar -xzf "$tarball" -C "$extracted"
impl="'$bin' adapter"
echo "release $name (vectors $digest) in $work"

# ci NAME [VAR=VALUE...] -- [OPTION...]: runs the script from an empty folder of its own, with only
# the PUSHPROOF_ variables given; its status, stdout and stderr in $work/NAME/.
ci() {
    local case=$1 envs=()
    shift
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do envs+=("$1"); shift; done
    [ $# -gt 0 ] && shift
    mkdir -p "$work/$case/run"
    local status=0 unset=(-u GITHUB_OUTPUT -u GITHUB_STEP_SUMMARY) variable
    for variable in $(compgen -e | grep '^PUSHPROOF_' || true); do unset+=(-u "$variable"); done
    (cd "$work/$case/run" && env "${unset[@]}" "${envs[@]}" "$script" "$@") \
        >"$work/$case/stdout" 2>"$work/$case/stderr" || status=$?
    echo "$status" >"$work/$case/status"
}
status_of() { cat "$work/$1/status"; }
# expect_status CASE STATUS WHAT
expect_status() {
    if [ "$(status_of "$1")" -eq "$2" ]; then pass "$3 (exit $2)"
    else fail "$3: exit $(status_of "$1"), not $2; stderr: $(tail -n 3 "$work/$1/stderr")"; fi
}
# refused CASE TEXT WHAT: exit status 2, one line on stderr holding TEXT.
refused() {
    local lines
    lines=$(wc -l <"$work/$1/stderr")
    if [ "$(status_of "$1")" -ne 2 ]; then fail "$3: exit $(status_of "$1"), not 2"
    elif [ "$lines" -ne 1 ]; then fail "$3: $lines lines on stderr, not one: $(cat "$work/$1/stderr")"
    elif ! grep -qF -- "$2" "$work/$1/stderr"; then fail "$3: stderr lacks \"$2\": $(cat "$work/$1/stderr")"
    else pass "$3: $(cat "$work/$1/stderr")"; fi
}
# only_line CASE: nothing on stdout either.
only_line() {
    if [ -s "$work/$1/stdout" ]; then fail "$1: also printed on stdout: $(cat "$work/$1/stdout")"; fi
}
# report CASE KEY: a value of the JSON report.
report() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$work/$1/run/pushproof-results/pushproof.json" "$2"; }
passed_directly() { # the count `pushproof run` itself gives for these options
    (cd "$work" && "$bundle/pushproof" run "$@" | sed -n 's/^\([0-9]*\) passed.*/\1/p' | tail -n 1)
}

echo "== the runs"
ci tarball PUSHPROOF_IMPL="$impl" PUSHPROOF_RELEASE="$tarball" PUSHPROOF_VERSION="$version"
expect_status tarball 0 "every vector from the tarball, the reference as the implementation"
for file in pushproof.xml pushproof.json pushproof.txt pushproof.html; do
    [ -s "$work/tarball/run/pushproof-results/$file" ] || fail "no pushproof-results/$file written"
done
if python3 -c 'import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); sys.exit(not (r.tag == "testsuites" and int(r.get("tests")) > 0 and r.get("failures") == "0"))' \
    "$work/tarball/run/pushproof-results/pushproof.xml"; then pass "the JUnit report parses, with tests and no failure"
else fail "the JUnit report is not a testsuites element with tests and no failure"; fi
all=$(report tarball passed)
if [ "$all" -gt 0 ] && [ "$(report tarball failed)" -eq 0 ] && [ "$(report tarball vectorsDigest)" = "$digest" ]; then
    pass "the JSON report: $all passed, 0 failed, the release's vectors"
else fail "the JSON report: $all passed, $(report tarball failed) failed, vectors $(report tarball vectorsDigest)"; fi
[ "$all" -eq "$(passed_directly --impl "$impl")" ] || fail "the run passed $all, pushproof run alone passes more"

# Profiles (comma and space separated), args split on newlines with quotes, from the extracted folder.
ci folder PUSHPROOF_IMPL="$impl" PUSHPROOF_RELEASE="$extracted/$name" PUSHPROOF_PROFILE="deployed, proposal" \
    PUSHPROOF_ARGS=$'--file "registration_bouncer"\n--timeout 5' PUSHPROOF_OUT=reports
expect_status folder 0 "the extracted folder, two profiles, args"
want=$(passed_directly --profile deployed --profile proposal --file registration_bouncer)
got=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["passed"])' "$work/folder/run/reports/pushproof.json")
if [ "$got" = "$want" ] && [ "$got" -lt "$all" ]; then pass "profiles and args reached pushproof ($got passed, as pushproof run says)"
else fail "profiles and args: $got passed, pushproof run --profile deployed --profile proposal --file registration_bouncer passes $want"; fi
# The same through options, --profile repeated, extra options after --.
ci options -- --impl "$impl" --release "$extracted/$name" --profile deployed --profile proposal -- --file registration_bouncer
expect_status options 0 "the same through options"
[ "$(report options passed)" = "$want" ] || fail "through options: $(report options passed) passed, not $want"

ci artefacts PUSHPROOF_IMPL="$impl" PUSHPROOF_RELEASE="$work/dist" PUSHPROOF_ARGS="--file registration_bouncer"
expect_status artefacts 0 "the artefacts folder (scripts/release.sh's OUTDIR), its SHA256SUMS checked"
ci download PUSHPROOF_IMPL="$impl" PUSHPROOF_RELEASE_URL="file://$work/dist/" PUSHPROOF_VERSION="$version" \
    PUSHPROOF_RELEASE_SHA256="$tarball_sha256" PUSHPROOF_EXPECT_DIGEST="$digest" PUSHPROOF_ARGS="--file registration_bouncer"
expect_status download 0 "downloaded from release-url, release-sha256 and expect-digest matching"
grep -qF "downloading file://$work/dist/$name.tar.gz" "$work/download/stdout" || fail "the download URL is not release-url/$name.tar.gz"

printf 'registration_bouncer:17  # passes: listed on purpose\n' >"$work/known-failures.txt"
ci listed PUSHPROOF_IMPL="$impl" PUSHPROOF_RELEASE="$tarball" PUSHPROOF_EXPECTED_FAILURES="$work/known-failures.txt" \
    PUSHPROOF_ARGS="--file registration_bouncer"
expect_status listed 1 "a listed expected failure that passes fails the run"
grep -q "UNEXPECTED PASS" "$work/listed/stdout" || fail "no UNEXPECTED PASS in the text report"
ci mutant PUSHPROOF_IMPL="'$bin' adapter --mutant skip-liveness" PUSHPROOF_RELEASE="$tarball" PUSHPROOF_ARGS="--file registration_bouncer"
expect_status mutant 1 "a known-bad implementation fails"
grep -q '<failure' "$work/mutant/run/pushproof-results/pushproof.xml" || fail "the mutant's failures are not in the JUnit report"
grep -q '^[0-9]* passed, [1-9][0-9]* failed' "$work/mutant/run/pushproof-results/pushproof.txt" || fail "the text report has no failure count"
ci digest PUSHPROOF_IMPL="$impl" PUSHPROOF_RELEASE="$tarball" PUSHPROOF_EXPECT_DIGEST="sha256:$(printf '0%.0s' $(seq 64))"
if [ "$(status_of digest)" -ne 0 ] && grep -q "not the expected sha256:" "$work/digest/stderr"; then
    pass "a wrong expect-digest is refused by pushproof (exit $(status_of digest)): $(cat "$work/digest/stderr")"
else fail "a wrong expect-digest: exit $(status_of digest): $(cat "$work/digest/stderr")"; fi
ci option PUSHPROOF_IMPL="$impl" PUSHPROOF_RELEASE="$tarball" PUSHPROOF_ARGS="--no-such-option"
case "$(status_of option)" in
    2) pass "an unknown pushproof option in args is pushproof's usage error (exit 2)" ;;
    64) pass "an unknown pushproof option in args is pushproof's usage error (exit 64: this binary does not map usage errors to 2)" ;;
    *) fail "an unknown pushproof option in args: exit $(status_of option), not a usage error" ;;
esac

echo "== what the script refuses, with one line"
# A file of the tarball changed, SHA256SUMS left as it was.
cp -r "$work/stage" "$work/tampered"
printf ' ' >>"$work/tampered/$name/vectors/explode_codec_test.json"
mkdir -p "$work/tampered-dist" && make_tarball "$work/tampered" "$work/tampered-dist/$name.tar.gz"
ci tampered PUSHPROOF_IMPL="$impl" PUSHPROOF_RELEASE="$work/tampered-dist/$name.tar.gz"
refused tampered "does not match its SHA256SUMS: vectors/explode_codec_test.json changed" "a tampered vector in the tarball"
# The binary changed (still runnable: bytes after its ELF image): only SHA256SUMS can tell.
cp -r "$work/stage" "$work/tampered-binary"
printf 'x' >>"$work/tampered-binary/$name/pushproof"
mkdir -p "$work/tampered-binary-dist" && make_tarball "$work/tampered-binary" "$work/tampered-binary-dist/$name.tar.gz"
ci tampered-binary PUSHPROOF_IMPL="$impl" PUSHPROOF_RELEASE="$work/tampered-binary-dist/$name.tar.gz"
refused tampered-binary "does not match its SHA256SUMS: pushproof changed" "a tampered binary in the tarball"
# A vector added, with the vectors' manifest rewritten to list it and SHA256SUMS not.
cp -r "$work/stage" "$work/added"
cp "$work/added/$name/vectors/explode_codec_test.json" "$work/added/$name/vectors/extra_test.json"
rm "$work/added/$name/vectors/SHA256SUMS"
"$bin" vectors manifest --vectors "$work/added/$name/vectors" >"$work/manifest" && mv "$work/manifest" "$work/added/$name/vectors/SHA256SUMS"
ci added PUSHPROOF_IMPL="$impl" PUSHPROOF_RELEASE="$work/added/$name"
refused added "vectors/SHA256SUMS and SHA256SUMS disagree on: extra_test.json" "a vector added with its manifest rewritten"
ci sha PUSHPROOF_IMPL="$impl" PUSHPROOF_RELEASE="$tarball" PUSHPROOF_RELEASE_SHA256="$(printf 'a%.0s' $(seq 64))"
refused sha "not the release-sha256" "a wrong release-sha256"
head -c 4096 "$bin" >"$work/garbage.tar.gz"
ci unreadable PUSHPROOF_IMPL="$impl" PUSHPROOF_RELEASE="$work/garbage.tar.gz"
refused unreadable "cannot read the tarball" "an unreadable tarball"
ci missing PUSHPROOF_IMPL="$impl" PUSHPROOF_RELEASE="$work/nonexistent.tar.gz"
refused missing "no release at $work/nonexistent.tar.gz" "a missing release"
only_line missing
ci none PUSHPROOF_IMPL="$impl"
refused none "no release: set release" "no release and no release-url"
only_line none
ci noversion PUSHPROOF_IMPL="$impl" PUSHPROOF_RELEASE_URL="file://$work/dist"
refused noversion "release-url needs the version" "release-url without version"
only_line noversion
ci noimpl PUSHPROOF_IMPL="  " PUSHPROOF_RELEASE="$tarball"
refused noimpl "no implementation" "no impl"
only_line noimpl
ci nolist PUSHPROOF_IMPL="$impl" PUSHPROOF_RELEASE="$tarball" PUSHPROOF_EXPECTED_FAILURES="$work/nonexistent.txt"
refused nolist "no expected-failures list at" "a missing expected-failures list"
ci otherversion PUSHPROOF_IMPL="$impl" PUSHPROOF_RELEASE="$extracted/$name" PUSHPROOF_VERSION="9.9.9"
refused otherversion "not the version 9.9.9 asked for" "another version than the release's"
ci notfound PUSHPROOF_IMPL="$impl" PUSHPROOF_RELEASE_URL="file://$work/nowhere" PUSHPROOF_VERSION="$version"
refused notfound "cannot download file://$work/nowhere/$name.tar.gz" "a download that fails"
ci quotes PUSHPROOF_IMPL="$impl" PUSHPROOF_RELEASE="$tarball" PUSHPROOF_ARGS="--file 'registration_bouncer"
refused quotes "cannot split args" "args with an unmatched quote"

echo "== the wrappers"
python3 -u - "$root" "$work" "$impl" "$tarball" <<'EOF' || failures=$((failures + 1))
import os, re, subprocess, sys, yaml

root, work, impl, tarball = sys.argv[1:5]
problems = []
script = open(os.path.join(root, "scripts/ci-conformance.sh")).read()
read_by_script = set(re.findall(r"\$\{(PUSHPROOF_[A-Z0-9_]+):-\}", script))

def env_name(name):
    return "PUSHPROOF_" + name.upper().replace("-", "_")

# The action: a composite action whose one step passes every input as PUSHPROOF_<INPUT>.
action = yaml.safe_load(open(os.path.join(root, "action.yml")))
for key in ("name", "description", "inputs", "runs"):
    if key not in action:
        problems.append(f"action.yml has no {key}")
inputs = action["inputs"]
if action["runs"].get("using") != "composite":
    problems.append("action.yml is not a composite action")
steps = action["runs"]["steps"]
run_steps = [s for s in steps if "run" in s]
if len(run_steps) != 1 or "ci-conformance.sh" not in run_steps[0]["run"]:
    problems.append("action.yml should have one step, running scripts/ci-conformance.sh")
step = run_steps[0]
if step.get("shell") != "bash":
    problems.append("the action's step does not say shell: bash")
if "${{" in step["run"]:
    problems.append("the action's run line splices an expression into the shell")
env = step.get("env", {})
for name in inputs:
    want = "${{ inputs.%s }}" % name
    if env.get(env_name(name)) != want:
        problems.append(f"input {name} is not passed as {env_name(name)}: {want}")
    if env_name(name) not in read_by_script:
        problems.append(f"the script does not read {env_name(name)} (input {name})")
for variable in read_by_script:
    if variable not in env:
        problems.append(f"the script reads {variable}, which the action does not pass")
if not inputs.get("impl", {}).get("required"):
    problems.append("input impl is not required")
if "release-url" in inputs and "no public download location" not in inputs["release-url"]["description"]:
    problems.append("release-url's description does not say there is no public download location")
written = set(re.findall(r'echo "([a-z]+)=', script))
for name, output in action.get("outputs", {}).items():
    match = re.fullmatch(r"\$\{\{ steps\.%s\.outputs\.([a-z]+) \}\}" % re.escape(step["id"]), output["value"])
    if not match or match.group(1) not in written:
        problems.append(f"output {name} ({output['value']}) is not one the script writes")

def run(command, environment, cwd):
    return subprocess.run(["bash", "-e", "-c", command], env=environment, cwd=cwd, capture_output=True, text=True)

base = {k: os.environ[k] for k in ("PATH", "HOME", "TMPDIR") if k in os.environ}

# The action's step, as the runner runs it: inputs with their defaults, $GITHUB_ACTION_PATH, outputs.
given = {"impl": impl, "release": tarball, "profile": "deployed", "args": "--file registration_bouncer"}
values = {name: given.get(name, spec.get("default", "")) for name, spec in inputs.items()}
environment = dict(base)
for key, value in env.items():
    environment[key] = re.sub(r"\$\{\{ inputs\.([a-z0-9-]+) \}\}", lambda m: values[m.group(1)], value)
workspace = os.path.join(work, "github-workspace")
os.makedirs(workspace)
outputs, summary = os.path.join(work, "github-output"), os.path.join(work, "github-summary")
environment.update(GITHUB_ACTION_PATH=root, GITHUB_WORKSPACE=workspace, GITHUB_OUTPUT=outputs, GITHUB_STEP_SUMMARY=summary)
result = run(step["run"], environment, workspace)
if result.returncode != 0:
    problems.append(f"the action's step exited {result.returncode}: {result.stderr[-500:]}")
else:
    written_outputs = dict(line.split("=", 1) for line in open(outputs).read().splitlines())
    for name in ("junit", "json", "text", "html"):
        path = os.path.join(workspace, written_outputs.get(name, "?"))
        if not os.path.isfile(path):
            problems.append(f"the action's output {name} names no file: {written_outputs.get(name)}")
    if written_outputs.get("status") != "0" or not written_outputs.get("digest", "").startswith("sha256:"):
        problems.append(f"the action's outputs: {written_outputs}")
    if "PushProof" not in open(summary).read():
        problems.append("no step summary written")
    print("ok: the action's step, run as a runner would:", result.stdout.strip().splitlines()[-1])

# The GitLab template: a hidden job whose artifacts are the script's reports.
template_text = open(os.path.join(root, "ci/gitlab/pushproof.gitlab-ci.yml")).read()
template = yaml.safe_load(template_text)
job = template.get(".pushproof")
if not isinstance(job, dict) or not job.get("script"):
    problems.append("the GitLab template has no .pushproof job with a script")
else:
    artifacts = job.get("artifacts", {})
    if artifacts.get("reports", {}).get("junit") != "pushproof-results/pushproof.xml":
        problems.append("the GitLab template's junit report is not pushproof-results/pushproof.xml")
    if "pushproof-results/" not in artifacts.get("paths", []) or artifacts.get("when") != "always":
        problems.append("the GitLab template does not keep pushproof-results/ always")
    for variable in sorted(read_by_script):
        if not re.search(r"^#\s+%s\s" % variable, template_text, re.M):
            problems.append(f"the GitLab template does not document {variable}")
    if "variables" in job:
        problems.append("the GitLab template sets variables (they would hide a user's top-level ones)")
    # Its script lines, as a runner runs them, in a project with the script copied in.
    project = os.path.join(work, "gitlab-project")
    os.makedirs(os.path.join(project, "scripts"))
    lines = "\n".join(job["script"])
    environment = dict(base, PUSHPROOF_IMPL=impl, PUSHPROOF_RELEASE=tarball, PUSHPROOF_ARGS="--file registration_bouncer")
    result = run(lines, environment, project)
    if result.returncode != 2 or len(result.stderr.splitlines()) != 1 or "copy PushProof's scripts/ci-conformance.sh" not in result.stderr:
        problems.append(f"the template without the script: exit {result.returncode}, {result.stderr!r}")
    else:
        print("ok: the template without the script:", result.stderr.strip())
    subprocess.run(["cp", os.path.join(root, "scripts/ci-conformance.sh"), os.path.join(project, "scripts/")], check=True)
    result = run(lines, environment, project)
    if result.returncode != 0:
        problems.append(f"the template's script exited {result.returncode}: {result.stderr[-500:]}")
    for path in [artifacts["reports"]["junit"]] + artifacts["paths"]:
        if not os.path.exists(os.path.join(project, path)):
            problems.append(f"the template's artifact {path} was not written")
    if result.returncode == 0:
        print("ok: the GitLab template's script, run as a runner would:", result.stdout.strip().splitlines()[-1])

for problem in problems:
    print("FAIL:", problem, file=sys.stderr)
if not problems:
    print("ok: action.yml and the GitLab template parse; every action input reaches the script as PUSHPROOF_<INPUT>")
sys.exit(1 if problems else 0)
EOF

if [ "$failures" -ne 0 ]; then
    echo "test-ci-conformance: $failures failed" >&2
    exit 1
fi
echo "test-ci-conformance: all passed"
