import Foundation
import PushProofCore
import PushProofCrypto
import PushProofJSON

/// The keychain item of the per-conversation era (service
/// `org.convos.ios.KeychainIdentityStore.v2`, account = inbox id, generic attribute = clientId):
/// its value is the JSON
/// `{"inboxId":"...","clientId":"...","keys":{"privateKeyData":"<base64 32>","databaseKey":"<base64 32>"}}`.
public enum KeychainRecord {
    public static let service = "org.convos.ios.KeychainIdentityStore.v2"

    public enum DecodingError: CodedError, Equatable, Sendable {
        case malformedJSON
        case missingField(String)
        case unexpectedField
        case wrongType(String)
        case invalidBase64(String)
        case invalidKeyLength(String, Int)
        case invalidPrivateKey
        case invalidClientId
        case invalidInboxId

        public var code: String {
            switch self {
            case .malformedJSON: return "MALFORMED_JSON"
            case .missingField: return "MISSING_FIELD"
            case .unexpectedField: return "UNEXPECTED_FIELD"
            case .wrongType: return "WRONG_TYPE"
            case .invalidBase64: return "INVALID_BASE64"
            case .invalidKeyLength: return "INVALID_KEY_LENGTH"
            case .invalidPrivateKey: return "INVALID_PRIVATE_KEY"
            case .invalidClientId: return "INVALID_CLIENT_ID"
            case .invalidInboxId: return "INVALID_INBOX_ID"
            }
        }

        /// The app's decoding errors in the record's words: any `dataCorrupted` is JSON that
        /// Foundation refuses (`MALFORMED_JSON`), unless it is the `Data` decoder's base64 refusal;
        /// a top-level value that is not an object is `MALFORMED_JSON` too (the format's words),
        /// a member of another type `WRONG_TYPE`.
        init(deployed error: Swift.DecodingError) {
            func path(_ context: Swift.DecodingError.Context) -> String {
                context.codingPath.map(\.stringValue).joined(separator: ".")
            }
            switch error {
            case .keyNotFound(let key, let context):
                self = .missingField((context.codingPath.map(\.stringValue) + [key.stringValue]).joined(separator: "."))
            case .typeMismatch(_, let context), .valueNotFound(_, let context):
                self = context.codingPath.isEmpty ? .malformedJSON : .wrongType(path(context))
            case .dataCorrupted(let context):
                self =
                    context.debugDescription.contains("Base64") && !context.codingPath.isEmpty
                    ? .invalidBase64(path(context)) : .malformedJSON
            @unknown default:
                self = .malformedJSON
            }
        }

        public var description: String {
            switch self {
            case .malformedJSON: return "\(code): the record is not a JSON object in UTF-8"
            case .missingField(let f): return "\(code): `\(f)` is missing"
            case .unexpectedField: return "\(code): the record has a field the format does not define"
            case .wrongType(let f): return "\(code): `\(f)` has the wrong JSON type"
            case .invalidBase64(let f): return "\(code): `\(f)` is not canonical standard base64"
            case .invalidKeyLength(let f, let n): return "\(code): `\(f)` is \(n) bytes, 32 expected"
            case .invalidPrivateKey: return "\(code): privateKeyData is not a valid secp256k1 secret key"
            case .invalidClientId: return "\(code): clientId is not an upper-case UUID v4"
            case .invalidInboxId: return "\(code): inboxId is not 64 lower-case hex digits"
            }
        }
    }

    /// The record's bytes: compact JSON, keys in the order above. The key material passes
    /// through the constant-time base64 encoder. iOS's `JSONEncoder` fixes neither the member
    /// order (it varies per process) nor the escaping (`/` is written `\/`), so vectors judge a
    /// record by its meaning, not these bytes.
    public static func encode(_ identity: ConversationIdentity) -> [UInt8] {
        let keys: JSONValue = .object([
            .init("privateKeyData", .string(Base64.encode(secret: identity.privateKey))),
            .init("databaseKey", .string(Base64.encode(secret: identity.databaseKey))),
        ])
        return JSONWriter.compactBytes(
            .object([
                .init("inboxId", .string(identity.inboxId)), .init("clientId", .string(identity.clientId.value)),
                .init("keys", keys),
            ]))
    }

    /// A record as the per-conversation-era app reads it: the ids are whatever strings it holds.
    public struct DeployedRecord: Sendable {
        public var inboxId: String
        public var clientId: String
        public var privateKey: SecretBytes
        public var databaseKey: SecretBytes
        public var address: EthereumAddress { try! EthereumAddress(privateKey: privateKey) }
    }

    /// Decoding as the app did (xmtplabs/convos-ios@f47421a9, KeychainIdentityStore.swift:252, 299,
    /// 324: `JSONDecoder().decode(KeychainIdentity.self, ...)`; the synthesized `Decodable` of
    /// `KeychainIdentity`, 82-95, reads `inboxId`, `clientId`, `keys` in declaration order;
    /// `KeychainIdentityKeys.init(from:)`, 38-43, reads `databaseKey` (any length), then
    /// `privateKeyData`, then calls XMTP's `PrivateKey(_:)`, which wants 32 bytes that are a
    /// valid secp256k1 scalar). Unknown members are ignored; neither id is checked.
    ///
    /// It runs Foundation's own `JSONDecoder` (swift-foundation on this platform, the code iOS 26's
    /// decoder is built from), so the record is read with the app's leniencies: a member named
    /// twice keeps its first value (`_setIfNil`, swiftlang/swift-foundation@a1c611f6:
    /// Sources/FoundationEssentials/JSON/JSONDecoder.swift:1198-1232); strings and numbers are
    /// checked only when a member is decoded (:414-416), so a bad escape in an unknown member
    /// passes; trailing commas and a byte-order mark are accepted (JSONScanner.swift:451-462,
    /// 498-510; JSONDecoder.swift:403-470); `Data` is `Data(base64Encoded:)`, which drops non-zero
    /// unused bits. PushProof's strict reading (`decode`) refuses all of these.
    public static func decodeAsDeployed(_ bytes: [UInt8]) throws(DecodingError) -> DeployedRecord {
        let identity: AppKeychainIdentity
        do {
            identity = try JSONDecoder().decode(AppKeychainIdentity.self, from: Data(bytes))
        } catch let error as Swift.DecodingError {
            throw DecodingError(deployed: error)
        } catch {
            throw .malformedJSON
        }
        let privateKey = SecretBytes(copying: [UInt8](identity.keys.privateKeyData))
        try checkPrivateKey(privateKey, field: "keys.privateKeyData")
        return DeployedRecord(
            inboxId: identity.inboxId, clientId: identity.clientId, privateKey: privateKey,
            databaseKey: SecretBytes(copying: [UInt8](identity.keys.databaseKey)))
    }

