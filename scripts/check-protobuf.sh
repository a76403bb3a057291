#!/usr/bin/env bash
# Checks that the protobuf bytes PushProof produces decode with a standard protobuf
# implementation (protoc's own decoder) against the repository's .proto files: every
# EncodedContent and PlaintextEnvelope in vectors/explode_codec_test.json, every uncompressed
# appData of vectors/explode_metadata_test.json. Installs protoc (protobuf-compiler) if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v protoc >/dev/null || scripts/apt-install.sh protobuf-compiler
python3 - <<'PY'
import base64, json, subprocess, sys
def decode(message, proto, data):
    result = subprocess.run(["protoc", f"--decode={message}", "-I", "Protos", proto], input=data, capture_output=True)
    if result.returncode != 0:
        sys.exit(f"protoc could not decode a {message}: {result.stderr.decode()}")
    return result.stdout.decode()
checked = 0
codec = json.load(open("vectors/explode_codec_test.json"))
for group in codec["testGroups"]:
    for test in group["tests"]:
        out = test["expected"].get("output", {})
        if "encodedContentHex" in out:
            text = decode("xmtp.message_contents.EncodedContent", "xmtp/message_contents/content.proto", bytes.fromhex(out["encodedContentHex"]))
            # protoc's text format escapes the quotes of the JSON content.
            expected_line = 'content: "' + out["content"].replace('"', '\\"') + '"'
            if expected_line not in text.splitlines() or f'fallback: "{out["fallback"]}"' not in text.splitlines():
                sys.exit(f"tcId {test['tcId']}: protoc decodes another content or fallback:\n{text}")
            checked += 1
        if "plaintextEnvelopeHex" in out:
            decode("xmtp.mls.message_contents.PlaintextEnvelope", "xmtp/mls/message_contents/plaintext_envelope.proto", bytes.fromhex(out["plaintextEnvelopeHex"]))
            checked += 1
metadata = json.load(open("vectors/explode_metadata_test.json"))
for group in metadata["testGroups"]:
    for test in group["tests"]:
        out = test["expected"].get("output", {})
        # metadataEncode is judged by meaning: its output holds the protobuf bytes themselves.
        if "protobufHex" in out:
            decode("convos.ConversationCustomMetadata", "convos/conversation_custom_metadata.proto",
                   bytes.fromhex(out["protobufHex"]))
            checked += 1
print(f"protoc decoded {checked} messages produced by PushProof")
PY
