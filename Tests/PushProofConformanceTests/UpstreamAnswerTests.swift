import PushProofConformance
import PushProofJSON
import Testing

/// A reader of names: `deployed` and `legacy` trim the spaces around a name, as the made-up
/// upstream does; `hardened` refuses them (`PADDED`). An empty name is `EMPTY` everywhere.
struct TrimmingSuite: ConformanceSuite {
    let name = "trimming"

    var operations: [SuiteOperation] {
        [
            SuiteOperation(
                "name.read", schema: OperationSchema(groupType: "ReadTest", input: true, output: true),
                profiles: [.deployed, .legacy, .hardened],
                handler: Self.read)
        ]
    }

    static let read: SuiteOperation.Handler = { request in
        let text = try request.reader.string("name")
        let trimmed = String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        if trimmed.isEmpty { return .error(code: "EMPTY", message: nil) }
        if request.profile == .hardened, trimmed != text { return .error(code: "PADDED", message: nil) }
        return .output(["name": .string(trimmed)])
    }

    func vectorFiles() throws -> [VectorFileDeclaration] { [] }
}

extension Profile {
    fileprivate static let legacy: Profile = "legacy"
}

/// Generation holds a test of a profile that follows upstream to upstream's answer, by the
/// `upstream` word of its flags' notes (docs/vector-format.md, "Upstream's answer").
@Suite struct UpstreamAnswerTests {
    static let notes: [String: VectorNote] = [
        "Normal": VectorNote(bugType: .basic, description: "An ordinary name."),
        "Padded": VectorNote(bugType: .leniency, description: "Spaces around the name: upstream trims them."),
        "NoPadding": VectorNote(
            bugType: .modifiedParameter, description: "PushProof's rule: a name has no spaces around it.",
            upstream: .stricter),
        "TwoReadings": VectorNote(
            bugType: .defined, description: "Upstream's two versions answer this differently.", upstream: .several),
    ]

    func build(
        _ profile: Profile, _ c: VectorCase, upstreamProfiles: Set<Profile> = [.deployed]
    ) throws -> VectorFile {
        try VectorFileDeclaration(
            name: "name_read", protocolName: "toy", notes: Self.notes, header: ["Names."],
            groups: [
                .init(
                    operation: "name.read", profile: profile, description: "Names.", ids: .from(1),
                    cases: [c])
            ]
        ).build(
            with: ReferenceImplementation(suites: [TrimmingSuite()]), upstreamProfiles: upstreamProfiles,
            groupTypes: ["name.read": "ReadTest"])
    }

    func refusal(_ error: any Error) -> String { String(describing: error) }

    @Test func aStricterFlagBelongsToHardenedOnly() throws {
        let strict = VectorCase(
            comment: "a padded name is refused", flags: ["NoPadding"], input: ["name": " ann "], code: "PADDED")
        let file = try build(.hardened, strict)
        #expect(file.groups[0].tests[0].expected == .error(code: "PADDED", message: nil))
        // The same flag on a deployed test, whatever it expects, stops generation.
        let deployed = VectorCase(comment: "a padded name", flags: ["NoPadding"], input: ["name": " ann "])
        #expect {
            try build(.deployed, deployed)
        } throws: { refusal($0).contains("stricter than upstream's") }
    }

    @Test func aRefusalBesideAnAcceptingAlternativeNeedsSeveralReadings() throws {
        // Expecting PushProof's refusal and allowing upstream's reading only as an alternative: the
        // stricter implementation would pass where upstream passes only by the alternative.
        let refusing = VectorCase(
            comment: "a name of spaces", flags: ["Padded"], input: ["name": "  "], code: "EMPTY",
            alsoAccepted: [["output": ["name": ""]]])
        #expect {
            try build(.deployed, refusing)
        } throws: { refusal($0).contains("expects a refusal where an accepted answer accepts") }
        // Where upstream itself answers both ways, the test says so and may accept both.
        var both = refusing
        both.flags = ["TwoReadings"]
        #expect(try build(.deployed, both).groups[0].tests[0].result == .acceptable)
        // PushProof's own profiles may expect the refusal beside anything.
        #expect(throws: Never.self) {
            try build(.hardened, VectorCase(comment: "spaces", flags: ["Padded"], input: ["name": "  "], code: "EMPTY"))
        }
        // Upstream's answer expected, a stricter one allowed: not this rule's business.
        let lenient = VectorCase(
            comment: "a padded name is trimmed", flags: ["Padded"], input: ["name": " ann "],
            alsoAccepted: [["error": "PADDED"]])
        #expect(try build(.deployed, lenient).groups[0].tests[0].result == .acceptable)
    }

    @Test func aSuitesOwnProfileFollowsUpstreamWhenItSaysSo() throws {
        let strict = VectorCase(
            comment: "a padded name is trimmed", flags: ["NoPadding"], input: ["name": " ann "])
        #expect(throws: Never.self) { try build(.legacy, strict) }
        #expect {
            try build(.legacy, strict, upstreamProfiles: [.deployed, .legacy])
        } throws: { refusal($0).contains("in the legacy profile") }
    }

    @Test func theNotesUpstreamWordIsWrittenAndReadBack() throws {
        let file = try build(
            .hardened,
            VectorCase(
                comment: "a padded name is refused", flags: ["NoPadding"], input: ["name": " ann "], code: "PADDED"))
        #expect(file.json["notes"]?["NoPadding"]?["upstream"] == "stricter")
        #expect(file.json["notes"]?["NoPadding"]?.members?.map(\.key) == ["bugType", "description", "upstream"])
        #expect(try VectorFile(json: file.json) == file)
        let wrong = file.json.setting(
            "notes", to: ["NoPadding": ["bugType": "BASIC", "description": "x", "upstream": "laxer"]])
        #expect(throws: VectorFormatError.self) { try VectorFile(json: wrong) }
    }
}
