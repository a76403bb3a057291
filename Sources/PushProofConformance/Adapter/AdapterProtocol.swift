import PushProofJSON

/// The adapter protocol, version 1: JSON, one object per line, over the adapter's stdin and
/// stdout (docs/adapter-protocol.md; a JSON Schema per message in `adapters/schemas/`).
///
///     -> {"type":"hello","protocol":"pushproof-adapter/1"}
///     <- {"type":"hello","protocol":"pushproof-adapter/1","name":N,"version":V,"operations":[...],"profiles":[...],
///         "operationProfiles"?:{OPERATION:[...]},"errorCodes"?:"wire","errorCodeGroups"?:{CODE:[CODE,...]}}
///     -> {"type":"request","id":1,"operation":"registration.seal","input":{...}}
///     <- {"type":"response","id":1,"output":{...}}
///      | {"type":"response","id":1,"error":{"code":"BAD_REQUEST","message":"..."}}
///      | {"type":"response","id":1,"unimplemented":true}
///
/// Requests are answered one at a time, in order. stderr is free for the adapter's own logs.
public enum AdapterProtocol {
    public static let version = "pushproof-adapter/1"

    public struct Hello: Equatable, Sendable {
        public var name: String
        public var implementationVersion: String
        public var operations: Set<String>
        public var profiles: Set<String>
        /// Optional: the profiles of one operation, where they differ from `profiles`.
        public var operationProfiles: [String: Set<String>]
        /// Optional, `"wire"`: the adapter passes a deployed server's own error codes through
        /// (`InvalidKeyPackage`), so a refusal passes where it is the test's `wireError`.
        public var answersWireErrors: Bool
        /// Optional: codes the implementation answers that each stand for any of several of
        /// PushProof's, where the library it drives cannot tell them apart (mls-rs says "invalid
        /// signature found" for the leaf's and the KeyPackage's signature alike). A refusal in
        /// such a code passes where the test expects one of its group.
        public var errorCodeGroups: [String: Set<String>] = [:]

        /// Whether the adapter answers this operation in this profile (otherwise its vectors are
        /// skipped, never asked).
        public func offers(_ operation: String, profile: String) -> Bool {
            operations.contains(operation) && (operationProfiles[operation] ?? profiles).contains(profile)
        }

        public var json: JSONValue {
            var members: [JSONValue.Member] = [
                .init("type", "hello"), .init("protocol", .string(AdapterProtocol.version)),
                .init("name", .string(name)),
                .init("version", .string(implementationVersion)),
                .init("operations", .array(operations.sorted().map(JSONValue.string))),
                .init("profiles", .array(profiles.sorted().map(JSONValue.string))),
            ]
            if !operationProfiles.isEmpty { members.append(.init("operationProfiles", Self.sorted(operationProfiles))) }
            if answersWireErrors { members.append(.init("errorCodes", "wire")) }
            if !errorCodeGroups.isEmpty { members.append(.init("errorCodeGroups", Self.sorted(errorCodeGroups))) }
            return .object(members)
        }

        /// A map of name to names as the hello writes it: keys and lists sorted.
        static func sorted(_ map: [String: Set<String>]) -> JSONValue {
            .object(map.keys.sorted().map { .init($0, .array(map[$0]!.sorted().map(JSONValue.string))) })
        }

        public init(
            name: String, implementationVersion: String, operations: Set<String>, profiles: Set<String>,
            operationProfiles: [String: Set<String>] = [:], answersWireErrors: Bool = false
        ) {
            self.name = name
            self.implementationVersion = implementationVersion
            self.operations = operations
            self.profiles = profiles
            self.operationProfiles = operationProfiles
            self.answersWireErrors = answersWireErrors
        }

