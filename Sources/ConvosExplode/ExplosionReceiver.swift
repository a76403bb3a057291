/// What makes the cleanup worker look for conversations whose `expiresAt` has passed.
public enum ExplosionTrigger: String, Sendable, CaseIterable {
    case appBecameActive
    case conversationExpired
    case explosionNotificationTapped
}

/// One conversation's receiver rules, in two rule sets.
///
/// `deployed` is what Convos iOS does (xmtplabs/convos-ios@5d1e833e, `IncomingMessageWriter`,
/// `ConversationWriter`, `ExpiredConversationsWorker`; docs/audit/explode_receiver.md):
///
/// - an ExplodeSettings message sent by this device's own inbox is ignored;
/// - one from a sender who is neither the conversation's creator nor an admin or superAdmin is
///   ignored, before anything else is compared;
/// - an explode message stores `expiresAt`; a later one with an **earlier** time replaces it, an
///   equal or later one is ignored;
/// - the group metadata's `expiresAtUnix` (a second copy) **overwrites** the stored time whenever
///   it is set, earlier or later: a later copy postpones the explosion;
/// - each of the three triggers explodes a conversation exactly when `expiresAt <= now`;
/// - once exploded, nothing revives the conversation: messages are dropped and re-sync is refused.
///
/// `hardened` is PushProof's advice on top: a metadata copy never postpones (any member can write
/// the group's app data, so a member could otherwise delay everyone's explosion; a later copy is
/// ignored), and a trigger counts `expiresAt` up to 60 s ahead of the receiver's clock as due (a
/// sender whose clock runs ahead; an explosion sent "now" must not wait).
public struct ExplosionReceiver: Equatable, Sendable {
    public enum Rules: String, Equatable, Sendable, CaseIterable {
        case deployed, hardened
    }

    /// The clock-skew allowance of the `hardened` rules.
    public static let clockSkewTolerance: Int64 = 60

    public enum Status: Equatable, Sendable {
        case active
        case scheduled(expiresAt: Int64)
        case exploded
    }

    /// Who sent an explode message, as the receiver's conversation records know them.
    public enum Sender: String, Equatable, Sendable, CaseIterable {
        case creator, admin, superAdmin, member, nonMember

        /// May explode the conversation: the creator, an admin or a superAdmin.
        public var mayExplode: Bool { self == .creator || self == .admin || self == .superAdmin }
    }

    public enum Event: Equatable, Sendable {
        case explodeMessage(fromSelf: Bool, expiresAt: Int64, sender: Sender = .creator)
        case metadata(expiresAt: Int64)
        case trigger(ExplosionTrigger, now: Int64)
        case message
        case resync
    }

    public enum Outcome: String, Equatable, Sendable {
        case ignoredFromSelf, ignoredUnauthorized, ignoredDuplicate, stored, lowered, raised, ignoredLater
        case exploded, notDue, nothingScheduled
        case accepted, dropped, resyncAllowed, resyncRefused
    }

    public let rules: Rules
    public private(set) var status: Status = .active

    public init(rules: Rules = .deployed) {
        self.rules = rules
    }

    public var expiresAt: Int64? {
        if case .scheduled(let t) = status { return t }
        return nil
    }

    /// How far ahead of `now` an `expiresAt` still counts as due: 0, or 60 s (`hardened`).
    public var tolerance: Int64 { rules == .hardened ? Self.clockSkewTolerance : 0 }

    public mutating func handle(_ event: Event) -> Outcome {
        if status == .exploded {
            switch event {
            case .resync: return .resyncRefused
            default: return .dropped
            }
        }
        switch event {
        case .explodeMessage(let fromSelf, let t, let sender):
            if fromSelf { return .ignoredFromSelf }
            guard sender.mayExplode else { return .ignoredUnauthorized }
            guard let current = expiresAt else {
                status = .scheduled(expiresAt: t)
                return .stored
            }
            if t == current { return .ignoredDuplicate }
            guard t < current else { return .ignoredLater }
            status = .scheduled(expiresAt: t)
            return .lowered
        case .metadata(let t):
            guard let current = expiresAt else {
                status = .scheduled(expiresAt: t)
                return .stored
            }
            if t == current { return .ignoredDuplicate }
            if t < current {
                status = .scheduled(expiresAt: t)
                return .lowered
            }
            guard rules == .deployed else { return .ignoredLater }
            status = .scheduled(expiresAt: t)
            return .raised
        case .trigger(_, let now):
            guard let t = expiresAt else { return .nothingScheduled }
            // Overflow-safe form of t <= now + tolerance.
            let (limit, overflow) = now.addingReportingOverflow(tolerance)
            guard overflow || t <= limit else { return .notDue }
            status = .exploded
            return .exploded
        case .message:
            return .accepted
        case .resync:
            return .resyncAllowed
        }
    }
}
