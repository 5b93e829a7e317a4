import Substate

/// Measures how long the rest of the pipeline takes for each action type: placed last in the
/// middleware list, how long the tree takes to reduce it.
///
/// The figures are kept per action type and readable from code:
///
/// ```swift
/// let timer = ActionTimer()
/// let store = Store(model: App(), middleware: [ActionLogger(), timer])
/// store.update(Counter.Increment())
/// timer.statistics["Counter.Increment"]?.mean
/// print(timer.report())
/// ```
///
/// With `filter: true` only actions that adopt ``TimedAction`` are measured.
///
/// One timer may serve several stores made from one middleware list: its figures then gather
/// the actions of all of them, per action type. Give each store its own timer to time them
/// apart.
@MainActor
public final class ActionTimer: Middleware {
    /// Figures for one action type.
    public struct Statistics: Sendable, Equatable {
        public private(set) var count = 0
        public private(set) var min: Duration = .zero
        public private(set) var max: Duration = .zero
        public private(set) var last: Duration = .zero
        public private(set) var total: Duration = .zero

        /// The average duration.
        public var mean: Duration { count == 0 ? .zero : total / count }

        mutating func record(_ duration: Duration) {
            min = count == 0 ? duration : Swift.min(min, duration)
            max = Swift.max(max, duration)
            last = duration
            total += duration
            count += 1
        }
    }

    /// The figures so far, keyed by action type name (for example `"Counter.Increment"`).
    public private(set) var statistics: [String: Statistics] = [:]

    private let filter: Bool
    private let now: @MainActor () -> Duration
    private var isTimed = ActionTypeCheck { $0 is TimedAction }

    /// Creates a timer.
    ///
    /// - Parameters:
    ///   - filter: When `true`, only actions that adopt ``TimedAction`` are measured.
    ///   - clock: Measures the durations.
    public init<C: Clock>(filter: Bool = false, clock: C = ContinuousClock()) where C.Duration == Duration {
        self.filter = filter
        now = TimingScheduler(clock: clock).now
    }

    /// `true`: it only watches. Timing a replay measures the reducers alone.
    public var runsDuringReplay: Bool { true }

    public func handle(_ action: Action, store: Store, next: Next) {
        guard !filter || isTimed(action) else {
            next(action)
            return
        }
        let start = now()
        next(action)
        statistics[typeName(type(of: action)), default: Statistics()].record(now() - start)
    }

    /// The figures as a table, one line per action type, sorted by name.
    public func report() -> String {
        statistics.keys.sorted().map { name in
            let figures = statistics[name]!
            return
                "\(name): count \(figures.count), min \(figures.min), max \(figures.max), mean \(figures.mean), last \(figures.last)"
        }
        .joined(separator: "\n")
    }
}
