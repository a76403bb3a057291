import ArgumentParser
import Foundation
import PushProofConformance
import PushProofJSON

/// `pushproof show FILE:TCID`: one test whole, with its group's operation and profile.
struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print one test whole: its operation, profile, input, expected answer and alternatives.")

    @OptionGroup var location: VectorsLocation

    @Argument(help: "The test, as FILE:TCID (e.g. registration_bouncer:17).")
    var test: String

    func run() throws {
        let parts = test.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, let tcId = Int(parts[1]) else {
            FileHandle.standardError.write(Data("pushproof show: expected FILE:TCID, got `\(test)`\n".utf8))
            throw ExitCode(2)
        }
        let source = try location.resolve()
        let name = String(parts[0])
        let known = source.vectorFileNames
        guard known.contains(name) else {
            FileHandle.standardError.write(
                Data("pushproof show: no vector file \(name); known: \(known.joined(separator: ", "))\n".utf8))
            throw ExitCode(2)
        }
        let file = try source.vectorFiles(only: [name])[0]
        for group in file.groups {
            guard let found = group.tests.first(where: { $0.tcId == tcId }) else { continue }
            print("\(name):\(tcId) [\(group.operation.rawValue), \(group.profile.rawValue), \(group.type)]")
            print(JSONWriter.pretty(found.json))
            return
        }
        FileHandle.standardError.write(Data("pushproof show: \(name) has no test \(tcId)\n".utf8))
        throw ExitCode(2)
    }
}
