import Substate

/// Holds each ``DelayedAction`` back for its `delay`, then passes it on; other actions pass at once.
///
/// The dispatching caller never waits: the action is kept and handed to the rest of the
/// pipeline when the clock reaches its time. ``CancelPendingActions`` drops pending actions.
/// When the store is released, pending actions are dropped, or delivered at once with
/// `onRelease: .flush`.
///
/// Timeline (`delay` 100 ms):
///
/// ```
/// time (ms)   0      50     100    150
/// dispatched  A      B
/// reaches     ·      ·      A      B
/// ```
///
/// ```swift
/// let store = Store(model: App(), middleware: [ActionDelayer()])
/// store.update(ShowHint())   // reaches the tree two seconds later
/// ```
@MainActor
public final class ActionDelayer: Middleware {
    private let core: TimingCore<DelayHold>
    // Asked on every action, only on the main actor, and each access ends before the action
    // goes on: unchecked exclusivity keeps an action the delayer lets through to a few
    // comparisons.
    @exclusivity(unchecked) private var isDelayed = ActionTypeCheck { $0 is DelayedAction }
    /// Numbers the delayed actions: each is held on its own, and released in this order when
    /// two fall due together.
    private var serial = 0

    /// Creates a delayer.
    ///
    /// - Parameters:
    ///   - clock: Measures the delays; tests pass a `TestClock`.
    ///   - onRelease: What happens to pending actions when the store is released.
    public init<C: Clock>(clock: C = ContinuousClock(), onRelease: PendingOnRelease = .cancel)
    where C.Duration == Duration {
        core = TimingCore(scheduler: TimingScheduler(clock: clock), onRelease: onRelease)
    }

    public func handle(_ action: Action, store: Store, next: Next) {
        let type = ObjectIdentifier(Swift.type(of: action))
        let delays = isDelayed(action, type: type)
        guard delays || CancelPendingActions.isCancellation(type) else { return next(action) }
        var timed: (key: TimingKey, setting: Duration)?
        if delays, let delayed = action as? DelayedAction, delayed.delay > .zero {
            serial += 1
            timed = (TimingKey(action, key: delayed.delayKey, serial: serial), delayed.delay)
        }
        core.handle(action, timed: timed, store: store, owner: self, next: next)
    }

    public func storeWillRelease(_ store: Store) { core.release(store, owner: self) }
}
