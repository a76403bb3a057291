import Foundation
import PushProofConformance
import PushProofJSON
import PushProofSuites
import Testing

/// `pushproof catalogue --json` and `vectors/COUNTS.json`: what doc generators and CI read
/// instead of restating the suites.
@Suite struct CatalogueListingTests {
    @Test func theCatalogueListsEveryOperationWithItsCountsAndCodes() throws {
        let files = try ConformanceRunner.loadVectors(directory: vectorsDirectory)
        let listing = CatalogueListing.catalogue(Suites.catalogue, files: files, version: "test")
        guard case .array(let operations) = listing["operations"] else {
            Issue.record("no operations")
            return
        }
        let declared = Suites.all.flatMap(\.operations)
        #expect(operations.count == declared.count)
        #expect(operations.compactMap { $0["name"] } == declared.map { .string($0.name.rawValue) })
        let codes = try #require(operations.first { $0["name"] == "explode.metadataEncode" }?["errorCodes"])
        guard case .array(let codeList) = codes else {
            Issue.record("no error codes")
            return
        }
        #expect(codeList.contains("APP_DATA_TOO_LARGE"))
        // The counts are those of the files, and what vectors/COUNTS.json holds.
        let counts = try #require(listing["counts"])
        let tests = files.reduce(0) { $0 + $1.numberOfTests }
        #expect(counts["tests"] == .integer(tests) && tests > 3000)
        let written = try JSONParser.parse(
            String(
                decoding: try Data(contentsOf: vectorsDirectory.appendingPathComponent("COUNTS.json")), as: UTF8.self))
        #expect(written == counts)
        guard case .object(let byOperation) = counts["operations"] else {
            Issue.record("no counts by operation")
            return
        }
        #expect(byOperation.count == declared.count, "an operation without vectors")
        // Every flag a vector carries has its note; every mutant and fuzz target is listed.
        let flags = Set(files.flatMap { $0.groups.flatMap { $0.tests.flatMap(\.flags) } })
        guard case .array(let listed) = listing["flags"] else {
            Issue.record("no flags")
            return
        }
        let noted = Set(
            listed.compactMap { entry -> String? in
                guard case .string(let flag)? = entry["flag"], case .string(let note)? = entry["description"],
                    !note.isEmpty
                else { return nil }
                return flag
            })
        #expect(flags.subtracting(noted).isEmpty, "flags without a note: \(flags.subtracting(noted).sorted())")
        #expect(
            listing["mutants"].map { if case .array(let a) = $0 { a.count } else { 0 } }
                == Suites.catalogue.mutants.count)
        #expect(
            listing["fuzzTargets"].map { if case .array(let a) = $0 { a.count } else { 0 } }
                == Suites.catalogue.fuzzTargets.count)
    }
}
