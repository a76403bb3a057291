// The deployed Python server's notification path, timed in the same run as the Swift one by
// scripts/bench-python-envelope.py (PyNaCl + json, through adapters/python's functions).
import Foundation

enum PythonComparator {
    /// Microseconds per notification, or why there is no figure (no python3, no PyNaCl, no script).
    static func envelopeMicroseconds(iterations: Int) -> Result<Double, Unavailable> {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../scripts/bench-python-envelope.py"
        ).standardized.path
        guard FileManager.default.fileExists(atPath: script) else { return .failure(Unavailable("no \(script)")) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, String(iterations)]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return .failure(Unavailable("python3 could not be started")) }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let value = Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            return .failure(Unavailable("python3 or PyNaCl missing (pip install -r adapters/python/requirements.txt)"))
        }
        return .success(value)
    }

    struct Unavailable: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
