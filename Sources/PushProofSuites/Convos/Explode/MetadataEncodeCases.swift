import ConvosExplode
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// explode_metadata: metadata -> appData (explode.metadataEncode), judged by meaning.
extension ExplodeMetadataVectors {
    static func enc(
        _ comment: String, _ flags: [String], _ source: String, _ input: JSONValue, code: String? = nil,
        also: [JSONValue] = []
    ) -> VectorCase {
        VectorCase(comment: comment, flags: flags, source: source, input: input, code: code, alsoAccepted: also)
    }

    /// The meaning of the encoding of `input` that fits: compressed, framed, the protobuf bytes.
    static func fitting(_ input: JSONValue) throws -> JSONValue {
        let raw = [UInt8](try ExplodeOperations.metadata(InputReader(input)).serializedData())
        return ["output": ["compressed": true, "framed": true, "protobufHex": .string(Hex.encode(raw))]]
    }

    /// The length of the appData of `tag` alone compressed at zlib `level`.
    static func encodedLength(tag: String, level: Int) -> Int {
        var m = Convos_ConversationCustomMetadata()
        m.tag = tag
        let raw = [UInt8](try! m.serializedData())
        return (4 * (5 + Zlib.deflate(raw, format: .raw, level: level).count) + 2) / 3
    }

    static func encodeCases() throws -> [VectorCase] {
        let small: JSONValue = ["tag": "a1b2c3", "expiresAtUnix": 1_748_781_000]
        let profiles: JSONValue = .array(
            (0..<6).map { ["inboxIdHex": inbox($0), "name": .string("Member number \($0) of the group")] })
        let large = small.setting("profiles", to: profiles).setting("emoji", to: "🎉")
        let oversize: JSONValue = [
            "tag": "big",
            "profiles": .array(
                (0..<40).map { n -> JSONValue in
                    var chain = SHA256.hash([UInt8(n)])
                    var name = ""
                    for _ in 0..<7 {
                        name += Base64.encode(chain)
                        chain = SHA256.hash(chain)
                    }
                    return ["inboxIdHex": inbox(n), "name": .string(name)]
                }),
        ]
        var cases = [
            enc("a small value is not compressed", ["AppDataCompression"], "\(toCompact); \(proto):15-25", small),
            enc(
                "a value over 100 bytes that compression shrinks is compressed", ["AppDataCompression"],
                "\(toCompact); \(appleZlib)", large),
            enc(
                "expiresAtUnix before 1970", ["AppDataCompression", "Pre1970"], "\(toCompact); \(proto):18",
                ["tag": "t", "expiresAtUnix": -14_182_940]),
            enc("no expiresAtUnix", ["AppDataCompression"], "\(toCompact); \(proto):18", ["tag": "t"]),
            enc(
                "over 8 KB once encoded (about 15,170 characters compressed)", ["AppDataLimit"], limitSource, oversize,
                code: "APP_DATA_TOO_LARGE"),
        ]
        // The threshold: compression is tried only over 100 bytes, and kept only when it shrinks.
        func tag(_ count: Int) -> JSONValue { ["tag": .string(String(repeating: "a", count: count))] }
        cases += [
            enc(
                "exactly 100 bytes of protobuf (a tag of 98 letters): not compressed, however well it would compress",
                ["AppDataCompression", "AppDataThreshold"], toCompact, tag(98)),
            enc(
                "101 bytes of protobuf (a tag of 99 letters): compressed", ["AppDataCompression", "AppDataThreshold"],
                toCompact, tag(99)),
            enc(
                "101 bytes of protobuf no encoder shrinks (an inbox id of 97 random bytes): not compressed",
                ["AppDataCompression", "AppDataThreshold"], toCompact,
                ["tag": "", "profiles": [["inboxIdHex": .string(Hex.encode(noise(97)))]]]),
        ]
        // The 8 KB limit on values no encoder shrinks, so that the size is fixed: 6,143 bytes are
        // 8,191 characters, 6,144 bytes 8,192 and 6,145 bytes 8,194 (no length gives 8,193).
        for (bytes, chars) in [(6143, 8191), (6144, 8192), (6145, 8194)] {
            let input: JSONValue = ["tag": "", "profiles": [["inboxIdHex": .string(Hex.encode(noise(bytes - 6)))]]]
            cases.append(
                enc(
                    "\(bytes) bytes of protobuf no encoder shrinks (an inbox id of \(bytes - 6) random bytes): "
                        + "\(chars) characters, \(chars <= 8192 ? "within" : "over") the 8,192 limit",
                    ["AppDataLimit"], "\(toCompact); \(limitSource)", input,
                    code: chars <= 8192 ? nil : "APP_DATA_TOO_LARGE"))
        }
        // Compressed values near the limit: the compressed size decides, and Apple's encoder is
        // documented as equivalent to zlib level 5, not byte-identical, so both answers pass.
        let words = (0..<200).map { String(Hex.encode(SHA256.hash([UInt8($0)])).prefix(6)) }
        var block = SHA256.hash(Array("x".utf8))
        var text = ""
        while text.utf8.count < 21_000 {
            block = SHA256.hash(block)
            text += words[Int(block[0]) % 200] + " "
        }
        var fits: (Int, Int, Int)? = nil
        var over: (Int, Int, Int)? = nil
        for n in 20_600..<21_000 where over == nil {
            let t = String(text.prefix(n))
            let five = encodedLength(tag: t, level: 5)
            let six = encodedLength(tag: t, level: 6)
            if five <= maximumEncoded { fits = (n, five, six) } else { over = (n, five, six) }
        }
        guard let fits, let over else { throw GeneratorError("explode_metadata: no tag reaches the limit") }
        for (n, five, six) in [fits, over] {
            let input: JSONValue = ["tag": .string(String(text.prefix(n)))]
            let fitsAtFive = five <= maximumEncoded
            cases.append(
                enc(
                    "a tag of \(n) characters of words: compressed it is \(five) characters at zlib level 5 and "
                        + "\(six) at level 6, \(fitsAtFive ? "within" : "over") the 8,192 limit at level 5; Apple's "
                        + "encoder, equivalent to level 5 but not byte-identical, may write a few bytes more or fewer, "
                        + "so both answers pass", ["AppDataLimit", "EncoderFreedom"],
                    "\(toCompact); \(appleZlib); \(limitSource)", input, code: fitsAtFive ? nil : "APP_DATA_TOO_LARGE",
                    also: [fitsAtFive ? ["error": "APP_DATA_TOO_LARGE"] : try fitting(input)]))
        }
        cases += try encodeFieldCases()
        cases.append(try limitAcrossProfiles())
        return cases
    }

