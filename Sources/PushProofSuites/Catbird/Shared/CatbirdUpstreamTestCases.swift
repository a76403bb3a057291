import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// Upstream's own tests (joshlacal/mls-ds) put as Catbird cases, where a test has an input class
/// no other vector has. The other upstream tests of KeyPackage validation, device identity and the
/// KeyPackage inventory are answered by existing vectors or cannot be put as an input; the issue-29
/// report lists each test with its verdict.
///
/// Lines are counted in the test file as stored at the commit named.
enum CatbirdUpstreamTests {
    /// The wire tests at the commit the deployed profile's wire.rs is pinned to.
    static let wire = "joshlacal/mls-ds@\(CatbirdSources.wireCommit):server/tests/chat_protocol_wire.rs"
    /// The identity grammar tests (the stored version; validation.rs itself is pinned at 10b0febc).
    static let auth =
        "joshlacal/mls-ds@10a03023c9761b6b6522f6185036a616cef45d1c:server/tests/chat_protocol_auth.rs"
    /// The repository tests of publish_key_packages.
    static let keyPackages =
        "joshlacal/mls-ds@91c24ca51db0158d820814e22815af788feb5af4:server/tests/chat_protocol_key_packages.rs"
}

extension CatbirdKeyPackageValidateVectors {
    /// The deployed group of mls-ds's own wire tests.
    static func upstreamTestCases() -> [VectorCase] {
        let base = KeyPackageSpec()
        let c = UploadForm.deployed
        let u = CatbirdUpstreamTests.wire
        let lastByte = XWingPublicKey.byteCount - 1
        return [
            // Upstream rewrites the suite field of a good MLSMessage and signs nothing again. The
            // suite is judged before the credential, the key, the X-Wing keys and both signatures,
            // so the answer is the suite although every signature and both keys (X-Wing keys
            // under suite 1) are wrong after the change; tcId 25 only has a suite-1 KeyPackage signed as such.
            c(
                "suite field set to 1 in the bytes of a good X-Wing KeyPackage, nothing signed again: the suite "
                    + "is refused before the keys and the signatures are looked at",
                ["UpstreamTest", "CipherSuite", "CheckOrder"],
                "\(u):623-664 (key_package_suite_identity_signer_and_ref_input_are_strict; the suite bytes "
                    + "rewritten at 629-634); " + wire(W.suite),
                base.with {
                    $0.bytes = { b in
                        var b = b
                        b[6] = 0x00
                        b[7] = 0x01
                        return b
                    }
                }, code: "UNSUPPORTED_CIPHERSUITE", declaredRef: .some(nil)),
            // The lifetime is judged against the caller's clock only: a lifetime of 900 s in 1970
            // is good at 150 s after the epoch, and the answer carries it unchanged. An
            // implementation that reads the wall clock, or refuses dates before some floor, fails.
            frozenClockCase(c, base, u),
            // The X25519 half of an X-Wing key with its top bit set is an RFC 7748 alias (a
            // decoder that masks the bit reads another point); the clean server compares all 32
            // bytes with the field modulus, so the value is not below p and is refused. tcIds 49
            // and 50 have p + 1, which a masking decoder also leaves above p.
            c(
                "encryption key: the X25519 part with its top bit set (an RFC 7748 alias, 2^255 or more)",
                ["UpstreamTest", "XWingKey"],
                "\(u):781-869 (key_package_rejects_malformed_xwing_public_keys, the high-bit alias of 485-488 "
                    + "and 498-503, on the leaf key at 850-867); " + wire(W.xwing) + "; " + CatbirdSources.xwingCheck,
                base.with { $0.encryptionKey[lastByte] |= 0x80 }, code: "INVALID_XWING_PUBLIC_KEY"),
            c(
                "init key: the X25519 part with its top bit set (an RFC 7748 alias, 2^255 or more)",
                ["UpstreamTest", "XWingKey"],
                "\(u):781-869 (key_package_rejects_malformed_xwing_public_keys, the high-bit alias of 485-488 "
                    + "and 498-503, on the init key at 838-848); " + wire(W.xwing) + "; " + CatbirdSources.xwingCheck,
                base.with { $0.initKey[lastByte] |= 0x80 }, code: "INVALID_XWING_PUBLIC_KEY"),
        ]
    }

    /// A lifetime from 100 to 1,000 (Unix seconds) judged at 150, with a check that the answer
    /// gives the lifetime back as it is.
    private static func frozenClockCase(_ c: UploadForm, _ base: KeyPackageSpec, _ u: String) -> VectorCase {
        var v = c(
            "a lifetime of 100 to 1,000 s after the Unix epoch, judged at 150: valid; only the clock given "
                + "counts (850 s left, a span of 900 s)",
            ["UpstreamTest", "EdgeCase"],
            "\(u):537-557 (key_package_lifetime_uses_only_the_caller_supplied_frozen_time); " + wire(W.lifetime),
            base.living(100, 1_000), now: 150)
        v.check = { answer in
            guard case .output(let out) = answer, out["notBefore"]?.uint64Value == 100,
                out["notAfter"]?.uint64Value == 1_000
            else { throw GeneratorError("the answer does not give the lifetime 100 to 1,000 back") }
        }
        return v
    }
}

extension CatbirdIdentityVectors {
    typealias U = CatbirdUpstreamTests

