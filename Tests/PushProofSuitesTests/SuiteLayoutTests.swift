import Foundation
import PushProofConformance
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
        let vectorFiles = try ConformanceRunner.loadVectors(directory: vectorsDirectory).map(\.suite)
        #expect(vectorFiles.count >= 18)
        for file in vectorFiles {
            let generator = file.replacingOccurrences(of: "_", with: "").lowercased() + "vectors.swift"
            #expect(names.contains(generator), "no generator file named after \(file) (\(generator), any case)")
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
