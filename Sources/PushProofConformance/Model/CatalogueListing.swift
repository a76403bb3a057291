import PushProofJSON

/// The catalogue as data, for doc generators and CI: what `pushproof catalogue --json` prints and
/// what `vectors/COUNTS.json` holds. Every list is sorted, so the same catalogue and vectors
/// give the same bytes.
public enum CatalogueListing {
    public static let countsFormat = "pushproof-counts/1"
    public static let catalogueFormat = "pushproof-catalogue/1"

    /// How many tests the vector files hold: in all, by result, by vector file, by operation and
    /// profile, and each operation's refusals by error code; with how many fuzz targets and
    /// known-bad implementations the catalogue has. CI reads its floors from here
    /// (`scripts/check-report.py --counts`).
    public static func counts(of files: [VectorFile], catalogue: ConformanceCatalogue) -> JSONValue {
        let tests = files.flatMap { file in file.groups.flatMap { group in group.tests.map { (group, $0) } } }
        var byResult: [String: Int] = [:]
        var byOperation: [String: [String: Int]] = [:]
        var errors: [String: [String: Int]] = [:]
        for (group, test) in tests {
            byResult[test.result.rawValue, default: 0] += 1
            byOperation[group.operation.rawValue, default: [:]][group.profile.rawValue, default: 0] += 1
            if test.result == .invalid, case .error(let code, _) = test.expected {
                errors[group.operation.rawValue, default: [:]][code, default: 0] += 1
            }
        }
        return .object([
            .init("format", .string(countsFormat)),
            .init("tests", .integer(tests.count)),
            .init("byResult", sortedCounts(byResult)),
            .init(
                "vectorFiles",
                .object(files.sorted { $0.name < $1.name }.map { .init($0.name, .integer($0.numberOfTests)) })),
            .init(
                "operations",
                .object(
                    byOperation.keys.sorted().map { name in
                        let profiles = byOperation[name]!
                        return .init(
                            name,
                            .object([
                                .init("tests", .integer(profiles.values.reduce(0, +))),
                                .init("profiles", sortedCounts(profiles)),
                                .init("invalidByErrorCode", sortedCounts(errors[name] ?? [:])),
                            ]))
                    })),
            .init("fuzzTargets", .integer(catalogue.fuzzTargets.count)),
            .init("mutants", .integer(catalogue.mutants.count)),
        ])
    }

    /// The whole catalogue: its suites and operations (schemas, profiles, the vector files that
    /// ask them, the error codes their vectors expect), the profiles, every flag with its note,
    /// the fuzz targets, the known-bad implementations, and the counts.
    public static func catalogue(
        _ catalogue: ConformanceCatalogue, files: [VectorFile], version: String
    ) -> JSONValue {
        var filesByOperation: [OperationName: Set<String>] = [:]
        var codes: [OperationName: Set<String>] = [:]
        for file in files {
            for group in file.groups {
                filesByOperation[group.operation, default: []].insert(file.name)
                for test in group.tests {
                    for answer in test.acceptedAnswers {
                        if case .error(let code, _) = answer { codes[group.operation, default: []].insert(code) }
                    }
                }
            }
        }
        let operations: [JSONValue] = catalogue.suites.flatMap { suite in
            suite.operations.map { operation in
                JSONValue.object([
                    .init("name", .string(operation.name.rawValue)),
                    .init("suite", .string(suite.name)),
                    .init("groupType", .string(operation.schema.groupType)),
                    .init("profiles", .array(operation.profiles.map(\.rawValue).sorted().map(JSONValue.string))),
                    .init("judgedByMeaning", .bool(operation.meaning != nil)),
                    .init("vectorFiles", strings(filesByOperation[operation.name] ?? [])),
                    .init("errorCodes", strings(codes[operation.name] ?? [])),
                    .init("input", operation.schema.input),
                    .init("output", operation.schema.output),
                ])
            }
        }
        var flags: [String: (note: VectorNote, files: Set<String>)] = [:]
        for file in files {
            for entry in file.notes { flags[entry.flag, default: (entry.note, [])].files.insert(file.name) }
        }
        return .object([
            .init("format", .string(catalogueFormat)),
            .init("version", .string(version)),
            .init(
                "suites",
                .array(
                    catalogue.suites.map { suite in
                        .object([
                            .init("name", .string(suite.name)),
                            .init("operations", .array(suite.operations.map { .string($0.name.rawValue) })),
                        ])
                    })),
            .init("operations", .array(operations)),
            .init(
                "profiles", strings(Set(catalogue.suites.flatMap { $0.operations.flatMap(\.profiles) }.map(\.rawValue)))
            ),
            .init(
                "flags",
                .array(
                    flags.keys.sorted().map { flag in
                        .object([
                            .init("flag", .string(flag)),
                            .init("bugType", .string(flags[flag]!.note.bugType.rawValue)),
                            .init("description", .string(flags[flag]!.note.description)),
                            .init("vectorFiles", strings(flags[flag]!.files)),
                        ])
                    })),
            .init("fuzzTargets", .array(catalogue.fuzzTargets.map { .string($0.name) })),
            .init(
                "mutants",
                .array(
                    catalogue.mutants.map { mutant in
                        .object([
                            .init("id", .string(mutant.id)),
                            .init("bugClass", .string(mutant.bugClass.rawValue)),
                            .init("summary", .string(mutant.summary)),
                        ])
                    })),
            .init("counts", counts(of: files, catalogue: catalogue)),
        ])
    }

    private static func sortedCounts(_ counts: [String: Int]) -> JSONValue {
        .object(counts.keys.sorted().map { .init($0, .integer(counts[$0]!)) })
    }

    private static func strings(_ values: Set<String>) -> JSONValue { .array(values.sorted().map(JSONValue.string)) }
}
