import ConvosExplode
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// explode_codec: the protobuf wire format as SwiftProtobuf reads it for the app (explode.decode).
extension ExplodeCodecVectors {
    static func decodeWireCases() -> [VectorCase] {
        var decode: [VectorCase] = []
        decode += [
            raw(
                "an unknown field of wire type 1 (8 bytes) is skipped", ["ProtobufWire"],
                plain + key(9, 1) + [UInt8](repeating: 7, count: 8)),
            raw(
                "an unknown field of wire type 5 (4 bytes) is skipped", ["ProtobufWire"],
                plain + key(9, 5) + [1, 2, 3, 4]),
            raw(
                "an unknown field of wire type 1 cut short", ["ProtobufWire", "MalformedProtobuf"],
                plain + key(9, 1) + [1, 2, 3], code: "MALFORMED_PROTOBUF"),
            raw(
                "an unknown field of wire type 5 cut short", ["ProtobufWire", "MalformedProtobuf"],
                plain + key(9, 5) + [1, 2, 3], code: "MALFORMED_PROTOBUF"),
            raw("an unknown varint field is skipped", ["ProtobufWire"], plain + key(15, 0) + [0x96, 0x01]),
            raw("an unknown length-delimited field is skipped", ["ProtobufWire"], plain + ld(100, [1, 2, 3])),
            raw(
                "field number 0", ["ProtobufWire", "MalformedProtobuf"], plain + [0x00, 0x00],
                code: "MALFORMED_PROTOBUF"),
            raw(
                "a varint of ten bytes, the longest there is", ["ProtobufWire"],
                plain + key(15, 0) + [UInt8](repeating: 0xFF, count: 9) + [0x01]),
            raw(
                "a varint of eleven bytes", ["ProtobufWire", "MalformedProtobuf"],
                plain + key(15, 0) + [UInt8](repeating: 0xFF, count: 10) + [0x01], code: "MALFORMED_PROTOBUF"),
            raw(
                "the fallback (field 3) that is not UTF-8", ["ProtobufWire", "MalformedProtobuf"],
                plain + ld(3, [0xC3, 0x28]), code: "MALFORMED_PROTOBUF"),
            raw(
                "a parameters entry whose value is not UTF-8", ["ProtobufWire", "MalformedProtobuf"],
                plain + ld(2, ld(1, Array("k".utf8)) + ld(2, [0xFF])), code: "MALFORMED_PROTOBUF"),
            raw(
                "a parameters entry whose key is not UTF-8", ["ProtobufWire", "MalformedProtobuf"],
                plain + ld(2, ld(1, [0xFF]) + ld(2, Array("v".utf8))), code: "MALFORMED_PROTOBUF"),
            raw(
                "a parameters entry of UTF-8 strings is read and ignored", ["ProtobufWire"],
                plain + ld(2, ld(1, Array("encoding".utf8)) + ld(2, Array("UTF-8".utf8)))),
            raw(
                "the authority (ContentTypeId field 1) that is not UTF-8", ["ProtobufWire", "MalformedProtobuf"],
                ld(1, ld(1, [0xFF]) + ld(2, Array("explode_settings".utf8)) + key(3, 0) + [1]) + ld(4, content),
                code: "MALFORMED_PROTOBUF"),
            raw(
                "the type id (ContentTypeId field 2) that is not UTF-8", ["ProtobufWire", "MalformedProtobuf"],
                ld(1, ld(1, Array("convos.org".utf8)) + ld(2, [0xFF]) + key(3, 0) + [1]) + ld(4, content),
                code: "MALFORMED_PROTOBUF"),
            raw(
                "the major version as a length-delimited field: kept as an unknown field, so version 0",
                ["ProtobufWire"],
                ld(1, ld(1, Array("convos.org".utf8)) + ld(2, Array("explode_settings".utf8)) + ld(3, [1]))
                    + ld(4, content),
                code: "UNSUPPORTED_VERSION"),
            raw(
                "the content (field 4) as a varint: kept as an unknown field, so no content", ["ProtobufWire"],
                ld(1, typeBytes) + key(4, 0) + [1], code: "EMPTY_CONTENT"),
            raw(
                "the compression (field 5) as a length-delimited field, over plain JSON", ["ProtobufWire"],
                ld(1, typeBytes) + ld(4, content) + ld(5, [0])),
            raw(
                "the content type (field 1) given twice: the two are merged", ["ProtobufWire"],
                ld(1, ld(1, Array("convos.org".utf8)) + ld(2, Array("explode_settings".utf8))) + ld(1, key(3, 0) + [1])
                    + ld(4, content)),
            raw(
                "compression given twice, 7 then DEFLATE: the last one counts", ["ProtobufWire", "Compression"],
                ld(1, typeBytes) + ld(4, Zlib.deflate(content, format: .raw)) + key(5, 0) + [7] + key(5, 0) + [0]),
            decodeCase(
                "raw DEFLATE labelled GZIP: the SDK runs LZFSE on it and drops the message",
                ["GzipIsLzfse", "BadCompression"],
                inflate, ExplodeFixtures.encoded(Zlib.deflate(content, format: .raw), compression: 1),
                code: "BAD_COMPRESSION"),
            decodeCase(
                "DEFLATE declared over empty content: nothing to inflate", ["BadCompression"], inflate,
                ExplodeFixtures.encoded([], compression: 0), code: "BAD_COMPRESSION"),
            decodeCase(
                "a raw DEFLATE stream with a byte after its end: refused here; Apple does not document whether "
                    + "its decoder ignores it, so reading the stream passes too",
                ["BadCompression", "AppleUnspecified"],
                inflate, ExplodeFixtures.encoded(Zlib.deflate(content, format: .raw) + [0], compression: 0),
                code: "BAD_COMPRESSION", also: [t0]),
            decodeCase(
                "a raw DEFLATE stream cut before its end: refused here; Apple does not document whether its decoder "
                    + "then returns the partial output, which is not JSON", ["BadCompression", "AppleUnspecified"],
                inflate,
                ExplodeFixtures.encoded(Array(Zlib.deflate(content, format: .raw).dropLast(2)), compression: 0),
                code: "BAD_COMPRESSION", also: [["error": "INVALID_JSON"]]),
            decodeCase(
                "a raw DEFLATE stream of an empty input: inflates to nothing", ["BadCompression"], inflate,
                ExplodeFixtures.encoded(Zlib.deflate([], format: .raw), compression: 0), code: "BAD_COMPRESSION"),
            decodeCase(
                "JSON that fills exactly four times its compressed size", ["InflateBufferCut"],
                "\(inflate); \(codec):49-56",
                ExplodeFixtures.encoded(ExplodeFixtures.exactlyFourTimes, compression: 0)),
            // Each known field in a wire type it is not declared with (SwiftProtobuf keeps it as an
            // unknown field, except inside a map entry, whose reader consumes nothing of it), an unknown
            // fixed-width field inside the ContentTypeId, DEFLATE's whole window.
            raw(
                "the content type (field 1) also sent as a varint: that copy is an unknown field", ["ProtobufWire"],
                plain + key(1, 0) + [1]),
            raw(
                "a parameters entry (field 2) sent as a varint: an unknown field", ["ProtobufWire"],
                plain + key(2, 0) + [1]),
            raw(
                "the fallback (field 3) sent as a varint: an unknown field", ["ProtobufWire"], plain + key(3, 0) + [1]),
            // decodeMapField does not refuse another wire type: it consumes nothing, and the value
            // byte 0x01 is then read as a tag of field 0, which is malformed.
            rawFrom(
                "a parameters entry whose key (field 1) is a varint: SwiftProtobuf's map-entry reader consumes "
                    + "nothing of a key or value in another wire type, so the varint's byte 0x01 is read as the next "
                    + "tag: field 0, malformed (apple/swift-protobuf 1.39.0 "
                    + "Sources/SwiftProtobuf/BinaryDecoder.swift:957-993, decodeMapField)",
                ["ProtobufWire", "MalformedProtobuf"], mapEntry,
                plain + ld(2, key(1, 0) + [1] + ld(2, Array("v".utf8))),
                code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "a parameters entry whose value (field 2) is the varint 1: its byte is read as a tag of field 0, "
                    + "as for the key",
                ["ProtobufWire", "MalformedProtobuf"], mapEntry,
                plain + ld(2, ld(1, Array("k".utf8)) + key(2, 0) + [1]),
                code: "MALFORMED_PROTOBUF"),
            raw(
                "the minor version (ContentTypeId field 4) as a length-delimited field: kept as an unknown field, "
                    + "which iOS's type comparison includes", ["ProtobufWire", "ContentType"],
                ld(1, typeBytes + ld(4, [0])) + ld(4, content), code: "WRONG_CONTENT_TYPE"),
            raw(
                "an unknown fixed32 field (wire type 5) inside the ContentTypeId", ["ProtobufWire", "ContentType"],
                ld(1, typeBytes + key(6, 5) + [1, 1, 1, 1]) + ld(4, content), code: "WRONG_CONTENT_TYPE"),
            raw(
                "an unknown fixed64 field (wire type 1) inside the ContentTypeId", ["ProtobufWire", "ContentType"],
                ld(1, typeBytes + key(6, 1) + [UInt8](repeating: 1, count: 8)) + ld(4, content),
                code: "WRONG_CONTENT_TYPE"),
            decodeCase(
                "raw DEFLATE whose second half repeats its first from 20,000 bytes back: DEFLATE's 32 KiB window "
                    + "(an inflater with a 16 KiB window refuses the stream)", ["Compression"], inflate,
                ExplodeFixtures.encoded(ExplodeFixtures.farBackReference, compression: 0)),
        ]
        return decode
    }

