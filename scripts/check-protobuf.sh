#!/usr/bin/env bash
# Checks that the protobuf bytes PushProof produces decode with a standard protobuf
# implementation (protoc's own decoder) against the repository's .proto files: every sample
# `pushproof vectors protobuf` lists (each suite declares which of its outputs carry protobuf),
# with the text-format lines a sample names printed by protoc. Installs protoc
# (protobuf-compiler) if missing.
#
#   scripts/check-protobuf.sh [PUSHPROOF]    (default: swift build's pushproof)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v protoc >/dev/null || scripts/apt-install.sh protobuf-compiler
bin=${1:-"$(swift build --show-bin-path)/pushproof"}
samples=$(mktemp)
trap 'rm -f "$samples"' EXIT
"$bin" vectors protobuf > "$samples"
python3 - "$samples" <<'PY'
import json, subprocess, sys
checked = 0
for line in open(sys.argv[1], encoding="utf-8"):
    sample = json.loads(line)
    test, message = sample["test"], sample["message"]
    result = subprocess.run(["protoc", f"--decode={message}", "-I", "Protos", sample["protoFile"]],
                            input=bytes.fromhex(sample["hex"]), capture_output=True)
    if result.returncode != 0:
        sys.exit(f"{test}: protoc could not decode a {message}: {result.stderr.decode()}")
    printed = result.stdout.decode().splitlines()
    for expected in sample["expectedLines"]:
        if expected not in printed:
            sys.exit(f"{test}: protoc prints no line {expected!r}:\n" + "\n".join(printed))
    checked += 1
if checked == 0:
    sys.exit("pushproof vectors protobuf listed no sample")
print(f"protoc decoded {checked} messages produced by PushProof")
PY
