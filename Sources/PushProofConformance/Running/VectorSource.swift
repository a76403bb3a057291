import Foundation
import PushProofCrypto

/// Where a run's vectors come from, and the digest that names exactly which vectors they are.
///
/// Looked for in this order: the folder named with `--vectors`; the vectors shipped with the binary
/// (a release: `vectors/` beside it in the tarball, or the wheel's `pushproof/vectors` one level up),
/// recognised by their manifest; `./vectors`, as in a checkout of the repository.
///
/// The manifest is `sha256sum`'s format: one `<hex SHA-256>  <path>` line for every file under the
/// folder, sorted by path. The digest is the SHA-256 of that text. A release ships the manifest
/// (`vectors/SHA256SUMS`) and a run checks the folder against it, so a changed, missing or added
/// file is refused before any vector runs; `sha256sum -c SHA256SUMS` in the folder checks the same.
public struct VectorSource: Sendable {
    public enum Origin: String, Sendable {
        case named = "named with --vectors"
        case shipped = "shipped with this binary"
        case workingDirectory = "from ./vectors"
    }

    public static let manifestName = "SHA256SUMS"

    public let directory: URL
    public let origin: Origin
    /// The manifest text as computed from the files on disk.
    public let manifest: String
    /// Hex SHA-256 of `manifest`.
    public let digest: String
    public let fileCount: Int
    /// The bytes of each vector file (`<name>_test.json` at the top of the folder), by name
    /// without `_test.json`: the same bytes the manifest hashed, so what a run checks is what it
    /// parses (`vectorFiles`).
    public let vectorFileBytes: [String: [UInt8]]

    /// The vector files' names, sorted.
    public var vectorFileNames: [String] { vectorFileBytes.keys.sorted() }

    /// One line for logs: which vectors, and their digest.
    public var summary: String {
        "vectors \(origin.rawValue): \(directory.path) (\(fileCount) files, sha256:\(digest))"
    }

    /// Finds the vectors and checks them (see the type's comment). `named`: the `--vectors`
    /// argument; `expectedDigest`: a digest the caller requires (hex, optionally `sha256:`).
    public static func locate(
        named: String?, expectedDigest: String? = nil, executable: URL? = VectorSource.executable,
        workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    ) throws -> VectorSource {
        let source: VectorSource
        if let named {
            source = try load(URL(fileURLWithPath: named, isDirectory: true), origin: .named)
        } else if let shipped = shippedDirectory(beside: executable) {
            source = try load(shipped, origin: .shipped)
        } else {
            let local = workingDirectory.appendingPathComponent("vectors", isDirectory: true)
            guard isDirectory(local) else {
                let looked = candidates(beside: executable).map(\.path) + [local.path]
                throw VectorSourceError.notFound(looked: looked)
            }
            source = try load(local, origin: .workingDirectory)
        }
        if let expectedDigest {
            let wanted = expectedDigest.lowercased().replacingOccurrences(of: "sha256:", with: "")
            guard wanted == source.digest else {
                throw VectorSourceError.digestMismatch(expected: wanted, actual: source.digest, source.directory.path)
            }
        }
        return source
    }

