// libFuzzer entry point: built with scripts/fuzz.sh (-sanitize=fuzzer,address, -parse-as-library).
// A plain `swift build` also builds it, as an executable that does nothing.
import PushProofFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzHarness.withBytes(data, size) { FuzzHarness.appData.run($0) }
    return 0
}
