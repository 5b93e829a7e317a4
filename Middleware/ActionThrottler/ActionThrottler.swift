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
    private struct Open {
        var window: ThrottleWindow
        var throttle: Throttle
        var next: Next
        var work: ScheduledWork
    }

    /// The open windows of one store.
    private final class Windows: HoldsPendingWork {
        var open: [TimingKey: Open] = [:]
        var pendingWork: Int { open.values.filter { $0.window.pending != nil }.count }
    }

    private let scheduler: TimingScheduler
    private let onRelease: PendingOnRelease
    private var isThrottled = ActionTypeCheck { $0 is ThrottledAction }

    /// Creates a throttler.
    ///
    /// - Parameters:
    ///   - clock: Measures the intervals; tests pass a `TestClock`.
    ///   - onRelease: What happens to a waiting trailing action when the store is released.
    public init<C: Clock>(clock: C = ContinuousClock(), onRelease: PendingOnRelease = .cancel)
    where C.Duration == Duration {
        scheduler = TimingScheduler(clock: clock)
        self.onRelease = onRelease
    }

    public func handle(_ action: Action, store: Store, next: Next) {
        let cancel = CancelPendingActions.carried(by: action)
        let throttled = isThrottled(action) ? action as? ThrottledAction : nil
        guard cancel != nil || throttled != nil else { return next(action) }
        let windows = store.storage(for: self) { Windows() }
        if let cancel {
            for key in windows.open.keys where cancel.matches(key) { windows.open[key]?.window.dropPending() }
        }
        guard let throttled else { return next(action) }
        let throttle = throttled.throttle
        let key = TimingKey(action, key: throttle.key)
        if windows.open[key] != nil {
            windows.open[key]!.window.receive(action, throttle)
            windows.open[key]!.throttle = throttle
            windows.open[key]!.next = next
            return
        }
        let now = scheduler.now()
        let (window, passesNow) = ThrottleWindow.open(with: action, throttle, at: now)
        let work = schedule(key, in: windows, at: window.end, now: now)
        windows.open[key] = Open(window: window, throttle: throttle, next: next, work: work)
        if passesNow { next(action) }
    }

    private func schedule(_ key: TimingKey, in windows: Windows, at end: Duration, now: Duration) -> ScheduledWork {
        scheduler.schedule(after: end - now) { [weak self, weak windows] in
            if let windows { self?.closeWindow(key, in: windows) }
        }
    }

    private func closeWindow(_ key: TimingKey, in windows: Windows) {
        guard let entry = windows.open.removeValue(forKey: key) else { return }
        let (passing, nextWindow) = entry.window.close(entry.throttle)
        if let nextWindow {
            let work = schedule(key, in: windows, at: nextWindow.end, now: scheduler.now())
            windows.open[key] = Open(window: nextWindow, throttle: entry.throttle, next: entry.next, work: work)
        }
        if let passing { entry.next(passing) }
    }

    public func storeWillRelease(_ store: Store) {
        guard let windows = store.existingStorage(for: self, as: Windows.self) else { return }
        let held = windows.open.values.sorted { $0.window.end < $1.window.end }
        windows.open = [:]
        for entry in held {
            entry.work.cancel()
            if onRelease == .flush, let action = entry.window.pending { entry.next(action) }
        }
    }
}
