import PushProofConformance

/// Records whose bytes Foundation's `JSONDecoder` takes for UTF-16 or UTF-32 (a byte-order mark,
/// or the NUL pattern of the first four bytes) but that are not whole, valid text in that encoding:
/// a length that is not a whole number of units, an unpaired surrogate, a unit past U+10FFFF. The
/// toolchain's Foundation (the reference) converts some of them; whether iOS's does is not settled,
/// so a refusal (`MALFORMED_JSON`) is allowed beside the reference's answer (differential fuzzing
/// asks the `alternatives`; no vector holds such a record).
enum KeychainRecordEncodings {
    @Sendable static func alternatives(_ request: OperationRequest) -> [OperationOutcome] {
        guard request.profile == .deployed, let record = request.input["record"]?.stringValue,
            !isWholeText(Array(record.utf8))
        else { return [] }
        return [.error(code: "MALFORMED_JSON", message: nil)]
    }

    /// Whether the bytes are whole, valid text in the encoding JSONDecoder detects (UTF-8: always).
    static func isWholeText(_ data: [UInt8]) -> Bool {
        let b = (0..<4).map { $0 < data.count ? Int(data[$0]) : -1 }
        let unit: Int
        let bigEndian: Bool
        var skip = 0
        switch (b[0], b[1], b[2], b[3]) {
        case (0, 0, 0xFE, 0xFF): (unit, bigEndian, skip) = (4, true, 4)
        case (0xFE, 0xFF, 0, 0): (unit, bigEndian, skip) = (4, false, 4)
        case (0xFE, 0xFF, _, _): (unit, bigEndian, skip) = (2, true, 2)
        case (0xFF, 0xFE, _, _): (unit, bigEndian, skip) = (2, false, 2)
        case (0, 0, 0, let x) where x > 0: (unit, bigEndian) = (4, true)
        case (0, let x, 0, let y) where x > 0 && y > 0: (unit, bigEndian) = (2, true)
        case (let x, 0, 0, 0) where x > 0: (unit, bigEndian) = (4, false)
        case (let x, 0, let y, 0) where x > 0 && y > 0: (unit, bigEndian) = (2, false)
        case (0, let x, -1, -1) where x > 0: (unit, bigEndian) = (2, true)
        case (let x, 0, -1, -1) where x > 0: (unit, bigEndian) = (2, false)
        default: return true
        }
        let body = Array(data.dropFirst(skip))
        guard body.count % unit == 0 else { return false }
        let values = stride(from: 0, to: body.count, by: unit).map { i in
            let bytes = body[i..<(i + unit)]
            return (bigEndian ? Array(bytes) : bytes.reversed()).reduce(0) { $0 << 8 | Int($1) }
        }
        if unit == 4 { return values.allSatisfy { $0 <= 0x10FFFF && !(0xD800...0xDFFF).contains($0) } }
        var i = 0
        while i < values.count {
            switch values[i] {
            case 0xD800...0xDBFF:
                guard i + 1 < values.count, (0xDC00...0xDFFF).contains(values[i + 1]) else { return false }
                i += 2
            case 0xDC00...0xDFFF: return false
            default: i += 1
            }
        }
        return true
    }
}
