import Substate

/// Lets only one ``DebouncedAction`` of each burst through: by default the last, once the actions
/// have stopped for the action's interval.
///
/// Bursts are keyed by action type, and by ``Debounce/key`` when given, so two search fields
/// debounce separately. Other actions pass at once. ``CancelPendingActions`` drops a waiting
/// action. When the store is released, waiting actions are dropped, or delivered with
/// `onRelease: .flush`.
///
/// Timelines (interval 100 ms):
///
/// ```
/// time (ms)             0    50   120  220  300  400
/// dispatched            A    B    C         D
/// trailing (default)    ·    ·    ·    C    ·    D
/// leading               A    ·    ·    ·    D    ·
/// both                  A    ·    ·    C    D    ·
/// trailing, maxWait 150 A at 0, B at 60, C at 120: C passes at 150, not at 220
/// ```
///
/// ```swift
/// let store = Store(model: App(), middleware: [ActionDebouncer()])
/// ```
@MainActor
public final class ActionDebouncer: Middleware {
    private let timing: KeyedTiming<DebounceBurst>

    /// Creates a debouncer.
    ///
    /// - Parameters:
    ///   - clock: Measures the intervals; tests pass a `TestClock`.
    ///   - onRelease: What happens to waiting actions when the store is released.
    public init<C: Clock>(clock: C = ContinuousClock(), onRelease: PendingOnRelease = .cancel)
    where C.Duration == Duration {
        timing = KeyedTiming(clock: clock, onRelease: onRelease)
    }

    public func handle(_ action: Action, store: Store, next: Next) {
        timing.handle(action, store: store, owner: self, next: next)
    }

    public func storeWillRelease(_ store: Store) { timing.release(store, owner: self) }
}
