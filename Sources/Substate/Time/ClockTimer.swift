/// Ticks every interval on a clock, as an asynchronous sequence: each element is how long after
/// the timer was made its tick is due, and ticks keep to their deadlines (the start plus a
/// whole number of intervals), so a slow consumer does not make the timer drift.
///
/// It is what TCA users know as `clock.timer(interval:)`, on any clock, the store's dependency
/// included: a test drives it with a ``TestClock``, whose `advance(by:)` wakes it once per
/// interval in the advanced window.
///
/// ```swift
/// for await _ in send.dependencies.clock.timer(interval: .seconds(1)) {
///     await send(Recording.Tick())
/// }
/// ```
public struct ClockTimer: AsyncSequence {
    public typealias Element = Duration

    private let interval: Duration
    private let sleep: (Duration) async throws -> Void

    init<C: Clock>(clock: C, interval: Duration) where C.Duration == Duration {
        let start = clock.now
        self.interval = interval
        sleep = { offset in try await clock.sleep(until: start.advanced(by: offset), tolerance: nil) }
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let interval: Duration
        let sleep: (Duration) async throws -> Void
        var ticks = 0

        /// The next tick's offset from the start; `nil` once the task is cancelled.
        public mutating func next() async -> Duration? {
            let offset = interval * (ticks + 1)
            do {
                try await sleep(offset)
            } catch {
                return nil
            }
            guard !Task.isCancelled else { return nil }
            ticks += 1
            return offset
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(interval: interval, sleep: sleep)
    }
}

extension Clock where Duration == Swift.Duration {
    /// A sequence that ticks every interval on this clock, from now until the task iterating it
    /// is cancelled.
    public func timer(interval: Duration) -> ClockTimer {
        ClockTimer(clock: self, interval: interval)
    }
}
