// The libFuzzer executable for every fuzz target, built by scripts/fuzz.sh with
// -sanitize=fuzzer,address and -parse-as-library (libFuzzer supplies `main`). The harness is
// chosen once, at start-up, by name: $PUSHPROOF_FUZZ_TARGET, else the executable's own file name
// (so a copy named FuzzBouncerOpen runs that target, as OSS-Fuzz expects one binary per target).
// PUSHPROOF_FUZZ_TARGET=list prints the names. A plain `swift build` also builds this file, as
// an executable that does nothing.
import PushProofFuzzing

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    let executable = argv?.pointee?.pointee.map { String(cString: $0) } ?? ""
    FuzzTarget.start(executable: executable)
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzHarness.withBytes(data, size) { FuzzTarget.chosen.run($0) }
    return 0
}