    /// What XMTP's `PrivateKey(_:)` takes (xmtp/libxmtp@a53a97ed:
    /// sdks/ios/Sources/XMTPiOS/Messages/PrivateKey.swift:53-64): 32 bytes (`InvalidLength`)
    /// that are a valid secp256k1 scalar, 1 <= k < n (`InvalidKey`). The app holds its private
    /// key only as a `PrivateKey`, so a record can neither be read nor written with another.
    public static func checkPrivateKey(_ key: SecretBytes, field: String = "privateKey") throws(DecodingError) {
        guard key.count == 32 else { throw .invalidKeyLength(field, key.count) }
        guard key.withUnsafeBytes({ Secp256k1.isValidSecretKey(Array($0)) }) else { throw .invalidPrivateKey }
    }

    /// The app's `KeychainIdentity` and `KeychainIdentityKeys` as its `JSONDecoder` sees them:
    /// the same members, read in the same order.
    private struct AppKeychainIdentity: Decodable {
        let inboxId: String
        let clientId: String
        let keys: Keys

        struct Keys: Decodable {
            let databaseKey: Data
            let privateKeyData: Data

            private enum CodingKeys: String, CodingKey {
                case privateKeyData
                case databaseKey
            }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                databaseKey = try container.decode(Data.self, forKey: .databaseKey)
                privateKeyData = try container.decode(Data.self, forKey: .privateKeyData)
            }
        }
    }

    /// Strict decoding: exactly the format's fields, each of its type; both keys canonical
    /// base64 of 32 bytes; the private key a valid secp256k1 scalar; the clientId a UUID v4.
    public static func decode(_ bytes: [UInt8]) throws(DecodingError) -> ConversationIdentity {
        let fields = try Fields(bytes)
        try fields.onlyMembers(["inboxId", "clientId", "keys"])
        let inboxId = try fields.string("inboxId")
        let clientText = try fields.string("clientId")
        let keys = try fields.keys()
        try keys.onlyMembers(["privateKeyData", "databaseKey"])
        func key(_ name: String) throws(DecodingError) -> SecretBytes {
            let secret = try keys.key(name)
            guard secret.count == 32 else { throw .invalidKeyLength("keys.\(name)", secret.count) }
            return secret
        }
        let privateKey = try key("privateKeyData")
        let databaseKey = try key("databaseKey")
        guard privateKey.withUnsafeBytes({ Secp256k1.isValidSecretKey(Array($0)) }) else { throw .invalidPrivateKey }
        guard let clientId = ClientId(validating: clientText) else { throw .invalidClientId }
        guard InboxId.isWellFormed(inboxId) else { throw .invalidInboxId }
        return ConversationIdentity(
            inboxId: inboxId, clientId: clientId, privateKey: privateKey, databaseKey: databaseKey)
    }

    /// A JSON object of the record (the record itself, or its `keys`), read field by field with
    /// the record's errors; `prefix` names the fields in messages (`keys.`).
    private struct Fields {
        let value: JSONValue
        let prefix: String

        init(_ bytes: [UInt8]) throws(DecodingError) {
            guard let value = try? JSONParser.parse(bytes), value.members != nil else { throw .malformedJSON }
            self.value = value
            self.prefix = ""
        }

        private init(value: JSONValue, prefix: String) {
            self.value = value
            self.prefix = prefix
        }

        /// Member names compare scalar by scalar (RFC 8259 §8.3), not as Swift Strings, which take
        /// `database\u{212A}ey` (KELVIN SIGN) for `databaseKey`.
        private static func same(_ a: String, _ b: String) -> Bool { a.unicodeScalars.elementsEqual(b.unicodeScalars) }

        private func member(_ name: String) -> JSONValue? {
            value.members?.first { Self.same($0.key, name) }?.value
        }

        func onlyMembers(_ names: [String]) throws(DecodingError) {
            guard (value.members ?? []).allSatisfy({ m in names.contains { Self.same($0, m.key) } }) else {
                throw .unexpectedField
            }
        }

        func string(_ name: String) throws(DecodingError) -> String {
            guard let v = member(name) else { throw .missingField(prefix + name) }
            guard let s = v.stringValue else { throw .wrongType(prefix + name) }
            return s
        }

        func keys() throws(DecodingError) -> Fields {
            guard let keys = member("keys") else { throw .missingField("keys") }
            guard keys.members != nil else { throw .wrongType("keys") }
            return Fields(value: keys, prefix: "keys.")
        }

        /// A key: canonical standard base64, decoded straight into `SecretBytes`.
        func key(_ name: String) throws(DecodingError) -> SecretBytes {
            let text = try string(name)
            guard let secret = try? Base64.decodeSecret(text) else { throw .invalidBase64(prefix + name) }
            return secret
        }
    }
}