    /// The upstream cases of one group of catbird_identity: its bareDid, credentialIdentity
    /// (deployed) and signedAt groups each take their own.
    static func upstreamTestCases(for operation: OperationName) -> [VectorCase] {
        if operation == .catbirdBareDid { return upstreamBareDidTestCases() }
        if operation == .catbirdCredentialIdentity { return upstreamCredentialIdentityTestCases() }
        if operation == .catbirdSignedAt { return upstreamSignedAtTestCases() }
        return []
    }

    /// For the bareDid group (tcIds 1-100).
    static func upstreamBareDidTestCases() -> [VectorCase] {
        let test = "\(U.auth):113-225 (closed_identifier_timestamp_and_numeric_date_grammars"
        return [
            // A host with a percent escape: decoding it first would give alice.example.com, a
            // good host; the grammar allows no `%` at all (tcId 25 has an escaped port).
            VectorCase(
                comment: "did:web with a percent-escaped dot (alice%2eexample.com)", flags: ["UpstreamTest", "DidWeb"],
                source: "\(test), the list at 133-146, this one at 139); \(S.didWebHost)",
                input: ["did": .string("did:web:alice%2eexample.com")], code: "INVALID_DID"),
            // A port written with a raw colon: did:web reads it as a path segment, and the clean
            // protocol takes a bare host only (tcId 26 has a named path).
            VectorCase(
                comment: "did:web with `:443` after the host (a port written as a path segment)",
                flags: ["UpstreamTest", "DidWeb"],
                source: "\(test), the list at 133-146, this one at 138); \(S.didWebHost)",
                input: ["did": .string("did:web:alice.example.com:443")], code: "INVALID_DID"),
        ]
    }

    /// For the deployed credentialIdentity group (tcIds 201-250).
    static func upstreamCredentialIdentityTestCases() -> [VectorCase] {
        let test = "\(U.auth):113-225 (closed_identifier_timestamp_and_numeric_date_grammars"
        let device = "3b241101-e2bb-4255-8caf-4136c566a962"
        let longHost = [
            String(repeating: "a", count: 63), String(repeating: "b", count: 63),
            String(repeating: "c", count: 63), String(repeating: "d", count: 61),
        ].joined(separator: ".")
        func identity(_ comment: String, _ did: String, bytes: Int, lines: String) -> VectorCase {
            VectorCase(
                comment: comment, flags: ["UpstreamTest", "DidWeb", "LengthBoundary"],
                source: "\(test), the length asserted at \(lines)); \(S.credentialIdentity); \(S.didWebHost)",
                input: ["did": .string(did), "deviceId": .string(device)],
                check: { answer in
                    guard case .output(let out) = answer, out["identity"]?.stringValue?.utf8.count == bytes else {
                        throw GeneratorError("the identity is not \(bytes) bytes")
                    }
                })
        }
        // The shortest and the longest identity the clean protocol can make: 12 + 1 + 36 and
        // 261 + 1 + 36 bytes (mod.rs@c7b34b7b names the same bounds for a BasicCredential).
        return [
            identity(
                "the shortest DID (did:web:a.co) and a device id: a 49-byte identity", "did:web:a.co", bytes: 49,
                lines: "150-153"),
            identity(
                "the longest DID (a 253-byte did:web host) and a device id: a 298-byte identity",
                "did:web:\(longHost)", bytes: 298, lines: "154-157"),
        ]
    }

    /// For the signedAt group (tcIds 501-600).
    static func upstreamSignedAtTestCases() -> [VectorCase] {
        // Year 0001 is the first a canonical timestamp can name (tcId 522 refuses 0000); signed
        // and judged at that same instant the offset is 0.
        [
            VectorCase(
                comment: "the first instant a canonical timestamp names (0001-01-01T00:00:00.000Z), signed at now",
                flags: ["UpstreamTest", "Calendar"],
                source:
                    "\(U.auth):113-225 (closed_identifier_timestamp_and_numeric_date_grammars, this value at 172-174); "
                    + "\(S.timestamp); \(S.signedAt)",
                input: ["signedAt": .string("0001-01-01T00:00:00.000Z"), "now": .string("0001-01-01T00:00:00.000Z")])
        ]
    }
}

extension CatbirdRegistrationVectors {
    /// The deployed group of mls-ds's own KeyPackage repository tests.
    static func upstreamTestCases() -> [VectorCase] {
        typealias I = InventoryCases
        let shared: (String) -> JSONValue = { ref in
            ["ref": .string(ref), "initKey": "init-shared", "notAfter": .integer(I.now + I.month)]
        }
        // Upstream hands publish_key_packages two packages of distinct refs and one init key;
        // the sink refuses the batch (the init key is UNIQUE) and writes nothing. tcId 126 has
        // it in an enrollment; a replenishment goes through the same sink after the device
        // check, and the handler answers InvalidKeyPackage.
        return [
            I.trace(
                "two packages of one replenishment sharing an init key are refused, and nothing of the batch "
                    + "is stored (the device enrolls first)",
                ["UpstreamTest", "Replenishment", "InitKeyUnique"],
                "\(CatbirdUpstreamTests.keyPackages):234-272 (duplicate_init_key_is_rejected); \(I.repository) "
                    + "\(I.core) \(I.replenish) \(I.errorMapping)",
                [I.enroll([I.kp("a1")]), I.publish([shared("d1"), shared("d2")])])
        ]
    }
}
