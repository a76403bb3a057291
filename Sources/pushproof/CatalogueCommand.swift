import ArgumentParser
import Foundation
import PushProofConformance
import PushProofJSON
import PushProofSuites

/// The catalogue as data: what doc generators and CI read instead of restating what the suites
/// declare (`CatalogueListing`).
struct Catalogue: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Print the catalogue: operations, schemas, profiles, error codes, flags, fuzz targets, mutants, counts.",
        discussion: """
            Without --json, one line an operation: its name, suite, profiles and number of tests. With --json, \
            the whole catalogue (format pushproof-catalogue/1); its "counts" are what vectors/COUNTS.json holds.
            """)

    @Flag(name: .long, help: "Print the whole catalogue as JSON.")
    var json = false

    @OptionGroup var location: VectorsLocation

    func run() throws {
        let files = try location.resolve().vectorFiles()
        let listing = CatalogueListing.catalogue(Suites.catalogue, files: files, version: PushProofVersion.string)
        if json {
            print(JSONWriter.pretty(listing))
            return
        }
        let counts = listing["counts"]?["operations"]
        for suite in Suites.catalogue.suites {
            for operation in suite.operations {
                let tests = counts?[operation.name.rawValue]?["tests"].map { JSONWriter.compact($0) } ?? "0"
                let profiles = operation.profiles.map(\.rawValue).sorted().joined(separator: ",")
                print("\(operation.name.rawValue)  \(suite.name)  \(profiles)  \(tests) tests")
            }
        }
    }
}
