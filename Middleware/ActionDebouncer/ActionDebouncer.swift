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
    private struct Waiting {
        var burst: DebounceBurst
        let next: Next
        var work: ScheduledWork
    }

    private let scheduler: TimingScheduler
    private let onRelease: PendingOnRelease
    private var waiting: [TimingKey: Waiting] = [:]
    private var isDebounced = ActionTypeCheck { $0 is DebouncedAction }

    /// Creates a debouncer.
    ///
    /// - Parameters:
    ///   - clock: Measures the intervals; tests pass a `TestClock`.
    ///   - onRelease: What happens to waiting actions when the store is released.
    public init<C: Clock>(clock: C = ContinuousClock(), onRelease: PendingOnRelease = .cancel)
    where C.Duration == Duration {
        scheduler = TimingScheduler(clock: clock)
        self.onRelease = onRelease
    }

    public func handle(_ action: Action, store: Store, next: Next) {
        if let cancel = CancelPendingActions.carried(by: action) {
            for (key, entry) in waiting where cancel.matches(key) {
                entry.work.cancel()
                waiting[key] = nil
            }
        }
        guard isDebounced(action), let debounced = action as? DebouncedAction else {
            next(action)
            return
        }
        let debounce = debounced.debounce
        let key = TimingKey(action, key: debounce.key)
        let now = scheduler.now()
        if var entry = waiting[key] {
            entry.work.cancel()
            entry.burst.receive(action, debounce, at: now)
            entry.work = schedule(key, at: entry.burst.deadline, now: now)
            waiting[key] = entry
        } else {
            let (burst, passesNow) = DebounceBurst.begin(with: action, debounce, at: now)
            waiting[key] = Waiting(burst: burst, next: next, work: schedule(key, at: burst.deadline, now: now))
            if passesNow { next(action) }
        }
    }

    private func schedule(_ key: TimingKey, at deadline: Duration, now: Duration) -> ScheduledWork {
        scheduler.schedule(after: deadline - now) { [weak self] in self?.endBurst(key) }
    }

    private func endBurst(_ key: TimingKey) {
        guard let entry = waiting.removeValue(forKey: key) else { return }
        if let action = entry.burst.pending { entry.next(action) }
    }

    public func storeWillRelease(_ store: Store) {
        let held = waiting.values.sorted { $0.burst.deadline < $1.burst.deadline }
        waiting = [:]
        for entry in held {
            entry.work.cancel()
            if onRelease == .flush, let action = entry.burst.pending { entry.next(action) }
        }
    }
}
