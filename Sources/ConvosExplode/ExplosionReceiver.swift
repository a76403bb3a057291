/// What makes the cleanup worker look for conversations whose `expiresAt` has passed.
public enum ExplosionTrigger: String, Sendable, CaseIterable {
    case appBecameActive
    case conversationExpired
    case explosionNotificationTapped
}

/// One conversation's receiver rules (ADR 004 / seed 002), with PushProof's decisions where the
/// design leaves a choice:
///
/// - an ExplodeSettings message sent by this device's own inbox is ignored (the sender cleaned up
///   already);
/// - the first explode message from another member stores `expiresAt`; later ones are ignored
///   (idempotent);
/// - **metadata and message disagree**: the group metadata's `expiresAtUnix` is a second copy. If
///   nothing is stored it is stored; if it is *earlier* than what is stored, the earlier time wins
///   (an explosion is never postponed by a disagreement); a later copy is ignored;
/// - on each of the three triggers, a conversation explodes when `expiresAt <= now + 60 s`;
///   otherwise it stays scheduled;
/// - **clock skew**: the 60-second tolerance above absorbs a sender whose clock runs ahead (an
///   explosion sent "now" must not wait for the receiver's clock to catch up); a time further
///   ahead is a scheduled explosion and waits;
/// - once exploded, nothing revives the conversation: messages are dropped and re-sync is refused.
public struct ExplosionReceiver: Equatable, Sendable {
    public static let clockSkewTolerance: Int64 = 60

    public enum Status: Equatable, Sendable {
        case active
        case scheduled(expiresAt: Int64)
        case exploded
    }

    public enum Event: Equatable, Sendable {
        case explodeMessage(fromSelf: Bool, expiresAt: Int64)
        case metadata(expiresAt: Int64)
        case trigger(ExplosionTrigger, now: Int64)
        case message
        case resync
    }

    public enum Outcome: String, Equatable, Sendable {
        case ignoredFromSelf, ignoredDuplicate, stored, lowered, ignoredLater
        case exploded, notDue, nothingScheduled
        case accepted, dropped, resyncAllowed, resyncRefused
    }

    public private(set) var status: Status = .active

    public init() {}

    public var expiresAt: Int64? {
        if case .scheduled(let t) = status { return t }
        return nil
    }

    public mutating func handle(_ event: Event) -> Outcome {
        if status == .exploded {
            switch event {
            case .resync: return .resyncRefused
            default: return .dropped
            }
        }
        switch event {
        case .explodeMessage(let fromSelf, let t):
            if fromSelf { return .ignoredFromSelf }
            if expiresAt != nil { return .ignoredDuplicate }
            status = .scheduled(expiresAt: t)
            return .stored
        case .metadata(let t):
            guard let current = expiresAt else {
                status = .scheduled(expiresAt: t)
                return .stored
            }
            guard t < current else { return .ignoredLater }
            status = .scheduled(expiresAt: t)
            return .lowered
        case .trigger(_, let now):
            guard let t = expiresAt else { return .nothingScheduled }
            // Overflow-safe form of t <= now + tolerance.
            let (limit, overflow) = now.addingReportingOverflow(Self.clockSkewTolerance)
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
