/// A vector input that does not have the shape its operation defines: a harness problem, not a
/// protocol answer. The reference answers it with `harnessInputErrorCode`; no vector expects it.
public struct InputError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The code an implementation answers when a vector's input itself is unusable.
public let harnessInputErrorCode = "HARNESS_INPUT_ERROR"