    /// 6,145 bytes of protobuf no encoder shrinks, as tcId 11, but spread over many profiles: each
    /// random inbox id is a different slice of one stream and one byte longer than the one before,
    /// so no two profiles share bytes or length prefixes. The limit is on the whole value, which a
    /// check of each field's size misses.
    static func limitAcrossProfiles() throws -> VectorCase {
        let stream = noise(8_000, seed: 1)
        var profiles: [JSONValue] = []
        var used = 0
        func next(_ count: Int) -> JSONValue {
            defer { used += count }
            return ["inboxIdHex": .string(Hex.encode(stream[used..<used + count]))]
        }
        func value(_ profiles: [JSONValue]) -> JSONValue { ["tag": "", "profiles": .array(profiles)] }
        func size(_ profiles: [JSONValue]) throws -> Int {
            try ExplodeOperations.metadata(InputReader(value(profiles))).serializedData().count
        }
        while try size(profiles) < 6_145 - 200 { profiles.append(next(40 + profiles.count)) }
        let longest = 39 + profiles.count
        for last in 1...200
        where try size(profiles + [["inboxIdHex": .string(Hex.encode(stream[used..<used + last]))]]) == 6_145 {
            profiles.append(next(last))
            let raw = [UInt8](try ExplodeOperations.metadata(InputReader(value(profiles))).serializedData())
            guard Zlib.deflate(raw, format: .raw, level: 9).count + 5 >= raw.count else {
                throw GeneratorError("explode_metadata: the profiles' bytes compress")
            }
            return enc(
                "6145 bytes of protobuf no encoder shrinks, spread over \(profiles.count) profiles (random inbox ids "
                    + "of 40 to \(longest) bytes, and one of \(last)): 8194 characters, over the 8,192 limit; the "
                    + "whole value counts, not any one field", ["AppDataLimit"], "\(toCompact); \(limitSource)",
                value(profiles), code: "APP_DATA_TOO_LARGE")
        }
        throw GeneratorError("explode_metadata: no last profile brings the value to 6,145 bytes")
    }

    static let maximumEncoded = ConversationMetadataCodec.maximumEncodedSize

    /// Which fields SwiftProtobuf writes, and how: a string or bytes field only when not empty
    /// unless it is optional (set, even empty), expiresAtUnix as 8 bytes whenever set.
    static func encodeFieldCases() throws -> [VectorCase] {
        let source = "\(toCompact); \(generated):194-218, 292-313"
        let characters = "/<>&\\\"\u{2028}é🎉\u{0}"
        return [
            enc("an empty tag is not written: the empty appData", ["AppDataFields"], source, ["tag": ""]),
            enc(
                "an empty emoji is written (the field is optional: set, even empty)", ["AppDataFields"], source,
                ["tag": "t", "emoji": ""]),
            enc(
                "a profile without inbox id or name is an empty message, still written", ["AppDataFields"], source,
                ["tag": "t", "profiles": [["inboxIdHex": ""]]]),
            enc(
                "a profile's empty name is written (optional), three profiles in their order", ["AppDataFields"],
                source,
                [
                    "tag": "t",
                    "profiles": [
                        ["inboxIdHex": "01", "name": ""], ["inboxIdHex": "02"], ["inboxIdHex": "03", "name": "c"],
                    ],
                ]),
            enc(
                "characters JSON or HTML encoders escape are written as UTF-8 bytes, unescaped", ["AppDataFields"],
                source,
                [
                    "tag": .string(characters), "emoji": .string(characters),
                    "profiles": [["inboxIdHex": "ff", "name": .string(characters)]],
                ]),
            enc(
                "expiresAtUnix 0 is written (set)", ["AppDataFields", "Epoch"], source,
                ["tag": "t", "expiresAtUnix": 0]),
            enc("expiresAtUnix -1", ["AppDataFields", "Pre1970"], source, ["tag": "t", "expiresAtUnix": -1]),
            enc(
                "expiresAtUnix 2^63 - 1", ["AppDataFields"], source,
                ["tag": "t", "expiresAtUnix": .integer(Int64.max)]),
            enc(
                "expiresAtUnix -2^63", ["AppDataFields", "Pre1970"], source,
                ["tag": "t", "expiresAtUnix": .integer(Int64.min)]),
            enc(
                "expiresAtUnix 2^32 (past a 32-bit field)", ["AppDataFields"], source,
                ["tag": "t", "expiresAtUnix": 4_294_967_296]),
        ]
    }
}
