import Foundation

/// The exit statuses of `pushproof run` (docs/adapter-protocol.md, "Exit statuses"), and the one
/// kind of error that ends a command with a usage line.
enum RunFailure: Error {
    /// A test failed, or a test listed as an expected failure passed.
    static let testsFailed: Int32 = 1
    /// A usage, vector or expected-failures error: nothing ran.
    static let usageError: Int32 = 2
    /// The adapter could not be used: it did not start, say hello, or speak this protocol.
    static let adapterUnusable: Int32 = 3
    /// Too little was tested (no test passed, --min-passed, --require).
    static let tooLittleTested: Int32 = 4

    /// A mistake in how the command was called: one line, exit status 2.
    case usage(String)
}
