/// A refusal: the answer `{"error":{"code":CODE,"message":MESSAGE}}`.
///
/// `code` is the protocol's error code (`BAD_REQUEST`, `INVALID_DID`, ...; docs/operations.md
/// gives each operation's); `message`, optional, is compared only where a vector gives one. Never
/// put key bytes or plaintext in either: the runner prints them in its reports.
///
///     throw AdapterError(code: "BAD_REQUEST", message: "token must be a string")
public struct AdapterError: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: String
    public var message: String?

    public init(code: String, message: String? = nil) {
        self.code = code
        self.message = message
    }

    public var description: String { message.map { "\(code): \($0)" } ?? code }
}

/// An error type of the implementation's own that stands for a refusal: throwing one answers
/// with `adapterError`, as throwing an `AdapterError` does, so a handler need not map it.
///
///     extension DIDError: AdapterErrorConvertible {
///         var adapterError: AdapterError { AdapterError(code: "INVALID_DID") }
///     }
public protocol AdapterErrorConvertible: Error {
    var adapterError: AdapterError { get }
}

extension AdapterError: AdapterErrorConvertible {
    public var adapterError: AdapterError { self }
}

/// Answers `{"unimplemented":true}` to this one request.
///
/// The kit already answers it to an operation or profile that was not registered. Throw it only
/// for an input of a declared operation that the implementation cannot be asked (a cipher suite
/// it lacks): the runner fails that test all the same (list it in `--expected-failures` with its
/// reason), but the differential fuzzer leaves the input out (docs/adapter-protocol.md).
public struct Unimplemented: Error, Hashable, Sendable {
    public init() {}
}
