#!/usr/bin/env bash
# Regenerates Sources/ConvosExplode/Generated/*.pb.swift from Protos/*.proto.
# The build never runs protoc: the generated Swift is committed. Run this after editing a .proto.
# Needs protoc (Debian: protobuf-compiler) and builds protoc-gen-swift from the swift-protobuf
# version Package.swift resolves, so generator and runtime always match.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v protoc >/dev/null || scripts/apt-install.sh protobuf-compiler
swift build -c release --product protoc-gen-swift >&2
plugin="$(swift build -c release --show-bin-path)/protoc-gen-swift"
out=Sources/ConvosExplode/Generated
rm -f "$out"/*.pb.swift
protoc --plugin=protoc-gen-swift="$plugin" --swift_out="$out" --swift_opt=Visibility=Public \
    --swift_opt=FileNaming=PathToUnderscores -I Protos \
    xmtp/message_contents/content.proto xmtp/mls/message_contents/plaintext_envelope.proto convos/conversation_custom_metadata.proto
ls "$out"
