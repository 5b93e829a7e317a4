import Synchronization

/// A clock whose time moves only when a test tells it to.
///
/// Work scheduled by the package's timing middleware and by `ModelSaver` runs synchronously,
/// in deadline order, inside `advance(by:)`, so a timing test reads as a timeline (what goes
/// in at which tick, what comes out at which tick) and never sleeps. Tasks that call `sleep` on
/// it resume when time reaches their deadline.
///
/// As swift-clocks' `TestClock` (TCA's), a sleep until the current instant, a sleep of zero
/// included, suspends until the test next advances the clock (`advance()`, `advance(by:)`,
/// `run()`); only a sleep until an instant already past returns at once. A task cancelled while
/// it sleeps, or before it is woken runs again, throws `CancellationError`. So a request that
/// sleeps `.zero` is still in flight when the next action is sent, and can be cancelled by it:
///
/// ```swift
/// await store.send(Search.ResultTapped(first))    // its request sleeps .zero: still in flight
/// await store.send(Search.ResultTapped(second))   // cancels the first request
/// await clock.advance()                           // the second answers
/// ```
///
/// ```swift
/// let clock = TestClock()
/// let store = Store(model: Search(), middleware: [ActionDebouncer(clock: clock)])
/// store.update(Search.Query(text: "s"))
/// clock.advance(by: .milliseconds(300))   // the query reaches the tree now
/// ```
public final class TestClock: Clock, Sendable {
    /// A point in this clock's time: how long after the clock's start.
    public struct Instant: OffsetInstant, Sendable, Hashable, Comparable {
        public var offset: Duration

        public init(offset: Duration) {
            self.offset = offset
        }
    }

    private struct Timer {
        let id: Int
        let deadline: Instant
        let fire: @MainActor @Sendable () -> Void
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID = 0
        var timers: [Timer] = []
        var sleepers: [Sleeper] = []
        /// Tests waiting until this many tasks sleep on the clock.
        var sleeperWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        /// The waiters whose count of sleepers is reached, removed.
        mutating func readyWaiters() -> [CheckedContinuation<Void, Never>] {
            let ready = sleeperWaiters.filter { $0.count <= sleepers.count }.map(\.continuation)
            sleeperWaiters.removeAll { $0.count <= sleepers.count }
            return ready
        }
    }

    private let state = Mutex(State())

    public init() {}

    public var now: Instant { state.withLock { $0.now } }

