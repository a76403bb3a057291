import Foundation
import PushProofConformance
import Testing

/// Where a run's vectors come from, their manifest and digest, and the refusals a release relies
/// on: an altered, incomplete or added file, a digest other than the expected one, a folder that
/// is not there.
@Suite struct VectorSourceTests {
    /// A scratch folder holding a copy of three small vector files and a schema.
    private func scratch() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pushproof-source-\(UUID())")
        let vectors = root.appendingPathComponent("vectors/schemas", isDirectory: true)
        try FileManager.default.createDirectory(at: vectors, withIntermediateDirectories: true)
        for name in ["convos_push_test.json", "explode_codec_test.json", "registration_client_test.json"] {
            try FileManager.default.copyItem(
                at: vectorsDirectory.appendingPathComponent(name),
                to: root.appendingPathComponent("vectors/\(name)"))
        }
        try FileManager.default.copyItem(
            at: vectorsDirectory.appendingPathComponent("schemas/convos_push_schema.json"),
            to: vectors.appendingPathComponent("convos_push_schema.json"))
        return root
    }

    private func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
    }

    @Test func theManifestIsSha256sumsFormatAndTheDigestItsHash() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let source = try VectorSource.load(root.appendingPathComponent("vectors"), origin: .named)
        let lines = source.manifest.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(source.fileCount == 4)
        #expect(lines.map { String($0.dropFirst(66)) } == lines.map { String($0.dropFirst(66)) }.sorted())
        #expect(lines.last == lines.first { $0.hasSuffix("  schemas/convos_push_schema.json") })
        for line in lines {
            #expect(line.range(of: "^[0-9a-f]{64}  [a-z_/]+\\.json$", options: .regularExpression) != nil)
        }
        // One byte changed anywhere changes the digest.
        let file = root.appendingPathComponent("vectors/explode_codec_test.json")
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count - 2] ^= 0x20
        try bytes.write(to: file)
        let changed = try VectorSource.load(root.appendingPathComponent("vectors"), origin: .named)
        #expect(changed.digest != source.digest)
        #expect(changed.digest.count == 64)
    }

    /// The files a run parses are the bytes the manifest hashed: a file changed on disk after the
    /// folder was read changes nothing the run sees.
    @Test func theVectorsParsedAreTheBytesHashed() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let vectors = root.appendingPathComponent("vectors")
        let source = try VectorSource.load(vectors, origin: .named)
        #expect(source.vectorFileNames == ["convos_push", "explode_codec", "registration_client"])
        let before = try source.vectorFiles()
        try write("{}", to: vectors.appendingPathComponent("explode_codec_test.json"))
        let after = try source.vectorFiles()
        #expect(after.map(\.name) == ["convos_push", "explode_codec", "registration_client"])
        #expect(after.map { $0.groups.flatMap(\.tests).count } == before.map { $0.groups.flatMap(\.tests).count })
        #expect(
            try source.vectorFiles(only: ["registration_client", "convos_push"]).map(\.name)
                == ["registration_client", "convos_push"])
        #expect(throws: RunnerError.self) { try source.vectorFiles(only: ["no_such"]) }
        // Read again, the changed file is refused by name.
        #expect(throws: RunnerError.self) { try VectorSource.load(vectors, origin: .named).vectorFiles() }
    }

    @Test func aShippedManifestIsCheckedFileByFile() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let vectors = root.appendingPathComponent("vectors")
        let manifest = try VectorSource.load(vectors, origin: .named).manifest
        try write(manifest, to: vectors.appendingPathComponent(VectorSource.manifestName))
        // Intact: loads, and the shipped manifest is not itself listed.
        let intact = try VectorSource.load(vectors, origin: .shipped)
        #expect(intact.manifest == manifest)

        // Changed.
        let codec = vectors.appendingPathComponent("explode_codec_test.json")
        let original = try Data(contentsOf: codec)
        try write("{}", to: codec)
        #expect(throws: VectorSourceError.manifestMismatch(vectors.path, ["explode_codec_test.json changed"])) {
            try VectorSource.load(vectors, origin: .shipped)
        }
        // Missing.
        try FileManager.default.removeItem(at: codec)
        #expect(throws: VectorSourceError.manifestMismatch(vectors.path, ["explode_codec_test.json missing"])) {
            try VectorSource.load(vectors, origin: .shipped)
        }
        // Added.
        try original.write(to: codec)
        try write("{}", to: vectors.appendingPathComponent("schemas/extra.json"))
        #expect(throws: VectorSourceError.manifestMismatch(vectors.path, ["schemas/extra.json not listed"])) {
            try VectorSource.load(vectors, origin: .shipped)
        }
    }

    @Test func theExpectedDigestIsEnforced() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("vectors").path
        let digest = try VectorSource.locate(named: path).digest
        #expect(try VectorSource.locate(named: path, expectedDigest: "sha256:\(digest.uppercased())").digest == digest)
        let other = String(repeating: "0", count: 64)
        #expect(throws: VectorSourceError.digestMismatch(expected: other, actual: digest, path)) {
            try VectorSource.locate(named: path, expectedDigest: other)
        }
    }

    @Test func shippedVectorsAreFoundBesideTheBinaryOrOneLevelUpBeforeTheWorkingDirectory() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let vectors = root.appendingPathComponent("vectors")
        let elsewhere = try scratch()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        // Without a manifest the folder beside the binary is not taken for a release's.
        let binary = root.appendingPathComponent("pushproof")
        let fromWorkingDirectory = try VectorSource.locate(named: nil, executable: binary, workingDirectory: elsewhere)
        #expect(fromWorkingDirectory.origin == .workingDirectory)
        #expect(fromWorkingDirectory.directory.path == elsewhere.appendingPathComponent("vectors").path)

        try write(
            try VectorSource.load(vectors, origin: .named).manifest,
            to: vectors.appendingPathComponent(VectorSource.manifestName))
        let tarball = try VectorSource.locate(named: nil, executable: binary, workingDirectory: elsewhere)
        #expect(tarball.origin == .shipped)
        #expect(tarball.directory.path == vectors.path)
        // The wheel: pushproof/bin/pushproof beside pushproof/vectors.
        let wheel = try VectorSource.locate(
            named: nil, executable: root.appendingPathComponent("bin/pushproof"), workingDirectory: elsewhere)
        #expect(wheel.origin == .shipped)
        #expect(wheel.directory.path == vectors.path)
        // --vectors wins over both.
        let named = try VectorSource.locate(
            named: elsewhere.appendingPathComponent("vectors").path, executable: binary, workingDirectory: root)
        #expect(named.origin == .named)
    }

    @Test func aMissingFolderOrOneWithoutVectorFilesIsRefused() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let nowhere = root.appendingPathComponent("nowhere").path
        #expect(throws: VectorSourceError.notADirectory(nowhere)) { try VectorSource.locate(named: nowhere) }
        let schemas = root.appendingPathComponent("vectors/schemas").path
        #expect(throws: VectorSourceError.noVectorFiles(schemas)) { try VectorSource.locate(named: schemas) }
        let empty = root.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(
            throws: VectorSourceError.notFound(looked: [
                root.appendingPathComponent("bin/vectors").path, root.appendingPathComponent("vectors").path,
                empty.appendingPathComponent("vectors").path,
            ])
        ) {
            try VectorSource.locate(
                named: nil, executable: root.appendingPathComponent("bin/pushproof"), workingDirectory: empty)
        }
        // Every refusal is one line.
        let mismatch = VectorSourceError.manifestMismatch("/v", ["a changed", "b changed", "c missing", "d missing"])
        #expect(!mismatch.description.contains("\n"))
        #expect(mismatch.description.hasSuffix("and 1 more"))
    }
}
