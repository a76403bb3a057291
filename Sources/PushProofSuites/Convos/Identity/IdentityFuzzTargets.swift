import ConvosIdentity
import ConvosPush
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

// The identity suite's fuzz targets (docs/fuzzing.md).

/// The keychain record decoders: whatever the strict one accepts satisfies the format's rules,
/// re-encodes to a record that decodes to the same identity, and the deployed (lenient) reading
/// takes it too, with the same ids and keys; the deployed reading never accepts a private key the
/// strict one would refuse for its length or scalar.
enum KeychainRecordHarness {
    static func run(_ data: [UInt8]) {
        let deployed = try? KeychainRecord.decodeAsDeployed(data)
        if let deployed {
            fuzzInvariant(
                deployed.privateKey.count == 32
                    && deployed.privateKey.withUnsafeBytes { Secp256k1.isValidSecretKey(Array($0)) },
                "the deployed reading took an invalid private key")
        }
        guard let identity = try? KeychainRecord.decode(data) else { return }
        fuzzInvariant(
            deployed?.inboxId == identity.inboxId && deployed?.clientId == identity.clientId.value
                && deployed?.privateKey.constantTimeEquals(identity.privateKey) == true
                && deployed?.databaseKey.constantTimeEquals(identity.databaseKey) == true,
            "the deployed reading disagrees with the strict one on a record both should read")
        fuzzInvariant(identity.privateKey.count == 32 && identity.databaseKey.count == 32, "key length")
        fuzzInvariant(
            identity.privateKey.withUnsafeBytes { Secp256k1.isValidSecretKey(Array($0)) }, "invalid scalar accepted")
        fuzzInvariant(
            ClientId(validating: identity.clientId.value) != nil && InboxId.isWellFormed(identity.inboxId),
            "identifiers")
        let again = try? KeychainRecord.decode(KeychainRecord.encode(identity))
        fuzzInvariant(
            again?.inboxId == identity.inboxId && again?.clientId == identity.clientId
                && again?.privateKey.constantTimeEquals(identity.privateKey) == true
                && again?.databaseKey.constantTimeEquals(identity.databaseKey) == true, "record round trip")
    }
}

/// The identity stores driven by fuzz-chosen operations, each checked against a plain model
/// after every step. Two bytes an operation: the operation, then which of four inbox ids and
/// four clientIds it names; so collisions (mismatch, duplicate) are frequent.
enum IdentityStoreHarness {
    static let inboxes = (0..<4).map { Hex.encode(SHA256.hash([UInt8(ascii: "i"), UInt8($0)])) }
    static let clients = [
        "8F2D9C1E-4B7A-4E3F-9D2C-1A0B3C4D5E6F", "0C1D2E3F-4A5B-4C6D-8E7F-9A0B1C2D3E4F",
        "A1B2C3D4-E5F6-4A7B-B8C9-D0E1F2A3B4C5", "11111111-2222-4333-8444-555555555555",
    ].map { ClientId(validating: $0)! }

    /// The sixteen identities the operations can name, made once.
    static let identities = (0..<4).map { inbox in
        (0..<4).map { client in
            ConversationIdentity(
                inboxId: inboxes[inbox], clientId: clients[client],
                privateKey: SecretBytes(copying: SHA256.hash([UInt8(inbox)])),
                databaseKey: SecretBytes(copying: SHA256.hash([UInt8(inbox), 1])))
        }
    }

    static func identity(_ inbox: Int, _ client: Int) -> ConversationIdentity { identities[inbox][client] }

    /// One SQLite database (in memory) for the whole run; each input runs in one scratch session
    /// of it (a transaction rolled back at the end, a savepoint per save), so every input starts
    /// from an empty database: opening and migrating a database per input, or a transaction per
    /// step, would cost more than the input.
    static let sqlite = allocatedForTheWholeRun { try! SQLiteIdentityStore(path: nil) }

    /// The shared database admits one input at a time (the corpus replay tests run harnesses
    /// in parallel).
    static let serial = NSLock()