    public var minimumResolution: Duration { .zero }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Checked under the lock that the cancellation handler takes: a task cancelled
                // before it registered is never left waiting.
                var ready: [CheckedContinuation<Void, Never>] = []
                let outcome = state.withLock { state -> Result<Bool, CancellationError> in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    // A deadline already past returns at once; one at the current instant waits
                    // for the clock to be advanced, as swift-clocks' does.
                    if deadline < state.now { return .success(true) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    ready = state.readyWaiters()
                    return .success(false)
                }
                for waiter in ready { waiter.resume() }
                switch outcome {
                case .failure(let error): continuation.resume(throwing: error)
                case .success(true): continuation.resume()
                case .success(false): break
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
        // Woken by the clock, but cancelled before running again: as swift-clocks' clock does.
        try Task.checkCancellation()
    }

    /// How many tasks sleep on the clock now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Waits until at least `count` tasks sleep on the clock, so that a test advances time only
    /// once the effects it drives are waiting for it.
    ///
    /// ```swift
    /// store.update(Poll())            // its effect sleeps on the clock
    /// await clock.waitForSleepers(1)
    /// clock.advance(by: .seconds(1))
    /// ```
    public func waitForSleepers(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                if state.sleepers.count >= count { return true }
                state.sleeperWaiters.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Runs the body when the clock reaches the deadline; returns a way to cancel it.
    @MainActor
    func schedule(at deadline: Instant, _ fire: @escaping @MainActor @Sendable () -> Void) -> ScheduledWork {
        let id = state.withLock { state in
            state.nextID += 1
            state.timers.append(Timer(id: state.nextID, deadline: deadline, fire: fire))
            return state.nextID
        }
        return ScheduledWork { [self] in
            state.withLock { $0.timers.removeAll { $0.id == id } }
        }
    }

    /// Moves time forward as TCA's test clock does: wakes what is due in deadline order, one
    /// at a time, and lets each woken task run until it suspends again before going on, so a
    /// task that sleeps again inside the window is woken again inside it.
    ///
    /// A loop that sleeps a second and sends a tick, advanced by six seconds, ticks six times.
    /// Scheduled work (the timing middleware's) runs in the same deadline order. Tasks that
    /// run on the main actor or in a test store's effects are followed deterministically; a
    /// task of your own on another executor may need `waitForSleepers(_:)` first.
    ///
    /// ```swift
    /// store.send(Timer.Start())              // its effect sleeps a second, ticks, repeats
    /// await clock.advance(by: .seconds(6))   // six ticks
    /// ```
    @MainActor
    public func advance(by duration: Duration) async {
        let target = now.advanced(by: duration)
        await MainQueueTaskExecutor.settle()
        while let due = takeNextDue(until: target) {
            switch due {
            case .timer(let timer): timer.fire()
            case .sleeper(let sleeper): sleeper.continuation.resume()
            }
            await MainQueueTaskExecutor.settle()
        }
        state.withLock { $0.now = max($0.now, target) }
        await MainQueueTaskExecutor.settle()
    }

    /// Runs the work that is due now without moving time, as swift-clocks' `advance()` does:
    /// scheduled work whose deadline has come (an action debounced by `.zero`), and tasks that
    /// are awake (woken by the synchronous `advance(by:)`), each let run until it suspends.
    ///
    /// Use it after an action that schedules work for the current instant, or to let effects
    /// reach their next sleep, when no time should pass.
    ///
    /// ```swift
    /// await store.send(Search.Query(text: "s"))   // debounced by .zero
    /// await clock.advance()                        // the query reaches the tree, at the same instant
    /// ```
    @MainActor
    public func advance() async {
        await advance(by: .zero)
    }

    /// Advances time, as the async `advance(by:)` does, until no scheduled work and no sleeper
    /// is left: a loop that never stops sleeping makes it run forever, as it would.
    @MainActor
    public func run() async {
        await MainQueueTaskExecutor.settle()
        while let deadline = state.withLock({ state in
            (state.timers.map(\.deadline) + state.sleepers.map(\.deadline)).min()
        }) {
            await advance(by: now.duration(to: deadline))
        }
    }

    private enum Due {
        case timer(Timer)
        case sleeper(Sleeper)
    }

    /// Removes and returns the earliest timer or sleeper due by the target (the first
    /// registered among those due at one instant), moving `now` to its deadline.
    private func takeNextDue(until target: Instant) -> Due? {
        state.withLock { state in
            let timer = Self.earliest(state.timers, until: target) { ($0.deadline, $0.id) }
            let sleeper = Self.earliest(state.sleepers, until: target) { ($0.deadline, $0.id) }
            if let timer, sleeper.map({ timer.key < $0.key }) ?? true {
                let due = state.timers.remove(at: timer.index)
                state.now = max(state.now, due.deadline)
                return .timer(due)
            }
            guard let sleeper else { return nil }
            let due = state.sleepers.remove(at: sleeper.index)
            state.now = max(state.now, due.deadline)
            return .sleeper(due)
        }
    }

    /// Where the earliest of the items due by the target is, with its deadline and id: the
    /// first registered among those due at one instant.
    private static func earliest<Item>(
        _ items: [Item], until target: Instant, _ key: (Item) -> (deadline: Instant, id: Int)
    ) -> (index: Int, key: (deadline: Instant, id: Int))? {
        var best: (index: Int, key: (deadline: Instant, id: Int))?
        for (index, item) in items.enumerated() {
            let itemKey = key(item)
            guard itemKey.deadline <= target else { continue }
            if best.map({ itemKey < $0.key }) ?? true { best = (index, itemKey) }
        }
        return best
    }

    /// Moves time forward at once, synchronously: runs scheduled work in deadline order (work
    /// scheduled for the same instant runs in the order it was scheduled), then wakes every
    /// sleeper due, once. For synchronous code driving the timing middleware; a test that
    /// drives tasks which sleep again uses the async `advance(by:)`.
    @MainActor
    public func advance(by duration: Duration) {
        let target = now.advanced(by: duration)
        while let timer = takeNextTimer(until: target) {
            timer.fire()
        }
        let woken = state.withLock { state -> [Sleeper] in
            state.now = target
            let due = state.sleepers.filter { $0.deadline <= target }
            state.sleepers.removeAll { $0.deadline <= target }
            return due.sorted { $0.deadline < $1.deadline }
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// Runs the work that is due now without moving time, synchronously, as the synchronous
    /// `advance(by:)` does for a zero duration: scheduled work due now runs in the order it was
    /// scheduled, and tasks asleep until now are woken, once.
    ///
    /// Use it from synchronous code that drives timing middleware scheduled with no delay.
    ///
    /// ```swift
    /// store.update(Search.Query(text: "s"))   // the ActionDebouncer holds it for .zero
    /// clock.advance()                         // it reaches the tree now
    /// ```
    @MainActor
    public func advance() {
        advance(by: .zero)
    }

    /// Advances time synchronously until no scheduled work is left.
    @MainActor
    public func run() {
        while let deadline = state.withLock({ $0.timers.map(\.deadline).min() }) {
            advance(by: now.duration(to: deadline))
        }
    }

    /// Removes and returns the earliest timer due by the target, moving `now` to its deadline.
    private func takeNextTimer(until target: Instant) -> Timer? {
        state.withLock { state in
            guard let earliest = Self.earliest(state.timers, until: target, { ($0.deadline, $0.id) }) else {
                return nil
            }
            let timer = state.timers.remove(at: earliest.index)
            state.now = max(state.now, timer.deadline)
            return timer
        }
    }
}