        /// Reads an adapter's hello; nil with a reason when it is not one.
        public static func parse(_ json: JSONValue) -> Result<Hello, AdapterFailure> {
            guard json["type"]?.stringValue == "hello" else {
                return .failure(.protocolError("the first line is not a hello"))
            }
            guard json["protocol"]?.stringValue == AdapterProtocol.version else {
                return .failure(
                    .protocolError(
                        "the adapter speaks \(json["protocol"]?.stringValue ?? "no version"), not \(AdapterProtocol.version)"
                    ))
            }
            guard let name = json["name"]?.stringValue,
                let operations = json["operations"]?.arrayValue?.compactMap(\.stringValue),
                let profiles = json["profiles"]?.arrayValue?.compactMap(\.stringValue)
            else {
                return .failure(.protocolError("the hello lacks name, operations or profiles"))
            }
            var operationProfiles: [String: Set<String>] = [:]
            if let map = json["operationProfiles"] {
                guard let members = map.members else {
                    return .failure(.protocolError("operationProfiles is not an object"))
                }
                for member in members {
                    guard let list = member.value.arrayValue?.compactMap(\.stringValue),
                        list.count == member.value.arrayValue?.count
                    else {
                        return .failure(.protocolError("operationProfiles: \(member.key) is not a list of profiles"))
                    }
                    operationProfiles[member.key] = Set(list)
                }
            }
            let errorCodes = json["errorCodes"]
            guard errorCodes == nil || errorCodes?.stringValue == "wire" else {
                return .failure(.protocolError("errorCodes is \"wire\" or absent"))
            }
            var groups: [String: Set<String>] = [:]
            if let map = json["errorCodeGroups"] {
                guard let members = map.members else {
                    return .failure(.protocolError("errorCodeGroups is not an object"))
                }
                for member in members {
                    guard let list = member.value.arrayValue?.compactMap(\.stringValue), !list.isEmpty,
                        list.count == member.value.arrayValue?.count
                    else {
                        return .failure(.protocolError("errorCodeGroups: \(member.key) is not a list of error codes"))
                    }
                    groups[member.key] = Set(list)
                }
            }
            var hello = Hello(
                name: name, implementationVersion: json["version"]?.stringValue ?? "", operations: Set(operations),
                profiles: Set(profiles), operationProfiles: operationProfiles, answersWireErrors: errorCodes != nil)
            hello.errorCodeGroups = groups
            return .success(hello)
        }
    }

    /// A request line; the input carries the profile (`OperationRequest.wireInput`).
    public static func request(id: Int, _ request: OperationRequest) -> JSONValue {
        [
            "type": "request", "id": .integer(id), "operation": .string(request.operation.rawValue),
            "input": request.wireInput,
        ]
    }

    public static func response(id: Int, outcome: OperationOutcome) -> JSONValue {
        var r: JSONValue = ["type": "response", "id": .integer(id)]
        switch outcome {
        case .output(let v): r = r.setting("output", to: v)
        case .error(let code, let message):
            r = r.setting(
                "error", to: message.map { ["code": .string(code), "message": .string($0)] } ?? ["code": .string(code)])
        case .unimplemented, .adapterFailure: r = r.setting("unimplemented", to: true)
        }
        return r
    }

    /// Reads a response to request `id`.
    public static func parseResponse(_ json: JSONValue, id: Int) -> OperationOutcome {
        guard json["type"]?.stringValue == "response" else {
            return .adapterFailure(.protocolError("a line that is not a response"))
        }
        guard json["id"]?.int64Value == Int64(id) else {
            return .adapterFailure(
                .protocolError(
                    "a response for id \(json["id"].map { JSONWriter.compact($0) } ?? "none") while waiting for \(id)"))
        }
        if let output = json["output"] { return .output(output) }
        if let error = json["error"] {
            guard let code = error["code"]?.stringValue else {
                return .adapterFailure(.protocolError("an error without a code"))
            }
            return .error(code: code, message: error["message"]?.stringValue)
        }
        if json["unimplemented"]?.boolValue == true { return .unimplemented }
        return .adapterFailure(.protocolError("a response with neither output, error nor unimplemented"))
    }
}

/// Why an adapter's answer could not be used. The test it happened on fails with this reason.
public enum AdapterFailure: Error, Equatable, Sendable, CustomStringConvertible {
    case startFailed(String)
    case timeout(seconds: Double)
    case oversizeResponse(limit: Int)
    case protocolError(String)
    case crashed(status: Int32, stderr: String)
    /// `unimplemented` to an operation and profile the hello declared: a failure, not a skip, so
    /// an adapter cannot lose an operation without the run failing.
    case unimplementedButDeclared(operation: String, profile: String)

    public var description: String {
        switch self {
        case .startFailed(let why): return "the adapter did not start: \(why)"
        case .timeout(let s): return "no answer within \(s) s (the adapter was stopped and will be restarted)"
        case .oversizeResponse(let limit): return "a response longer than \(limit) bytes"
        case .protocolError(let why): return "protocol error: \(why)"
        case .crashed(let status, let stderr):
            return "the adapter exited (status \(status)); its last stderr: \(stderr.isEmpty ? "(none)" : stderr)"
        case .unimplementedButDeclared(let operation, let profile):
            return "the adapter answered unimplemented to \(operation) in profile \(profile), which its hello declares"
        }
    }
}
