/// An error a protocol defines: a stable code that vectors pin (`BAD_REQUEST`,
/// `AUTHENTICATION_FAILED`, ...), and, where the protocol puts a message on the wire beside the
/// code, that message. Every protocol module's error type conforms, so the conformance kit turns
/// any of them into an answer without knowing the protocol.
///
/// Neither the code nor the message may contain key bytes or plaintext.
public protocol CodedError: Error, CustomStringConvertible {
    /// The protocol's error code.
    var code: String { get }
    /// The text the protocol sends with the code and implementations must match, or nil where
    /// the protocol's message is not part of the answer (the default).
    var wireMessage: String? { get }
}

extension CodedError {
    public var wireMessage: String? { nil }
}
