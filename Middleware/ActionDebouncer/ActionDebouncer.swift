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

    /// The bursts of one store.
    private final class Bursts: HoldsPendingWork {
        var waiting: [TimingKey: Waiting] = [:]
        var pendingWork: Int { waiting.values.filter { $0.burst.pending != nil }.count }
    }

    private let scheduler: TimingScheduler
    private let onRelease: PendingOnRelease
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
        let cancel = CancelPendingActions.carried(by: action)
        let debounced = isDebounced(action) ? action as? DebouncedAction : nil
        guard cancel != nil || debounced != nil else { return next(action) }
        let bursts = store.storage(for: self) { Bursts() }
        if let cancel {
            for (key, entry) in bursts.waiting where cancel.matches(key) {
                entry.work.cancel()
                bursts.waiting[key] = nil
            }
        }
        guard let debounced else { return next(action) }
        let debounce = debounced.debounce
        let key = TimingKey(action, key: debounce.key)
        let now = scheduler.now()
        if var entry = bursts.waiting[key] {
            entry.work.cancel()
            entry.burst.receive(action, debounce, at: now)
            entry.work = schedule(key, in: bursts, at: entry.burst.deadline, now: now)
            bursts.waiting[key] = entry
        } else {
            let (burst, passesNow) = DebounceBurst.begin(with: action, debounce, at: now)
            let work = schedule(key, in: bursts, at: burst.deadline, now: now)
            bursts.waiting[key] = Waiting(burst: burst, next: next, work: work)
            if passesNow { next(action) }
        }
    }

    private func schedule(_ key: TimingKey, in bursts: Bursts, at deadline: Duration, now: Duration) -> ScheduledWork {
        scheduler.schedule(after: deadline - now) { [weak bursts] in
            guard let entry = bursts?.waiting.removeValue(forKey: key) else { return }
            if let action = entry.burst.pending { entry.next(action) }
        }
    }

    public func storeWillRelease(_ store: Store) {
        guard let bursts = store.existingStorage(for: self, as: Bursts.self) else { return }
        let held = bursts.waiting.values.sorted { $0.burst.deadline < $1.burst.deadline }
        bursts.waiting = [:]
        for entry in held {
            entry.work.cancel()
            if onRelease == .flush, let action = entry.burst.pending { entry.next(action) }
        }
    }
}