    /// The running binary, symbolic links resolved (a wheel's or a package manager's link to it).
    public static var executable: URL? {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return nil
        }
        return URL(fileURLWithPath: path)
    }

    /// The folders a release puts its vectors in, relative to the binary.
    static func candidates(beside executable: URL?) -> [URL] {
        guard let folder = executable?.deletingLastPathComponent() else { return [] }
        return [
            folder.appendingPathComponent("vectors", isDirectory: true),
            folder.deletingLastPathComponent().appendingPathComponent("vectors", isDirectory: true),
        ]
    }

    static func shippedDirectory(beside executable: URL?) -> URL? {
        candidates(beside: executable).first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent(manifestName).path)
        }
    }

    /// Reads the folder once, computes its manifest and, when the folder carries one, checks it.
    /// The files are read and hashed on every core at once.
    public static func load(_ directory: URL, origin: Origin) throws -> VectorSource {
        guard isDirectory(directory) else { throw VectorSourceError.notADirectory(directory.path) }
        let files = try regularFiles(under: directory).filter { $0 != manifestName }
        guard files.contains(where: Self.isVectorFile) else { throw VectorSourceError.noVectorFiles(directory.path) }
        let read = IndexedResults<(hash: String, bytes: [UInt8]?)>(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let path = files[index]
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(path).path) else {
                read.store(.failure(VectorSourceError.unreadable(directory.path, path)), at: index)
                return
            }
            let bytes = [UInt8](data)
            read.store(.success((Hex.encode(SHA2.sha256(bytes)), Self.isVectorFile(path) ? bytes : nil)), at: index)
        }
        var lines: [String: String] = [:]
        var vectorFileBytes: [String: [UInt8]] = [:]
        for (path, result) in zip(files, read.results) {
            let (hash, bytes) = try result.get()
            lines[path] = hash
            if let bytes { vectorFileBytes[String(path.dropLast("_test.json".count))] = bytes }
        }
        let manifest = lines.keys.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
            .map { "\(lines[$0]!)  \($0)\n" }.joined()
        let manifestURL = directory.appendingPathComponent(manifestName)
        if let shipped = FileManager.default.contents(atPath: manifestURL.path) {
            try check(manifest: manifest, against: String(decoding: shipped, as: UTF8.self), in: directory.path)
        }
        return VectorSource(
            directory: directory, origin: origin, manifest: manifest,
            digest: Hex.encode(SHA2.sha256(Array(manifest.utf8))), fileCount: lines.count,
            vectorFileBytes: vectorFileBytes)
    }

    /// The vector files, parsed on every core at once from the bytes the manifest hashed: all of
    /// them sorted by name, or those named in `only`, in that order.
    public func vectorFiles(only: [String]? = nil) throws -> [VectorFile] {
        let names = only ?? vectorFileNames
        let parsed = IndexedResults<VectorFile>(count: names.count)
        // The largest first, so that no core is left with a large file at the end.
        let order = names.indices.sorted {
            (vectorFileBytes[names[$0]]?.count ?? 0) > (vectorFileBytes[names[$1]]?.count ?? 0)
        }
        DispatchQueue.concurrentPerform(iterations: names.count) { step in
            let index = order[step]
            parsed.store(Result { try Self.parse(names[index], from: vectorFileBytes) }, at: index)
        }
        return try parsed.results.map { try $0.get() }
    }

    /// The vector file `name` parsed from its bytes in `bytes`; a missing or malformed file is
    /// refused by its file name.
    static func parse(_ name: String, from bytes: [String: [UInt8]]) throws -> VectorFile {
        guard let fileBytes = bytes[name] else {
            throw RunnerError.unreadable("\(name)_test.json", "no such vector file")
        }
        do { return try VectorFile(bytes: fileBytes) } catch {
            throw RunnerError.unreadable("\(name)_test.json", "\(error)")
        }
    }

    /// The vector files named (all of them, sorted by name, when `only` is nil), parsed in that
    /// order on every core in the background: a run takes each as soon as it is ready, and the
    /// implementation answers the first file's tests while the later ones are parsed.
    public func vectorFileStream(only: [String]? = nil) -> VectorFileStream {
        VectorFileStream(names: only ?? vectorFileNames, bytes: vectorFileBytes)
    }

    /// A vector file: `<name>_test.json` at the top of the folder.
    private static func isVectorFile(_ path: String) -> Bool { !path.contains("/") && path.hasSuffix("_test.json") }

    static func check(manifest: String, against shipped: String, in directory: String) throws {
        guard manifest != shipped else { return }
        let actual = entries(manifest)
        let listed = entries(shipped)
        var problems: [String] = []
        for (path, hash) in listed.sorted(by: { $0.key < $1.key }) {
            if let now = actual[path] {
                if now != hash { problems.append("\(path) changed") }
            } else {
                problems.append("\(path) missing")
            }
        }
        for path in actual.keys.sorted() where listed[path] == nil { problems.append("\(path) not listed") }
        if problems.isEmpty { problems.append("the manifest is not in sha256sum's sorted form") }
        throw VectorSourceError.manifestMismatch(directory, problems)
    }

    private static func entries(_ manifest: String) -> [String: String] {
        var result: [String: String] = [:]
        for line in manifest.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            guard parts.count == 2 else { continue }
            result[String(parts[1])] = String(parts[0])
        }
        return result
    }

    /// Every regular file under `directory`, as a path relative to it, `/`-separated.
    private static func regularFiles(under directory: URL) throws -> [String] {
        let base = directory.standardizedFileURL.path
        guard
            let walker = FileManager.default.enumerator(
                at: directory.standardizedFileURL, includingPropertiesForKeys: [.isRegularFileKey])
        else { throw VectorSourceError.notADirectory(directory.path) }
        var files: [String] = []
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(base + "/") else { continue }
            files.append(String(path.dropFirst(base.count + 1)))
        }
        return files
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &directory) && directory.boolValue
    }
}

/// Vector files parsed in the background, in the order named; `file(at:)` waits for one.
public final class VectorFileStream: @unchecked Sendable {
    public let names: [String]
    private let ready = NSCondition()
    private var slots: [Result<VectorFile, Error>?]

    init(names: [String], bytes: [String: [UInt8]]) {
        self.names = names
        slots = Array(repeating: nil, count: names.count)
        let count = names.count
        Thread { [self] in
            // Iterations are handed out in index order: the first files are ready first.
            DispatchQueue.concurrentPerform(iterations: count) { index in
                let result = Result<VectorFile, Error> { try VectorSource.parse(names[index], from: bytes) }
                ready.lock()
                slots[index] = result
                ready.broadcast()
                ready.unlock()
            }
        }.start()
    }

    /// The file at `index` of `names`, once parsed.
    public func file(at index: Int) throws -> VectorFile {
        ready.lock()
        while slots[index] == nil { ready.wait() }
        let result = slots[index]!
        ready.unlock()
        return try result.get()
    }
}

/// Results computed in parallel, stored by index.
final class IndexedResults<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<T, Error>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func store(_ result: Result<T, Error>, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        slots[index] = result
    }

    var results: [Result<T, Error>] { slots.map { $0! } }
}

public enum VectorSourceError: Error, CustomStringConvertible, Equatable {
    case notFound(looked: [String])
    case notADirectory(String)
    case noVectorFiles(String)
    case unreadable(String, String)
    case manifestMismatch(String, [String])
    case digestMismatch(expected: String, actual: String, String)

    public var description: String {
        switch self {
        case .notFound(let looked):
            return "no vectors found (looked in \(looked.joined(separator: ", "))); name a folder with --vectors DIR"
        case .notADirectory(let path): return "no vector folder at \(path)"
        case .noVectorFiles(let path): return "no *_test.json vector files in \(path)"
        case .unreadable(let directory, let file): return "cannot read \(file) in \(directory)"
        case .manifestMismatch(let directory, let problems):
            let shown = problems.prefix(3).joined(separator: "; ")
            let more = problems.count > 3 ? "; and \(problems.count - 3) more" : ""
            return "the vectors in \(directory) do not match their \(VectorSource.manifestName): \(shown)\(more)"
        case .digestMismatch(let expected, let actual, let directory):
            return "the vectors in \(directory) have digest sha256:\(actual), not the expected sha256:\(expected)"
        }
    }
}
