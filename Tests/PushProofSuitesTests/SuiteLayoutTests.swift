import Foundation
import PushProofConformance
import PushProofSuites
import Testing

/// The suites' source layout that docs/architecture.md promises a new maintainer: a generator
/// named after each vector file, and no suite file too long to read.
@Suite struct SuiteLayoutTests {
    static let suitesFolder = packageRoot.appendingPathComponent("Sources/PushProofSuites")

    /// Every Swift file under Sources/PushProofSuites, by its path below that folder.
    static func suiteFiles() throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: suitesFolder.path)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".swift") { files.append(path) }
        }
        return files.sorted()
    }

    /// `catbird_keypackage_validate` has `CatbirdKeyPackageValidateVectors.swift`: the file's name
    /// without underscores, compared without case, then `Vectors.swift`.
    @Test func everyVectorFileHasAGeneratorNamedAfterIt() throws {
        let names = Set(try Self.suiteFiles().map { ($0 as NSString).lastPathComponent.lowercased() })
        let vectorFiles = try ConformanceRunner.loadVectors(directory: vectorsDirectory).map(\.name)
        #expect(vectorFiles.count >= 18)
        for file in vectorFiles {
            let generator = file.replacingOccurrences(of: "_", with: "").lowercased() + "vectors.swift"
            #expect(names.contains(generator), "no generator file named after \(file) (\(generator), any case)")
        }
    }

    /// One layout: `<Messenger>/<Suite>/` for every suite, `<Messenger>/Shared/` for what one
    /// messenger's suites share, and each suite folder with its suite, schemas, notes, mutants and
    /// fuzz targets under one prefix (`Convos/Push/ConvosPushSuite.swift`) and its operations.
    @Test func everySuiteSitsAtOneDepthWithTheSameFiles() throws {
        let files = try Self.suiteFiles()
        var folders: [String: [String]] = [:]
        for path in files where path != "Suites.swift" {
            let parts = path.split(separator: "/").map(String.init)
            #expect(parts.count == 3, "\(path) is not at <Messenger>/<Suite>/<File>.swift")
            guard parts.count == 3 else { continue }
            #expect(["Zulip", "Convos", "Catbird"].contains(parts[0]), "\(path): no such messenger folder")
            folders[parts[0] + "/" + parts[1], default: []].append(parts[2])
        }
        let suites = folders.filter { !$0.key.hasSuffix("/Shared") }
        #expect(suites.count == Suites.all.count, "\(suites.count) suite folders for \(Suites.all.count) suites")
        for (folder, names) in suites {
            let suiteFiles = names.filter { $0.hasSuffix("Suite.swift") }
            #expect(suiteFiles.count == 1, "\(folder) has \(suiteFiles.count) *Suite.swift files")
            guard let suiteFile = suiteFiles.first else { continue }
            let prefix = String(suiteFile.dropLast("Suite.swift".count))
            for part in ["Schemas", "Notes", "Mutants", "FuzzTargets"] {
                #expect(names.contains(prefix + part + ".swift"), "\(folder) has no \(prefix)\(part).swift")
            }
            #expect(names.contains { $0.hasSuffix("Operations.swift") }, "\(folder) has no *Operations.swift")
        }
    }

    @Test func noSuiteFileIsLongerThan600Lines() throws {
        let files = try Self.suiteFiles()
        #expect(files.count > 50)
        for path in files {
            let text = try String(contentsOf: Self.suitesFolder.appendingPathComponent(path), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(lines <= 600, "\(path) has \(lines) lines")
        }
    }
}