    /// One step: two bytes (``FuzzStepLayout``), the operation and `inbox | client << 2`, over four
    /// inboxes and four clientIds; every operation names both, and the checks after each step
    /// look both up. At most 16 steps an input: four of each reach every pairing, mismatch and
    /// duplicate within a few; a longer input only slows the run (docs/fuzzing.md).
    struct Step: FuzzStep {
        /// The names are the vectors' `op`s.
        enum Operation: String, Sendable {
            case save, delete, lookupByClientId, lookupByInboxId
        }

        /// Append-only: a new operation takes opcode 4. Bytes 4-255 read as `byte % 4`.
        static let layout = FuzzStepLayout<Operation>(
            opcodes: [
                .save,  // 0
                .delete,  // 1
                .lookupByClientId,  // 2
                .lookupByInboxId,  // 3
            ], aliasModulus: 4, width: 2, maximumSteps: 16)

        var operation: Operation
        var inbox: Int
        var client: Int

        init(operation: Operation, inbox: Int, client: Int) {
            (self.operation, self.inbox, self.client) = (operation, inbox, client)
        }

        init(kind: Operation, operands reader: inout FuzzStepReader) {
            let ids = reader.byte()
            self.init(operation: kind, inbox: Int(ids % 4), client: Int((ids >> 2) % 4))
        }

        func write(to writer: inout FuzzStepWriter) -> Operation {
            precondition(inbox < 4 && client < 4, "no byte names inbox \(inbox) and clientId \(client)")
            writer.byte(UInt8(inbox | client << 2))
            return operation
        }

        /// A trace of identity_store's vectors as steps: its inboxes and clientIds numbered in order
        /// of first appearance (modulo four).
        static func steps(of trace: [JSONValue]) -> [Step] {
            var inboxes: [String: Int] = [:]
            var clients: [String: Int] = [:]
            return trace.compactMap { step in
                guard let name = step["op"]?.stringValue, let operation = Operation(rawValue: name) else { return nil }
                let inbox = step["inboxId"]?.stringValue ?? ""
                let client = step["clientId"]?.stringValue ?? ""
                if inboxes[inbox] == nil { inboxes[inbox] = inboxes.count % 4 }
                if clients[client] == nil { clients[client] = clients.count % 4 }
                return Step(operation: operation, inbox: inboxes[inbox]!, client: clients[client]!)
            }
        }
    }

    static func run(_ data: [UInt8]) {
        serial.lock()
        defer { serial.unlock() }
        let session: Void? = try? sqlite.scratch { check(data) }
        fuzzInvariant(session != nil, "the scratch session failed")
    }

