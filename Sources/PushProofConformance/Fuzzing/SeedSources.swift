import PushProofCrypto
import PushProofJSON

/// What seeds are made from: the tests of a vector file, and the bytes of their values.
extension Array where Element == VectorFile {
    /// Every test of the vector file named `suite` (`convos_push`), with its group, in order.
    public func tests(of file: String) -> [(group: VectorGroup, test: VectorTest)] {
        filter { $0.name == file }.flatMap { file in file.groups.flatMap { g in g.tests.map { (g, $0) } } }
    }
}

extension VectorTest {
    /// The expected output, when the test expects one.
    public var expectedOutput: JSONValue? {
        if case .output(let value) = expected { return value }
        return nil
    }
}

/// Seed encodings the suites share.
public enum SeedBytes {
    /// A JSON value in the compact form the protocols write.
    public static func json(_ value: JSONValue) -> [UInt8] { JSONWriter.compactBytes(value) }
    public static func text(_ value: JSONValue?) -> [UInt8]? { value?.stringValue.map { Array($0.utf8) } }
    /// Hex text as bytes; nil when it is not hex.
    public static func hex(_ value: JSONValue?) -> [UInt8]? { value?.stringValue.flatMap(Hex.decode) }
}
