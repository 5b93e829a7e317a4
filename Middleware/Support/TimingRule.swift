import Substate

/// The decision of one kind of timing middleware for one key, as a pure value: whether an
/// action passes when it arrives, when the key wants to be woken, and what passes then.
///
/// ``ActionDebouncer``, ``ActionDelayer`` and ``ActionThrottler`` differ only in their rule
/// (`DebounceBurst`, `DelayHold`, `ThrottleWindow`); holding the actions per store, the clock,
/// cancellation and the store's release are one shared core (`TimingCore`); the debouncer and
/// the throttler, whose actions carry their setting and key, are one `KeyedTiming` each. A rule
/// reads no clock and schedules nothing, so its tests are tables of times.
protocol TimingRule {
    /// What the action asks for: a debounce, a throttle, a delay.
    associatedtype Setting

    /// The first action of a key: the rule's state, and whether the action passes at once.
    static func begin(with action: any Action, _ setting: Setting, at now: Duration) -> (Self, passesNow: Bool)

    /// A later action of the same key, while the rule is under way.
    mutating func receive(_ action: any Action, _ setting: Setting, at now: Duration)

    /// When the rule wants to be woken.
    var deadline: Duration { get }

    /// The action waiting to pass, if any.
    var pending: (any Action)? { get }

    /// The deadline came: what passes now, and the rule that goes on (`nil` when the key is done).
    func fire(_ setting: Setting) -> (passing: (any Action)?, next: Self?)

    /// The waiting action was cancelled: the rule that goes on (`nil` when the key is done).
    func cancelled() -> Self?
}
