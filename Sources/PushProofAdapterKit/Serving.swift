import Foundation
import PushProofJSON

extension Adapter {
    /// Answers the runner until `input` ends (default: stdin and stdout).
    ///
    /// The runner sends requests ahead of the answers (up to 32); they are read as they come and
    /// answered strictly in order, one at a time, each answer written (unbuffered) before the next
    /// line is looked at. Lines end at "\n"; a last line without one is answered at the end of
    /// the input. If the answers cannot be written (the runner has gone), serving stops.
    public func serve(input: FileHandle = .standardInput, output: FileHandle = .standardOutput) {
        // One read returns what the pipe holds (it waits only when it holds nothing), so the
        // requests already sent are answered without waiting for more.
        let chunks = AnyIterator<[UInt8]> {
            let data = input.availableData
            return data.isEmpty ? nil : [UInt8](data)
        }
        do {
            try serve(chunks: IteratorSequence(chunks)) { try output.write(contentsOf: $0) }
        } catch {
            log("\(name): stopped: the answers cannot be written (\(Self.describe(error)))")
        }
    }

    /// Answers the lines in `chunks` (bytes as they were read, a line possibly split between
    /// chunks, or several in one), calling `write` with each answer, its newline included, before
    /// the next line is read. Stops at the first error `write` throws, and throws it.
    public func serve<Chunks: Sequence<[UInt8]>>(chunks: Chunks, write: ([UInt8]) throws -> Void) rethrows {
        var pending: [UInt8] = []
        for chunk in chunks {
            var start = chunk.startIndex
            while let newline = chunk[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line: [UInt8]
                if pending.isEmpty {
                    line = Array(chunk[start..<newline])
                } else {
                    line = pending + chunk[start..<newline]
                    pending = []
                }
                start = newline + 1
                if var answer = answer(line: line) {
                    answer.append(UInt8(ascii: "\n"))
                    try write(answer)
                }
            }
            pending += chunk[start...]
        }
        if var answer = answer(line: pending) {
            answer.append(UInt8(ascii: "\n"))
            try write(answer)
        }
    }

    /// The answer to one line (its bytes without the newline) as compact JSON without a newline,
    /// or nil: a blank line, a line that is not a JSON object (reported through `log`), or a
    /// message that asks for no answer.
    public func answer(line: [UInt8]) -> [UInt8]? {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }) { return nil }
        let message: JSONValue
        do {
            message = try JSONParser.parse(line)
        } catch {
            log("\(name): ignored a line that is not JSON (\(error))")
            return nil
        }
        return answer(message).map(JSONWriter.compactBytes)
    }

    /// `answer(line:)` on text.
    public func answer(line: String) -> String? {
        answer(line: Array(line.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// stderr, written whole lines at a time (one `write` each, so lines from the kit and from the
/// implementation do not interleave mid-line).
enum StandardError {
    static func write(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Array(text.utf8))
    }
}
