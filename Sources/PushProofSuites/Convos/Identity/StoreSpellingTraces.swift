import PushProofConformance
import PushProofJSON

/// identity_store: ids spelled in canonically equivalent ways. The app's inbox table compares
/// TEXT with SQLite's BINARY collation (lookups, the inboxId primary key, the clientId UNIQUE
/// constraint), so each spelling is another id; only InboxWriter's check of an inbox saved again
/// compares the two clientIds as Swift Strings, by canonical equivalence. Each trace stores the
/// spelling in the middle of three inboxes.
extension IdentityStoreVectors {
    /// (what, stored, asked): canonically equivalent, not the same bytes.
    static let spellings: [(String, String, String)] = [
        ("é precomposed (U+00E9), asked decomposed (e + U+0301)", "client-caf\u{E9}", "client-cafe\u{301}"),
        ("é decomposed, asked precomposed", "client-cafe\u{301}", "client-caf\u{E9}"),
        ("K, asked as U+212A KELVIN SIGN", "client-K", "client-\u{212A}"),
        ("U+212A KELVIN SIGN, asked as K", "client-\u{212A}", "client-K"),
        ("Ω (U+03A9), asked as U+2126 OHM SIGN", "client-\u{3A9}", "client-\u{2126}"),
        ("U+2126 OHM SIGN, asked as Ω", "client-\u{2126}", "client-\u{3A9}"),
        ("Å (U+00C5), asked as A + U+030A", "client-\u{C5}", "client-A\u{30A}"),
        ("A + U+030A, asked as Å (U+00C5)", "client-A\u{30A}", "client-\u{C5}"),
        ("U+212B ANGSTROM SIGN, asked as Å (U+00C5)", "client-\u{212B}", "client-\u{C5}"),
        ("Å (U+00C5), asked as U+212B ANGSTROM SIGN", "client-\u{C5}", "client-\u{212B}"),
    ]

    static func spellingTraces() -> [VectorCase] {
        let (i1, i2, i3, i4) = (inbox(1), inbox(2), inbox(3), inbox(4))
        let core = "xmtplabs/convos-ios@f47421a9:ConvosCore/Sources/ConvosCore/"
        let table =
            "\(core)Storage/Repositories/InboxesRepository.swift:31-38 (SQLite `=` on TEXT, BINARY collation), "
            + "\(core)Storage/SharedDatabaseMigrator.swift:24-34 (inboxId PRIMARY KEY, clientId UNIQUE)"
        let writer =
            "\(core)Storage/Writers/InboxWriter.swift:35-51 (the inbox fetched by its id, then `existingInbox.clientId "
            + "!= clientId`, Swift Strings: canonically equivalent spellings are equal)"
        func trace(_ comment: String, _ flags: [String], _ source: String, _ steps: [JSONValue]) -> VectorCase {
            VectorCase(comment: comment, flags: flags, source: source, input: ["steps": .array(steps)])
        }
        var cases = spellings.map { what, stored, asked in
            trace(
                "the middle of three inboxes holds a clientId with \(what): not found by the other spelling, which "
                    + "a fourth inbox may then hold; the middle inbox saved again with it is unchanged",
                ["ExactText", "CanonicalEquivalence", "ManyRows"], "\(table); \(writer)",
                [
                    save(i1, clientA), save(i2, stored), save(i3, clientC), byClient(asked), byClient(stored),
                    save(i2, asked), byInbox(i2), save(i4, asked), byClient(asked), byClient(stored), byInbox(i4),
                ])
        }
        let nfcInbox = "inbox-caf\u{E9}"
        let nfdInbox = "inbox-cafe\u{301}"
        cases += [
            trace(
                "inbox ids spelled é precomposed and decomposed are two inboxes, found, deleted and refused apart",
                ["ExactText", "CanonicalEquivalence"], "\(table); \(writer)",
                [
                    save(nfcInbox, clientA), save(nfdInbox, clientB), byInbox(nfdInbox), byInbox(nfcInbox),
                    save(nfdInbox, clientC), delete(nfcInbox), byInbox(nfdInbox), byClient(clientA),
                    byInbox(nfcInbox), delete(nfcInbox),
                ]),
            trace(
                "inbox ids spelled with K and with U+212A KELVIN SIGN are two inboxes",
                ["ExactText", "CanonicalEquivalence"], "\(table); \(writer)",
                [
                    save("inbox-K", clientA), save(i1, clientB), save("inbox-\u{212A}", clientC),
                    byInbox("inbox-\u{212A}"), byInbox("inbox-K"), delete("inbox-\u{212A}"), byInbox("inbox-K"),
                    byClient(clientC),
                ]),
            trace(
                "an inbox saved again with its clientId's other spelling of é is unchanged, and keeps the stored "
                    + "spelling: the other spelling is still free for another inbox",
                ["Idempotent", "ExactText", "CanonicalEquivalence"], "\(writer); \(table)",
                [
                    save(i1, "client-caf\u{E9}"), save(i1, "client-cafe\u{301}"), byInbox(i1),
                    byClient("client-cafe\u{301}"), save(i2, "client-cafe\u{301}"), byClient("client-cafe\u{301}"),
                    save(i1, "client-cafe"), byClient("client-caf\u{E9}"),
                ]),
        ]
        return cases
    }
}
