// The libFuzzer executable for every fuzz target, built by scripts/fuzz.sh with
// -sanitize=fuzzer,address and -parse-as-library (libFuzzer supplies `main`). The target is
// chosen once, at start-up, by name from the suites' fuzz targets: $PUSHPROOF_FUZZ_TARGET, else
// the executable's own file name (so a copy named FuzzBouncerOpen runs that target, as OSS-Fuzz
// expects one binary per target). PUSHPROOF_FUZZ_TARGET=list prints the names. A plain
// `swift build` also builds this file, as an executable that does nothing.
import Foundation
import PushProofConformance
import PushProofSuites

/// The target chosen by `LLVMFuzzerInitialize`, before any input.
nonisolated(unsafe) private var chosen: FuzzTarget?

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    let executable = argv?.pointee?.pointee.map { String(cString: $0) } ?? ""
    if ProcessInfo.processInfo.environment["PUSHPROOF_FUZZ_TARGET"] == PlantedOverflow.name {
        chosen = PlantedOverflow.target
        return 0
    }
    let catalogue = Suites.catalogue
    switch catalogue.selectFuzzTarget(
        environment: ProcessInfo.processInfo.environment["PUSHPROOF_FUZZ_TARGET"], executable: executable)
    {
    case .target(let name):
        chosen = catalogue.fuzzTarget(named: name)
    case .list:
        for target in catalogue.fuzzTargets { print(target.name) }
        exit(0)
    case .unknown(let name):
        let names = catalogue.fuzzTargets.map(\.name).joined(separator: " ")
        FileHandle.standardError.write(
            Data("pushproof-fuzz: no fuzz target named `\(name)`; set PUSHPROOF_FUZZ_TARGET to one of: \(names)\n".utf8)
        )
        exit(2)
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let target = chosen else { fatalError("pushproof-fuzz: LLVMFuzzerInitialize did not run") }
    FuzzTarget.withBytes(data, size) { bytes in target.run(bytes) }
    return 0
}

/// A planted heap overflow on inputs starting with "PLANT", to show that a fuzz build really has
/// AddressSanitizer (`scripts/fuzz.sh planted`, docs/fuzzing.md). Reached only when
/// PUSHPROOF_FUZZ_TARGET names it: it is not among the listed targets, so OSS-Fuzz never gets a
/// binary named after it.
enum PlantedOverflow {
    static let name = "PlantedOverflow"
    static let target = FuzzTarget(name, run: trigger)
    /// What the out-of-bounds byte read back held, kept so that the optimizer keeps the write.
    nonisolated(unsafe) static var readBack: UInt8 = 0

    static func trigger(_ data: [UInt8]) {
        guard data.starts(with: Array("PLANT".utf8)) else { return }
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 8)
        defer { buffer.deallocate() }
        let outside = buffer.advanced(by: data.count)  // out of bounds for every input of 8+ bytes
        outside.pointee = 0x41
        readBack = outside.pointee
    }
}
