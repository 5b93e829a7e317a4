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
    private struct Pending {
        let key: TimingKey
        let due: Duration
        let action: any Action
        let next: Next
        let work: ScheduledWork
    }

    /// The actions held for one store.
    private final class Held: HoldsPendingWork {
        var pending: [Int: Pending] = [:]
        var nextID = 0
        var pendingWork: Int { pending.count }
    }

    private let scheduler: TimingScheduler
    private let onRelease: PendingOnRelease
    private var isDelayed = ActionTypeCheck { $0 is DelayedAction }

    /// Creates a delayer.
    ///
    /// - Parameters:
    ///   - clock: Measures the delays; tests pass a `TestClock`.
    ///   - onRelease: What happens to pending actions when the store is released.
    public init<C: Clock>(clock: C = ContinuousClock(), onRelease: PendingOnRelease = .cancel)
    where C.Duration == Duration {
        scheduler = TimingScheduler(clock: clock)
        self.onRelease = onRelease
    }

    public func handle(_ action: Action, store: Store, next: Next) {
        let cancel = CancelPendingActions.carried(by: action)
        let delayed = isDelayed(action) ? action as? DelayedAction : nil
        guard cancel != nil || delayed != nil else { return next(action) }
        let held = store.storage(for: self) { Held() }
        if let cancel {
            for (id, entry) in held.pending where cancel.matches(entry.key) {
                entry.work.cancel()
                held.pending[id] = nil
            }
        }
        guard let delayed, delayed.delay > .zero else { return next(action) }
        held.nextID += 1
        let id = held.nextID
        let work = scheduler.schedule(after: delayed.delay) { [weak held] in
            guard let entry = held?.pending.removeValue(forKey: id) else { return }
            entry.next(entry.action)
        }
        held.pending[id] = Pending(
            key: TimingKey(action, key: delayed.delayKey), due: scheduler.now() + delayed.delay, action: action,
            next: next, work: work)
    }

    public func storeWillRelease(_ store: Store) {
        guard let table = store.existingStorage(for: self, as: Held.self) else { return }
        let held = table.pending.sorted { ($0.value.due, $0.key) < ($1.value.due, $1.key) }.map(\.value)
        table.pending = [:]
        for entry in held {
            entry.work.cancel()
            if onRelease == .flush { entry.next(entry.action) }
        }
    }
}
