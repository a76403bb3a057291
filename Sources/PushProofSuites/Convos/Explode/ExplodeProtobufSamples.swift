import PushProofConformance

/// The protobuf bytes the explode vectors' outputs carry, for protoc to decode against
/// `Protos/` (`pushproof vectors protobuf`, scripts/check-protobuf.sh): the EncodedContent that
/// `explode.encode` writes (whose text format must show the same content and fallback), the
/// PlaintextEnvelope of `explode.wrap`, and the ConversationCustomMetadata of
/// `explode.metadataEncode` (its uncompressed appData).
enum ExplodeProtobufSamples {
    static func samples(in files: [VectorFile]) -> [ProtobufSample] {
        files.flatMap { file in
            file.expectedOutputs(of: .explodeEncode).compactMap { test, output -> ProtobufSample? in
                guard let hex = output["encodedContentHex"]?.stringValue else { return nil }
                let lines = [
                    output["content"]?.stringValue.map { ProtobufSample.textFormatLine(field: "content", text: $0) },
                    output["fallback"]?.stringValue.map { ProtobufSample.textFormatLine(field: "fallback", text: $0) },
                ]
                return ProtobufSample(
                    message: "xmtp.message_contents.EncodedContent", protoFile: "xmtp/message_contents/content.proto",
                    hex: hex, expectedLines: lines.compactMap { $0 }, test: test)
            }
                + file.expectedOutputs(of: .explodeWrap).compactMap { test, output in
                    output["plaintextEnvelopeHex"]?.stringValue.map {
                        ProtobufSample(
                            message: "xmtp.mls.message_contents.PlaintextEnvelope",
                            protoFile: "xmtp/mls/message_contents/plaintext_envelope.proto", hex: $0, test: test)
                    }
                }
                + file.expectedOutputs(of: .explodeMetadataEncode).compactMap { test, output in
                    output["protobufHex"]?.stringValue.map {
                        ProtobufSample(
                            message: "convos.ConversationCustomMetadata",
                            protoFile: "convos/conversation_custom_metadata.proto", hex: $0, test: test)
                    }
                }
        }
    }
}
