import PushProofConformance

/// The flags of catbird_keypackage_codec and catbird_keypackage_validate and what each means.
enum CatbirdKeyPackageNotes {
    static let catalogue: [String: VectorNote] = CatbirdNotes.shared.merging(own) { a, _ in a }

    static let own: [String: VectorNote] = [
        "XWing": .init(
            bugType: .basic,
            description:
                "Catbird's suite 0x004D: X-Wing (ML-KEM-768 + X25519) HPKE keys of 1216 bytes, Ed25519 signatures."),
        "CredentialType": .init(bugType: .modifiedParameter, description: "A credential other than BasicCredential."),
        "ExtensionSizing": .init(
            bugType: .edgeCase,
            description:
                "Extension data of exactly 0x3FFF bytes: openmls counts its length as four bytes when it sizes the list, two more than the two it writes, so it cannot write the KeyPackage again (tls_codec refuses the difference) and the clean server answers Malformed."
        ),
        "RefHash": .init(
            bugType: .wrongPrimitive,
            description:
                "keyPackageRef is RefHash with the cipher suite's own hash (SHA-512 for suites 4 to 6, SHA-384 for 7), not SHA-256 always."
        ),
        "CredentialIdentityBytes": .init(
            bugType: .edgeCase,
            description:
                "A basic credential's identity is opaque bytes: bytes that are not UTF-8 are read and written as they are."
        ),
        "Grease": .init(
            bugType: .defined,
            description:
                "GREASE values (RFC 9420 §13.5, 0x0A0A ... 0xEAEA) must be ignored by an RFC 9420 implementation; the clean server allows exactly its own capabilities and no extensions, so it refuses them."
        ),
        "VarintBoundary": .init(
            bugType: .edgeCase,
            description: "A length at 63/64, where its variable-length encoding grows from one byte to two."),
        "Truncated": .init(bugType: .modifiedParameter, description: "The input ends inside a structure."),
        "TrailingData": .init(
            bugType: .malleability,
            description:
                "Bytes after the structure: exact decoders refuse them. RFC 9420 §6 says nothing of bytes after an MLSMessage, so in `rfc9420` a reader that stops at the message's end (mls-rs) passes too: the answer for the message alone is also accepted."
        ),
        "NonMinimalVarint": .init(
            bugType: .malleability,
            description: "A variable-length integer in a longer form than needed (RFC 9420 §2.1.2 forbids it)."),
        "ReservedPrefix": .init(
            bugType: .malleability, description: "A variable-length integer with the reserved prefix 0b11."),
        "ProtocolVersion": .init(
            bugType: .modifiedParameter,
            description:
                "A protocol version other than mls10 (1). A decoder that leaves the MLSMessage's version to processing (mls-rs; RFC 9420 §10 has the receiver compare it with the KeyPackage's) decodes it: in `rfc9420`, catbird.keyPackageDecode accepts that too, and validation refuses it either way."
        ),
        "WireFormat": .init(
            bugType: .modifiedParameter,
            description:
                "An MLSMessage of another wire format than mls_key_package (5). A reader that parses the body the wire format names (mls-rs) meets that body's faults first: in `rfc9420` MALFORMED, TRUNCATED, TRAILING_DATA and NON_CANONICAL_ENCODING are accepted too."
        ),
        "LeafSource": .init(
            bugType: .modifiedParameter, description: "A KeyPackage's leaf node must have the key_package source."),
        "SizeLimit": .init(
            bugType: .edgeCase, description: "Inputs above 65,536 bytes are refused before they are decoded."),
        "LifetimeBoundary": .init(
            bugType: .edgeCase, description: "now equal to not_before or not_after, and one second either side."),
        "RemainingLifetime": .init(
            bugType: .edgeCase,
            description: "The clean server wants at least 600 s of lifetime left: 599, 600 and 601 s."),
        "LifetimeSpan": .init(
            bugType: .edgeCase,
            description: "The clean server allows a lifetime of at most 2,595,600 s (30 days and an hour)."),
        "CanonicalEquivalence": .init(
            bugType: .edgeCase,
            description:
                "The credential's identity and the expected one in canonically equivalent spellings (é precomposed and decomposed, U+212A KELVIN SIGN and K, U+2126 OHM SIGN and Ω, U+212B ANGSTROM SIGN, Å and A + U+030A): both servers compare bytes, so another spelling is another identity."
        ),
        "WrongIdentity": .init(
            bugType: .authBypass, description: "A credential naming someone (or some device) else."),
        "ForeignKey": .init(
            bugType: .authBypass, description: "A KeyPackage signed with a key that is not the device's enrolled key."
        ),
        "CipherSuite": .init(bugType: .modifiedParameter, description: "A cipher suite the validator does not take."),
        "Capabilities": .init(
            bugType: .modifiedParameter, description: "Capabilities other than exactly the ones the profile allows."),
        "Extensions": .init(
            bugType: .modifiedParameter, description: "Extensions the profile does not allow where they appear."),
        "DefaultTypeListed": .init(
            bugType: .edgeCase,
            description:
                "A leaf whose capabilities list a default extension type (1-5), which RFC 9420 §7.2 says \"MUST NOT be listed\": RFC 9420 asks no receiver to refuse it, a validator may (mls-rs: \"Default value listed\"); both pass."
        ),
        "UnusableInitKey": .init(
            bugType: .edgeCase,
            description:
                "An X25519 init key that is not 32 bytes, or a point of small order (all-zero X25519 outputs, which RFC 9180 §7.1.4 refuses): RFC 9420 §10.1 asks no check of the init key, but the committer encrypts the Welcome's secrets to it, so a validator may refuse it (mls-rs over OpenSSL); both pass."
        ),
        "ReusedKey": .init(
            bugType: .missingStep,
            description: "The init key must differ from the leaf's encryption key (RFC 9420 §10.1)."),
        "XWingKey": .init(
            bugType: .modifiedParameter,
            description:
                "An X-Wing public key that is the wrong length, has an ML-KEM coefficient at or above q (FIPS 203's modulus check), or an X25519 part that is not canonical or of small order."
        ),
        "SignatureBitFlip": .init(
            bugType: .missingStep,
            description: "A signature that does not verify: a validator that skips it accepts forgeries."),
        "SignatureLength": .init(bugType: .modifiedParameter, description: "An Ed25519 signature is 64 bytes."),
        "WrongLabel": .init(
            bugType: .missingStep,
            description: "A valid signature under the other label: SignWithLabel binds the structure's name."),
        "NonCanonicalSignature": .init(
            bugType: .malleability,
            description: "S + L: the same signature with a non-canonical S; strict Ed25519 verification refuses it."),
        "RefOverBytes": .init(
            bugType: .wrongPrimitive,
            description: "A declared KeyPackageRef that is not RefHash(\"MLS 1.0 KeyPackage Reference\", KeyPackage)."),
        "RefOverWrapper": .init(
            bugType: .wrongPrimitive,
            description: "The KeyPackageRef hashed over the MLSMessage wrapper instead of the KeyPackage."),
        "Framing": .init(
            bugType: .modifiedParameter,
            description: "The KeyPackage with or without the MLSMessage header, where the other is read."),
        "CheckOrder": .init(
            bugType: .defined,
            description: "Two faults at once: the first failing check in the server's order is the answer."),
        "ExtensionData": .init(
            bugType: .edgeCase,
            description:
                "An extension of a type openmls knows (application_id, ratchet_tree, required_capabilities, external_pub, external_senders, last_resort): both servers decode its data while reading the KeyPackage, so malformed data is a decoding error (TRUNCATED, NON_CANONICAL_ENCODING or MALFORMED) before any check of where the extension may appear."
        ),
        "MissingLength": .init(
            bugType: .edgeCase,
            description:
                "The input ends exactly where a vector's length should be: tls_codec calls that an invalid vector length (NON_CANONICAL_ENCODING), not the end of the input (TRUNCATED)."
        ),
        "ReadingOrder": .init(
            bugType: .defined,
            description:
                "Two decoding faults: openmls reports the first one it reads (an unknown suite before a cut end, a KeyPackage version after the whole KeyPackage is read)."
        ),
        "UnorderedChecks": .init(
            bugType: .defined,
            description:
                "Two faults that RFC 9420 checks in no fixed order: the answer of either check passes."
        ),
        "LegacyVersionDrift": .init(
            bugType: .legacy,
            description:
                "The legacy server asks for openmls 0.8 without a lock file: 0.8.1 refuses not_before = now, a later 0.8.x accepts it; both answers pass.",
            upstream: .several),
        "SmallOrderKey": .init(
            bugType: .wrongPrimitive,
            description:
                "A leaf signature key of small order (the identity, and the points of order 2, 4 and 8, in canonical and non-canonical encodings), each signature R = [s]B + T with T = [k](-A), S = s: Ed25519 without a small-order check on the key (ed25519-dalek's `verify`) accepts it for any message, `verify_strict` refuses it; RFC 8032's cofactored equation and libcrux's HACL* (the legacy server's, cofactorless with no order check) accept it for canonical encodings. RFC 8032 requires neither the order check nor its absence, so in `rfc9420` a refusal of either signature passes too (libsodium's, ed25519-dalek's `verify_strict`)."
        ),
        "CofactoredOnly": .init(
            bugType: .wrongPrimitive,
            description:
                "A signature whose R carries a small-order component: RFC 8032 §5.1.7's cofactored equation ([8][S]B = [8]R + [8][k]A) accepts it, a cofactorless one ([S]B = R + [k]A) refuses it. RFC 8032 §5.1.7 allows both (\"sufficient, but not required\"), so in `rfc9420` the refusal of either signature passes too (mls-rs over OpenSSL, libsodium)."
        ),
        "SmallOrderR": .init(
            bugType: .wrongPrimitive,
            description:
                "A signature by an honest key whose R is the identity (S = k·a, so [S]B = R + [k]A holds): verifiers that check R's order (ed25519-dalek's `verify_strict`, libsodium) refuse it; HACL* (the legacy server's) and RFC 8032 §5.1.7 accept it. In `rfc9420` both answers pass."
        ),
        "RepeatedExtension": .init(
            bugType: .malleability,
            description:
                "An extension type twice in one extensions vector, side by side or with another type between the copies (a check that compares neighbours only misses the second): openmls refuses it while decoding, RFC 9420 §13.4 forbids it for every type, unknown and GREASE ones included; one copy in each of the two lists is allowed. The RFC does not say at which step: in `rfc9420` MALFORMED (refused while decoding, as mls-rs does) passes too."
        ),
        "XWingKeyEdge": .init(
            bugType: .edgeCase,
            description:
                "A valid X-Wing public key at an edge of the check: ML-KEM coefficients of q - 1 = 3328, a seed ρ the modulus check does not read, an X25519 part of 2^254 (the top bit RFC 7748 keeps), or an ordinary X25519 point that a Montgomery ladder with one sign slipped sends to 0."
        ),
        "NegatedR": .init(
            bugType: .edgeCase,
            description:
                "A signature whose equation holds for -R, the point with R's y and the opposite x, instead of R: a verifier that compares only y, or R's encoding without its sign bit, accepts it; every Ed25519 verifier refuses it."
        ),
        "ScalarAtOrder": .init(
            bugType: .edgeCase,
            description:
                "S = L exactly, with the identity as key and R so that the equation holds for S modulo L: a check of S > L where S ≥ L is refused accepts it."
        ),
        "DeclaredRefLength": .init(
            bugType: .authBypass,
            description:
                "A declared KeyPackageRef of another length than the hash (empty, one byte short, one byte long): it is compared like any other, never taken as absent."
        ),
    ]
}
