import Foundation
import PushProofAdapterKit
import PushProofJSON

/// Serves an implementation over the adapter protocol on stdin/stdout: `pushproof adapter`.
/// Other implementations can use the reference as an oracle this way, and the harness is tested
/// end to end against it. The protocol's part is the Swift adapter kit's (`PushProofAdapterKit`,
/// docs/swift-kit.md), as for any Swift implementation; this maps the kit's requests to
/// `OperationRequest`s and the implementation's `OperationOutcome`s back.
public enum AdapterServer {
    public static func serve(
        _ implementation: any ConformanceImplementation, operations: [OperationName],
        profiles: Set<Profile>, version: String, input: FileHandle = .standardInput,
        output: FileHandle = .standardOutput
    ) {
        adapter(implementation, operations: operations, profiles: profiles, version: version)
            .serve(input: input, output: output)
    }

    /// The kit's adapter for `implementation`: every operation in every profile (the hello has
    /// no `operationProfiles`; the implementation answers `unimplemented` where it has nothing).
    public static func adapter(
        _ implementation: any ConformanceImplementation, operations: [OperationName], profiles: Set<Profile>,
        version: String
    ) -> PushProofAdapterKit.Adapter {
        var adapter = PushProofAdapterKit.Adapter(
            name: implementation.name, version: version, profiles: profiles.map(\.rawValue).sorted())
        for operation in operations {
            adapter.operation(operation.rawValue) { wireInput in
                let request: OperationRequest
                do throws(InputError) {
                    request = try OperationRequest(operation: operation, wireInput: wireInput)
                } catch {
                    throw AdapterError(code: harnessInputErrorCode, message: error.message)
                }
                switch implementation.perform(request) {
                case .output(let output): return output
                case .error(let code, let message): throw AdapterError(code: code, message: message)
                case .unimplemented, .adapterFailure: throw Unimplemented()
                }
            }
        }
        return adapter
    }
}
