/// Work scheduled for later, which can be cancelled until it runs.
package struct ScheduledWork: Sendable {
    package let cancel: @MainActor @Sendable () -> Void
}

/// Runs work on the main actor after a delay measured by a clock, and tells the time.
///
/// With a real clock each piece of work is a task that sleeps; with ``TestClock`` the work
/// runs inside the clock's `advance(by:)`, so timing tests are synchronous and deterministic.
@MainActor
package struct TimingScheduler {
    /// Time elapsed on the clock since the scheduler was made.
    package let now: @MainActor () -> Duration
    private let scheduleAfter: @MainActor (Duration, @escaping @MainActor @Sendable () -> Void) -> ScheduledWork

    package init<C: Clock>(clock: C) where C.Duration == Duration {
        if let manual = clock as? TestClock {
            let start = manual.now
            now = { start.duration(to: manual.now) }
            scheduleAfter = { delay, work in manual.schedule(at: manual.now.advanced(by: delay), work) }
        } else {
            let start = clock.now
            now = { start.duration(to: clock.now) }
            scheduleAfter = { delay, work in
                let task = Task { @MainActor in
                    try? await clock.sleep(for: delay)
                    if !Task.isCancelled { work() }
                }
                return ScheduledWork { task.cancel() }
            }
        }
    }

    /// Runs the work after the delay, unless cancelled first.
    package func schedule(after delay: Duration, _ work: @escaping @MainActor @Sendable () -> Void) -> ScheduledWork {
        scheduleAfter(delay, work)
    }
}
