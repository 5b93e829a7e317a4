import Substate

/// Lets a ``ThrottledAction`` through at most once per interval.
///
/// Throttling is keyed by action type, and by ``Throttle/key`` when given. Each action chooses
/// leading and trailing behaviour, and whether the trailing action is the latest or the first
/// of the interval. Other actions pass at once. ``CancelPendingActions`` drops a waiting
/// trailing action. When the store is released, a waiting action is dropped, or delivered with
/// `onRelease: .flush`.
///
/// Timelines (interval 100 ms):
///
/// ```
/// time (ms)                          0    30   60   100  130  200  300
/// dispatched                         A    B    C         D
/// leading + trailing, latest         A    ·    ·    C    ·    D    ·
/// leading + trailing, first          A    ·    ·    B    ·    D    ·
/// leading only                       A    ·    ·    ·    D    ·    ·
/// trailing only, latest              ·    ·    ·    C    ·    D    ·
/// ```
///
/// ```swift
/// let store = Store(model: App(), middleware: [ActionThrottler()])
/// ```
@MainActor
public final class ActionThrottler: Middleware {
    private let timing: KeyedTiming<ThrottleWindow>

    /// Creates a throttler.
    ///
    /// - Parameters:
    ///   - clock: Measures the intervals; tests pass a `TestClock`.
    ///   - onRelease: What happens to a waiting trailing action when the store is released.
    public init<C: Clock>(clock: C = ContinuousClock(), onRelease: PendingOnRelease = .cancel)
    where C.Duration == Duration {
        timing = KeyedTiming(clock: clock, onRelease: onRelease)
    }

    public func handle(_ action: Action, store: Store, next: Next) {
        timing.handle(action, store: store, owner: self, next: next)
    }

    public func storeWillRelease(_ store: Store) { timing.release(store, owner: self) }
}
