import CSanitizer

/// Builds state a fuzz target keeps for its whole run and never releases (a database in memory
/// that every input reuses) with LeakSanitizer's accounting off for what `body` allocates on this
/// thread (`__lsan_disable` / `__lsan_enable`, weakly referenced: a build without sanitizers
/// runs `body` as it is).
///
/// Such state is not a leak, but LeakSanitizer cannot always prove it: built with the Swift
/// runtime linked statically (the OSS-Fuzz image's flags), the functions GRDB installs on each
/// connection were reported at exit as direct leaks (192 bytes, six objects), the only pointers
/// to them being inside SQLite's connection. What an input allocates is still checked.
public func allocatedForTheWholeRun<T>(_ body: () throws -> T) rethrows -> T {
    let disabled = pushproof_lsan_disable() == 1
    defer { if disabled { pushproof_lsan_enable() } }
    return try body()
}
