/// Writes sink calls as compact JSON bytes: the same bytes `JSONWriter.compactBytes` gives for
/// the object `JSONObjectBuilder` would build from the same calls (property-tested), without
/// building that object. Strings are escaped straight into the output and integers written
/// digit by digit, so the output buffer is the only allocation.
public struct JSONObjectWriter: JSONObjectSink, ~Copyable {
    private var out: JSONOutput
    private var isFirstMember = true

    private init(capacity: Int) {
        out = JSONOutput(capacity: capacity)
        out.append(UInt8(ascii: "{"))
    }

    /// The compact JSON of the object `body` describes. `capacity` is a first size guess; the
    /// buffer grows past it if needed.
    public static func write(capacity: Int = 256, _ body: (inout JSONObjectWriter) -> Void) -> [UInt8] {
        var writer = JSONObjectWriter(capacity: capacity)
        body(&writer)
        writer.out.append(UInt8(ascii: "}"))
        return writer.out.finish()
    }

    private mutating func key(_ key: StaticString) {
        if isFirstMember { isFirstMember = false } else { out.append(UInt8(ascii: ",")) }
        key.withUTF8Buffer { out.appendQuoted(utf8: $0) }
        out.append(UInt8(ascii: ":"))
    }

    public mutating func member(_ key: StaticString, string value: String) {
        self.key(key)
        out.appendQuoted(value)
    }

    public mutating func member(_ key: StaticString, integer value: Int64) {
        self.key(key)
        out.appendDecimal(value.magnitude, negative: value < 0)
    }

    public mutating func member(_ key: StaticString, unsigned value: UInt64) {
        self.key(key)
        out.appendDecimal(value, negative: false)
    }

    public mutating func member(_ key: StaticString, integers values: [Int64]) {
        self.key(key)
        out.append(UInt8(ascii: "["))
        for (i, value) in values.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.appendDecimal(value.magnitude, negative: value < 0)
        }
        out.append(UInt8(ascii: "]"))
    }

    public mutating func member(_ key: StaticString, object body: (inout JSONObjectWriter) -> Void) {
        self.key(key)
        let outerIsFirst = isFirstMember
        out.append(UInt8(ascii: "{"))
        isFirstMember = true
        body(&self)
        out.append(UInt8(ascii: "}"))
        isFirstMember = outerIsFirst
    }
}
