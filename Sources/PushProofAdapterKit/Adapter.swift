import PushProofJSON

/// One implementation's operations, served to `pushproof run --impl` over the adapter protocol
/// (docs/adapter-protocol.md, `pushproof-adapter/1`; docs/swift-kit.md).
///
///     var adapter = Adapter(name: "my-catbird", version: "1.0", profiles: ["rfc9420"])
///     adapter.operation("catbird.bareDid") { input in
///         guard let did = input["did"]?.stringValue else {
///             throw AdapterError(code: "BAD_REQUEST", message: "did must be a string")
///         }
///         return ["did": .string(try bareDID(did))]
///     }
///     adapter.serve()
///
/// The kit does the protocol's part, as the Python and JavaScript kits do: it answers the hello
/// with the operations registered and their profiles; `unimplemented` to an operation or profile
/// not registered; a thrown `AdapterError` (or `AdapterErrorConvertible`) as that error; any
/// other thrown error as `HARNESS_INPUT_ERROR`, its description on stderr; and it reports on
/// stderr and skips a line that is not a JSON object. JSON is read strictly (`JSONParser`: a
/// duplicate key, bad UTF-8 or nesting deeper than 64 make a line "not JSON"), and numbers keep
/// their text, so 64-bit integers reach a handler exact (`input["n"]?.int64Value`).
public struct Adapter: Sendable {
    /// An operation's handler: the request's `input` as the runner sends it (an object, its
    /// `profile` member included), to the output. It runs on the thread that called `serve`, one
    /// request at a time, in the order the requests came.
    public typealias Handler = @Sendable (_ input: JSONValue) throws -> JSONValue

    /// The version of the adapter protocol the kit speaks.
    public static let protocolVersion = "pushproof-adapter/1"

    /// The implementation's name and version, as the hello gives them to the runner's reports.
    public let name: String
    public let version: String
    /// The profiles every operation answers in, unless `operation(_:profiles:_:)` says otherwise.
    public let profiles: [String]
    /// The implementation can only pass on the codes a deployed server puts on the wire (the
    /// hello's `"errorCodes":"wire"`): a refusal also passes where its code is the test's
    /// `wireError`.
    public let answersWireErrors: Bool
    /// Codes the implementation answers that each stand for any of several of PushProof's, where
    /// the library behind it cannot tell them apart (the hello's `errorCodeGroups`).
    public let errorCodeGroups: [String: Set<String>]
    /// Operation to why its deployed answers to the hardened vectors' inputs are the
    /// implementation's own reading rather than upstream's (the hello's `notUpstream`).
    public let notUpstream: [String: String]
    /// The code an error that is neither an `AdapterError` nor `AdapterErrorConvertible` is
    /// answered with.
    public let unexpectedErrorCode: String
    /// Where the kit's own lines go (default: stderr, which the runner keeps in its adapter log).
    public var log: @Sendable (String) -> Void

    private var handlers: [String: Registered] = [:]

    private struct Registered: Sendable {
        /// nil: the adapter's `profiles`.
        var profiles: [String]?
        var handler: Handler
    }

    public init(
        name: String, version: String = "1", profiles: [String] = ["deployed"], answersWireErrors: Bool = false,
        errorCodeGroups: [String: Set<String>] = [:], notUpstream: [String: String] = [:],
        unexpectedErrorCode: String = "HARNESS_INPUT_ERROR",
        log: @escaping @Sendable (String) -> Void = Adapter.writeToStandardError
    ) {
        precondition(!name.isEmpty, "an adapter needs a name")
        precondition(errorCodeGroups.values.allSatisfy { !$0.isEmpty }, "each error code group names at least one code")
        self.name = name
        self.version = version
        self.profiles = profiles
        self.answersWireErrors = answersWireErrors
        self.errorCodeGroups = errorCodeGroups
        self.notUpstream = notUpstream
        self.unexpectedErrorCode = unexpectedErrorCode
        self.log = log
    }

    /// Offers `name` (`"registration.tokenId"`), answered by `handler`, in `profiles` (default:
    /// the adapter's). Registering a name twice is a programming error.
    public mutating func operation(_ name: String, profiles: [String]? = nil, _ handler: @escaping Handler) {
        precondition(handlers[name] == nil, "\(name) is registered twice")
        handlers[name] = Registered(profiles: profiles, handler: handler)
    }

    /// The operations registered, sorted.
    public var operations: [String] { handlers.keys.sorted() }

    /// The profiles `operation` is answered in (empty: not registered).
    public func profiles(of operation: String) -> [String] {
        guard let registered = handlers[operation] else { return [] }
        return registered.profiles ?? profiles
    }