    static func decodeWireReaderCases() -> [VectorCase] {
        var decode: [VectorCase] = []
        // The rest of SwiftProtobuf's binary reader as the app meets it: a varint value read as a tag
        // inside a map entry, groups skipped to their end (and their depth limit), tags of at most
        // five bytes, and integers longer than their field keeping their low 32 bits.
        let skipOver = "apple/swift-protobuf@1.39.0:Sources/SwiftProtobuf/BinaryDecoder.swift:1302-1350 (skipOver)"
        let tags = "apple/swift-protobuf@1.39.0:Sources/SwiftProtobuf/BinaryDecoder.swift:107-214 (nextFieldNumber)"
        let depth =
            "\(skipOver); apple/swift-protobuf@1.39.0:Sources/SwiftProtobuf/BinaryDecoder.swift:86-91, 894-905 "
            + "(recursion budget, messageDepthLimit 100 in BinaryDecodingOptions.swift)"
        func groups(_ n: Int) -> [UInt8] { [UInt8](repeating: 0x4B, count: n) + [UInt8](repeating: 0x4C, count: n) }
        decode += [
            rawFrom(
                "a parameters entry whose value (field 2) is the varint 13: its byte 0x0d is read as a tag (field 1, "
                    + "fixed32) that the key's reader leaves unread, and the entry ends: accepted",
                ["ProtobufWire"], mapEntry, plain + ld(2, ld(1, Array("k".utf8)) + key(2, 0) + [0x0D])),
            rawFrom(
                "an empty group (field 9, wire types 3 and 4) after the message: skipped as an unknown field",
                ["ProtobufWire"], "\(wire); \(skipOver)", plain + key(9, 3) + key(9, 4)),
            rawFrom(
                "a group inside a parameters entry, before its key: skipped", ["ProtobufWire"],
                "\(mapEntry); \(skipOver)", plain + ld(2, key(9, 3) + key(9, 4) + ld(1, Array("k".utf8)))),
            rawFrom(
                "a group inside the ContentTypeId: an unknown field there, which iOS's type comparison includes",
                ["ProtobufWire", "ContentType"], "\(wire); \(skipOver)",
                ld(1, typeBytes + key(5, 3) + key(5, 4)) + ld(4, content), code: "WRONG_CONTENT_TYPE"),
            rawFrom(
                "an end-group tag with no group open", ["ProtobufWire", "MalformedProtobuf"], "\(wire); \(tags)",
                plain + key(9, 4), code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "a group (field 9) closed by field 11's end-group", ["ProtobufWire", "MalformedProtobuf"],
                "\(wire); \(skipOver)", plain + key(9, 3) + key(11, 4), code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "99 groups nested in one another after the message: within SwiftProtobuf's depth limit",
                ["ProtobufWire"], "\(wire); \(depth)", plain + groups(99)),
            rawFrom(
                "100 groups nested in one another: past the depth limit (100 levels, the message itself one)",
                ["ProtobufWire", "MalformedProtobuf"], "\(wire); \(depth)", plain + groups(100),
                code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "a tag written in six bytes: SwiftProtobuf reads a message's tags in at most five",
                ["ProtobufWire", "MalformedProtobuf"], "\(wire); \(tags)",
                plain + [0xF8, 0xFF, 0xFF, 0xFF, 0x8F, 0x00, 0x01], code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "the major version written as the varint 2^32 + 1: a uint32 field keeps the low 32 bits, 1",
                ["ProtobufWire"],
                "\(wire); apple/swift-protobuf@1.39.0:Sources/SwiftProtobuf/BinaryDecoder.swift (decodeSingularUInt32Field)",
                ld(1, Array(typeBytes.dropLast(2)) + key(3, 0) + varint(1 << 32 + 1)) + ld(4, content)),
            rawFrom(
                "compression written as the varint 2^32 over DEFLATE'd content: the enum keeps the low 32 bits, 0, "
                    + "DEFLATE", ["ProtobufWire", "Compression"],
                "\(wire); apple/swift-protobuf@1.39.0:Sources/SwiftProtobuf/BinaryDecoder.swift:796-805 "
                    + "(decodeSingularEnumField)",
                ld(1, typeBytes) + ld(4, Zlib.deflate(content, format: .raw)) + key(5, 0) + varint(1 << 32)),
        ]
        // The wire reader's edges: cut varints and tags, wire types 6 and 7, five-byte tags, and tags
        // inside a map entry.
        let entryTags =
            "\(mapEntry); apple/swift-protobuf@1.39.0:Sources/SwiftProtobuf/BinaryDecoder.swift:1419-1434 "
            + "(getTagWithoutUpdatingFieldStart) and FieldTag.swift:54-63"
        func entry(_ bytes: [UInt8]) -> [UInt8] { plain + ld(2, ld(1, Array("k".utf8)) + bytes) }
        let malformed = ["ProtobufWire", "MalformedProtobuf"]
        decode += [
            rawFrom(
                "a varint value cut short at the end of the message", malformed,
                "\(wire); apple/swift-protobuf@1.39.0:Sources/SwiftProtobuf/BinaryDecoder.swift:1375-1406 (decodeVarint)",
                plain + key(5, 0) + [0x80], code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "a tag of wire type 6 after the message", malformed, "\(wire); \(tags)", plain + key(9, 6),
                code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "a tag of wire type 7 after the message", malformed, "\(wire); \(tags)", plain + key(9, 7) + [0],
                code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "a tag written in five bytes, the fifth 15 (field 503,316,480, a varint): an unknown field, skipped",
                ["ProtobufWire"], "\(wire); \(tags)", plain + [0x80, 0x80, 0x80, 0x80, 0x0F, 0x01]),
            rawFrom(
                "a tag written in five bytes, the fifth 16: past 32 bits", malformed, "\(wire); \(tags)",
                plain + [0x80, 0x80, 0x80, 0x80, 0x10, 0x01], code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "a tag cut short at the end of the message (a byte with its continuation bit set)", malformed,
                "\(wire); \(tags)", plain + [0x88], code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "inside a parameters entry, a tag of 2^32 + 1 (a fixed64 field past 32 bits) with its eight bytes",
                malformed, entryTags, entry(varint(1 << 32 + 1) + [UInt8](repeating: 0, count: 8)),
                code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "inside a parameters entry, the tag 0x05 (field 0, fixed32) with its four bytes", malformed, entryTags,
                entry([0x05, 0, 0, 0, 0]), code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "inside a parameters entry, the tag 0x00 (field 0, a varint) with its value", malformed, entryTags,
                entry([0x00, 0x00]), code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "inside a parameters entry, a tag of wire type 6", malformed, entryTags, entry(key(3, 6)),
                code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "inside a parameters entry, an end-group tag of the key's field", malformed, mapEntry,
                entry(key(1, 4)), code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "an empty group, then 100 groups nested in one another: the first group's level is given back, so "
                    + "the 100 are past the limit as on their own", malformed, "\(wire); \(depth)",
                plain + groups(1) + groups(100), code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "the minor version 1: another content type version", ["ProtobufWire", "ContentType"], wire,
                ld(1, typeBytes + key(4, 0) + [1]) + ld(4, content), code: "UNSUPPORTED_VERSION"),
            rawFrom(
                "a tag of wire type 6 followed by its field's end-group: malformed still (a reader that took wire "
                    + "type 6 for a group would skip both)", malformed, "\(wire); \(tags)",
                plain + key(9, 6) + key(9, 4), code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "inside a parameters entry, a tag of wire type 6 followed by its field's end-group", malformed,
                entryTags, entry(key(3, 6) + key(3, 4)), code: "MALFORMED_PROTOBUF"),
        ]
        return decode
    }
}
