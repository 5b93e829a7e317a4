import Substate

/// Cancels the actions of one type that timing middleware (``ActionDelayer``,
/// ``ActionDebouncer``, ``ActionThrottler``) holds for later, so they never reach the tree.
///
/// ```swift
/// store.update(CancelPendingActions(of: Search.Query.self))              // every pending query
/// store.update(CancelPendingActions(of: Search.Query.self, key: "title"))  // one field's queries
/// ```
///
/// The action itself passes on to the tree like any other.
public struct CancelPendingActions: Action {
    /// The type of the pending actions to cancel.
    public let type: any Action.Type
    /// The key the actions were timed under, or `nil` for every key.
    public let key: String?

    public init(of type: any Action.Type, key: String? = nil) {
        self.type = type
        self.key = key
    }

    /// The action, when it is a `CancelPendingActions`: a type comparison first, so that other
    /// actions cost no cast.
    static func carried(by action: any Action) -> CancelPendingActions? {
        isAction(action, CancelPendingActions.self) ? action as? CancelPendingActions : nil
    }

    /// Whether actions of the type (as `ObjectIdentifier(type(of: action))` names it) are
    /// cancellations: timing middleware passes any other action it does not time at once.
    static func isCancellation(_ type: ObjectIdentifier) -> Bool {
        type == ObjectIdentifier(CancelPendingActions.self)
    }

    func matches(_ timing: TimingKey) -> Bool {
        timing.type == ObjectIdentifier(type) && (key == nil || key == timing.key)
    }
}

/// What timed actions are held under: the action's type, an optional key, and for actions
/// held each on its own (delays), their order of arrival.
struct TimingKey: Hashable {
    let type: ObjectIdentifier
    let key: String?
    let serial: Int

    init(_ action: any Action, key: String?, serial: Int = 0) {
        type = ObjectIdentifier(Swift.type(of: action))
        self.key = key
        self.serial = serial
    }
}

/// What timing middleware does with the actions it still holds when the store is released.
public enum PendingOnRelease: Sendable {
    /// Drop them: they never reach the tree.
    case cancel
    /// Deliver them at once, in the order they were due.
    case flush
}