    static func check(_ data: [UInt8]) {
        let memory = InMemoryIdentityStore()
        let stores: [any IdentityStore] = [memory, sqlite]
        var model: [Int: Int] = [:]  // inbox index -> client index
        for step in Step.decode(data) {
            let (inbox, client) = (step.inbox, step.client)
            switch step.operation {
            case .save:
                let expected: Result<SaveOutcome, IdentityError>
                if let held = model[inbox] {
                    expected =
                        held == client
                        ? .success(.unchanged)
                        : .failure(
                            .clientIdMismatch(
                                inboxId: inboxes[inbox], existingClientId: clients[held].value,
                                newClientId: clients[client].value))
                } else if model.values.contains(client) {
                    expected = .failure(.duplicateClientId(clientId: clients[client].value))
                } else {
                    expected = .success(.saved)
                    model[inbox] = client
                }
                for store in stores {
                    let got = Result { () throws(IdentityError) in try store.save(identity(inbox, client)) }
                    fuzzInvariant(got == expected, "save disagrees with the model")
                }
            case .delete:
                let removed = model.removeValue(forKey: inbox) != nil
                for store in stores {
                    fuzzInvariant((try? store.delete(inboxId: inboxes[inbox])) == removed, "delete disagrees")
                }
            case .lookupByClientId, .lookupByInboxId:
                break  // the lookups below run after every step
            }
            // After every step, the stores agree with the model: the in-memory store through
            // every lookup; the SQLite store where the step could change it (the inbox and the
            // clientId it named), and through its whole table once the input is done.
            fuzzInvariant(
                (try? sqlite.identity(inboxId: inboxes[inbox]))??.clientId == model[inbox].map { clients[$0] },
                "SQLite lookup by the step's inbox")
            let holder = model.first { $0.value == client }?.key
            fuzzInvariant(
                (try? sqlite.identity(clientId: clients[client].value))??.inboxId == holder.map { inboxes[$0] },
                "SQLite lookup by the step's clientId")
            for (k, inboxId) in inboxes.enumerated() {
                fuzzInvariant(
                    memory.identity(inboxId: inboxId)?.clientId == model[k].map { clients[$0] }, "lookup by inbox")
            }
            for (c, clientId) in clients.enumerated() {
                let owner = model.first { $0.value == c }?.key
                fuzzInvariant(
                    memory.identity(clientId: clientId.value)?.inboxId == owner.map { inboxes[$0] },
                    "lookup by clientId")
            }
        }
        // And once at the end, the whole table and every lookup of the SQLite store.
        let expected = Dictionary(uniqueKeysWithValues: model.map { (inboxes[$0.key], clients[$0.value].value) })
        fuzzInvariant((try? sqlite.allPairs()) == expected, "SQLite store disagrees with the model")
        for (k, inboxId) in inboxes.enumerated() {
            fuzzInvariant(
                (try? sqlite.identity(inboxId: inboxId))??.clientId == model[k].map { clients[$0] },
                "SQLite lookup by inbox")
        }
    }
}

/// The push path end to end through a real store: a payload (the input) resolves to exactly
/// the identity whose clientId it names, or to none.
enum PushResolverHarness {
    static func run(_ data: [UInt8]) {
        guard let json = try? JSONParser.parse(data), let payload = try? ConvosPushPayload.parse(json) else { return }
        let store = InMemoryIdentityStore()
        for k in 0..<3 { _ = try? store.save(IdentityStoreHarness.identity(k, k)) }
        _ = store.delete(inboxId: IdentityStoreHarness.inboxes[2])
        switch ConvosPushRouter.route(payload, resolver: store) {
        case .routed(let identity, _):
            fuzzInvariant(
                store.identity(clientId: payload.clientId)?.inboxId == identity.inboxId, "routed to another inbox")
            fuzzInvariant(identity.inboxId != IdentityStoreHarness.inboxes[2], "routed to a deleted inbox")
        case .unknownClientId:
            fuzzInvariant(store.identity(clientId: payload.clientId) == nil, "a stored clientId did not resolve")
        }
    }
}

extension IdentitySuite {
    public var fuzzTargets: [FuzzTarget] {
        [
            FuzzTarget("FuzzKeychainRecord", seeds: Self.keychainRecords, run: KeychainRecordHarness.run),
            FuzzTarget("FuzzIdentityStore", seeds: Self.storeTraces, run: IdentityStoreHarness.run),
            FuzzTarget("FuzzPushResolver", seeds: Self.pushPayloads, run: PushResolverHarness.run),
        ]
    }

    /// The keychain records the app reads and writes.
    static func keychainRecords(_ files: [VectorFile]) -> [[UInt8]] {
        files.tests(of: "identity_keychain").flatMap { _, test in
            [SeedBytes.text(test.input["record"]), SeedBytes.text(test.expectedOutput?["record"])].compactMap { $0 }
        }
    }

    /// The store traces, as typed steps written through the target's layout.
    static func storeTraces(_ files: [VectorFile]) -> [[UInt8]] {
        files.tests(of: "identity_store").compactMap { _, test in
            test.input["steps"]?.arrayValue.map {
                IdentityStoreHarness.Step.encode(IdentityStoreHarness.Step.steps(of: $0))
            }
        }
    }

    /// The push payloads the resolver routes.
    static func pushPayloads(_ files: [VectorFile]) -> [[UInt8]] {
        (files.tests(of: "convos_push") + files.tests(of: "identity_backend")).compactMap { _, test in
            test.input["payload"].map(SeedBytes.json)
        }
    }
}
