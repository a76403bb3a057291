import Foundation
import PushProofJSON

/// Serves an implementation over the adapter protocol on stdin/stdout: `pushproof adapter`.
/// Other implementations can use the reference as an oracle this way, and the harness is tested
/// end to end against it.
public enum AdapterServer {
    public static func serve(
        _ implementation: any ConformanceImplementation, operations: [OperationName],
        profiles: Set<Profile>, version: String, input: FileHandle = .standardInput,
        output: FileHandle = .standardOutput
    ) {
        func send(_ json: JSONValue) {
            try? output.write(contentsOf: JSONWriter.compactBytes(json) + [UInt8(ascii: "\n")])
        }
        let hello = AdapterProtocol.Hello(
            name: implementation.name, implementationVersion: version,
            operations: Set(operations.map(\.rawValue)), profiles: Set(profiles.map(\.rawValue)))
        var pending: [UInt8] = []
        while true {
            let chunk = input.availableData
            if chunk.isEmpty { return }
            pending.append(contentsOf: chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                guard let message = try? JSONParser.parse(line) else { continue }
                switch message["type"]?.stringValue {
                case "hello":
                    send(hello.json)
                case "request":
                    guard let id = message["id"]?.int64Value, let operation = message["operation"]?.stringValue,
                        let wireInput = message["input"]
                    else { continue }
                    let outcome: OperationOutcome
                    do {
                        outcome = implementation.perform(
                            try OperationRequest(operation: OperationName(operation), wireInput: wireInput))
                    } catch {
                        outcome = .error(code: harnessInputErrorCode, message: error.message)
                    }
                    send(AdapterProtocol.response(id: Int(id), outcome: outcome))
                default:
                    continue
                }
            }
        }
    }
}
