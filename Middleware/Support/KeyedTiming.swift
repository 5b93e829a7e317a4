import Substate

/// A ``TimingRule`` for actions that carry their own setting and an optional key, and are timed
/// under their type and that key: a debounce or a throttle.
protocol KeyedTimingRule: TimingRule {
    /// Whether an action adopts the protocol that asks for the rule; a check of its type alone.
    static func times(_ action: any Action) -> Bool

    /// The setting and key an action asks for; `nil` when it asks for none.
    static func setting(of action: any Action) -> (setting: Setting, key: String?)?
}

/// What ``ActionDebouncer`` and ``ActionThrottler`` are, each with its rule: the actions that
/// ask for the rule are timed under their type and key by a ``TimingCore``, a
/// ``CancelPendingActions`` is applied, and every other action passes at once.
@MainActor
final class KeyedTiming<Rule: KeyedTimingRule> {
    private let core: TimingCore<Rule>
    // Asked on every action, only on the main actor, and each access ends before the action
    // goes on: unchecked exclusivity keeps an action the middleware lets through to a few
    // comparisons.
    @exclusivity(unchecked) private var isTimed = ActionTypeCheck { Rule.times($0) }

    init<C: Clock>(clock: C, onRelease: PendingOnRelease) where C.Duration == Duration {
        core = TimingCore(scheduler: TimingScheduler(clock: clock), onRelease: onRelease)
    }

    func handle(_ action: any Action, store: Store, owner: AnyObject, next: Next) {
        // The action's type, taken once: most actions are neither timed nor a cancellation,
        // and pass on after two comparisons.
        let type = ObjectIdentifier(Swift.type(of: action))
        guard isTimed(action, type: type) || CancelPendingActions.isCancellation(type) else { return next(action) }
        let timed = Rule.setting(of: action).map { (TimingKey(action, key: $0.key), $0.setting) }
        core.handle(action, timed: timed, store: store, owner: owner, next: next)
    }

    /// The store is going: see ``TimingCore/release(_:owner:)``.
    func release(_ store: Store, owner: AnyObject) { core.release(store, owner: owner) }
}
