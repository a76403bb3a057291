import Foundation

/// An implementation under test, seen only through named operations with JSON inputs and
/// outputs. The reference implements it in-process; an adapter speaking the same operations over
/// stdin/stdout implements it for another language (`ExternalImplementation`).
public protocol ConformanceImplementation: Sendable {
    var name: String { get }
    func perform(_ request: OperationRequest) -> OperationOutcome
    /// Other answers the profile allows for this request besides `perform`'s (e.g. what the
    /// deployed system answers where the `deployed` profile accepts its leniency). The
    /// differential fuzzer does not report an answer among them, as the runner does not fail an
    /// answer a vector lists in `alsoAccepted`.
    func alternatives(for request: OperationRequest) -> [OperationOutcome]
    /// Whether it takes this operation in this profile (an adapter's hello says; in-process
    /// implementations take every one). The differential fuzzer spends its inputs on these.
    func offers(_ operation: OperationName, profile: Profile) -> Bool
    /// Whether its refusals carry a deployed server's own codes (`wireError`) rather than
    /// PushProof's: an adapter in front of the real server says so in its hello.
    var answersWireErrors: Bool { get }
    /// Codes it answers that each stand for any of a group of PushProof's (an adapter's hello
    /// says, `errorCodeGroups`): a refusal in such a code passes where one of the group is expected.
    var errorCodeGroups: [String: Set<String>] { get }
    /// A mark in what the implementation logs (an adapter's stderr), and what it logged since a
    /// mark: the runner shows it with a failing test. nil where it keeps no log.
    var logMark: Int { get }
    func log(since mark: Int) -> String?
    /// Answers several requests in order, with how long each took and what was logged meanwhile,
    /// handing each answer to `each` (with its index) as soon as it is in, so the caller judges
    /// one answer while the implementation works on the next: an adapter has requests sent ahead
    /// of its answers (`ExternalImplementation.window`). `each` must not call back into the
    /// implementation; an answer's `log` is read after `perform` returns.
    func perform(all requests: [OperationRequest], each: (Int, AnsweredRequest) -> Void)
}

/// One answer of `perform(all:)`: the outcome, how long it took, and what the implementation
/// logged meanwhile (read only when asked: a failing test shows it).
public struct AnsweredRequest: Sendable {
    public var outcome: OperationOutcome
    public var duration: Double
    public var log: @Sendable () -> String?

    public init(outcome: OperationOutcome, duration: Double, log: @escaping @Sendable () -> String?) {
        self.outcome = outcome
        self.duration = duration
        self.log = log
    }
}

extension ConformanceImplementation {
    public func alternatives(for request: OperationRequest) -> [OperationOutcome] { [] }
    public func offers(_ operation: OperationName, profile: Profile) -> Bool { true }
    public var answersWireErrors: Bool { false }
    public var errorCodeGroups: [String: Set<String>] { [:] }
    public var logMark: Int { 0 }
    public func log(since mark: Int) -> String? { nil }

    public func perform(all requests: [OperationRequest], each: (Int, AnsweredRequest) -> Void) {
        for (index, request) in requests.enumerated() {
            let mark = logMark
            let started = DispatchTime.now().uptimeNanoseconds
            let outcome = perform(request)
            each(
                index,
                AnsweredRequest(
                    outcome: outcome, duration: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9,
                    log: { self.log(since: mark) }))
        }
    }

    /// Every answer, in order (`perform(all:each:)`).
    public func perform(all requests: [OperationRequest]) -> [AnsweredRequest] {
        var answers: [AnsweredRequest?] = Array(repeating: nil, count: requests.count)
        perform(all: requests) { answers[$0] = $1 }
        return answers.map { $0! }
    }
}