    /// The answer to the runner's hello. Its members, in this order: `type`, `protocol`, `name`,
    /// `version`, `operations` (sorted), `profiles` (as given), and where there is something to
    /// say `operationProfiles` (the operations whose profiles differ from `profiles`),
    /// `notUpstream`, `errorCodes` and `errorCodeGroups` (keys and codes sorted).
    public var hello: JSONValue {
        var members: [JSONValue.Member] = [
            .init("type", "hello"), .init("protocol", .string(Self.protocolVersion)), .init("name", .string(name)),
            .init("version", .string(version)), .init("operations", strings(operations)),
            .init("profiles", strings(profiles)),
        ]
        let differing = operations.compactMap { operation in
            handlers[operation]?.profiles.flatMap {
                Set($0) == Set(profiles) ? nil : JSONValue.Member(operation, strings($0))
            }
        }
        if !differing.isEmpty { members.append(.init("operationProfiles", .object(differing))) }
        if !notUpstream.isEmpty {
            members.append(
                .init("notUpstream", .object(notUpstream.keys.sorted().map { .init($0, .string(notUpstream[$0]!)) })))
        }
        if answersWireErrors { members.append(.init("errorCodes", "wire")) }
        if !errorCodeGroups.isEmpty {
            members.append(
                .init(
                    "errorCodeGroups",
                    .object(errorCodeGroups.keys.sorted().map { .init($0, strings(errorCodeGroups[$0]!.sorted())) })))
        }
        return .object(members)
    }

    /// The answer to one message of the runner's, already read (nil: nothing to answer).
    public func answer(_ message: JSONValue) -> JSONValue? {
        guard message.members != nil else {
            log("\(name): ignored a message that is not a JSON object")
            return nil
        }
        switch message["type"]?.stringValue {
        case "hello":
            if message["protocol"]?.stringValue != Self.protocolVersion {
                log("\(name): the runner speaks \(shown(message["protocol"])); this kit speaks \(Self.protocolVersion)")
            }
            return hello
        case "request":
            return respond(to: message)
        default:
            log("\(name): ignored a message of type \(shown(message["type"]))")
            return nil
        }
    }

    /// `{"type":"response","id":ID, ...}`: the id as the request gave it (null if it gave none).
    private func respond(to request: JSONValue) -> JSONValue {
        let response: JSONValue = ["type": "response", "id": request["id"] ?? .null]
        let operation = request["operation"]?.stringValue
        let input = request["input"] ?? .null
        do {
            guard let operation, let registered = handlers[operation],
                let profile = input["profile"]?.stringValue, (registered.profiles ?? profiles).contains(profile)
            else { throw Unimplemented() }
            return response.setting("output", to: try registered.handler(input))
        } catch is Unimplemented {
            return response.setting("unimplemented", to: true)
        } catch let error as any AdapterErrorConvertible {
            let refusal = error.adapterError
            var body: JSONValue = ["code": .string(refusal.code)]
            if let message = refusal.message { body = body.setting("message", to: .string(message)) }
            return response.setting("error", to: body)
        } catch {
            // A bug, or an input the implementation cannot use. Only the error's description is
            // written (see `describe`): never the input.
            let description = Self.describe(error)
            log("\(name): \(operation ?? "a request without an operation"): \(description)")
            return response.setting(
                "error", to: ["code": .string(unexpectedErrorCode), "message": .string(description)])
        }
    }

    /// An error's description, where its type gives one (`CustomStringConvertible`); otherwise
    /// its type and, for an enum, its case, never the values it carries (which might be key
    /// bytes): `MyModule.DecodeError.truncated`.
    static func describe(_ error: any Error) -> String {
        // Through `Any`: Foundation bridges any error to NSError, which describes itself, so a cast
        // from `any Error` is taken to succeed always; at run time it does only where the type
        // conforms.
        let value: Any = error
        if let described = value as? any CustomStringConvertible { return described.description }
        let type = String(reflecting: Swift.type(of: error))
        let mirror = Mirror(reflecting: error)
        guard mirror.displayStyle == .enum else { return type }
        if let label = mirror.children.first?.label { return "\(type).\(label)" }
        return mirror.children.isEmpty ? "\(type).\(error)" : type
    }

    /// Writes `text` and a newline to stderr: the default `log`.
    public static func writeToStandardError(_ text: String) {
        StandardError.write(text + "\n")
    }
}

private func strings(_ list: [String]) -> JSONValue { .array(list.map(JSONValue.string)) }

/// A member's value as the kit's lines show it: compact JSON, or "nothing".
private func shown(_ value: JSONValue?) -> String { value.map(JSONWriter.compact) ?? "nothing" }
