import Substate
import SubstateTestSupport
import XCTest

/// A sleep until the current instant on a `TestClock`, a sleep of zero included, waits for the
/// test to advance the clock, as swift-clocks' `TestClock` (TCA's) does; a sleep until an
/// instant already past returns at once; a sleeper woken and cancelled before it runs again
/// throws.
@MainActor
final class TestClockSleepTests: XCTestCase {
    /// A task that sleeps as `sleep` does, then records "woke", or "cancelled" if it threw.
    private func sleeper(
        _ probe: Probe, _ sleep: @escaping @Sendable () async throws -> Void
    ) -> Task<Void, Never> {
        // On the main queue, as a test store's effects run: the clock's nonisolated `sleep`
        // resumes there too, so nothing of the sleeper runs between two lines of the test.
        Task(executorPreference: MainQueueTaskExecutor.shared) {
            do {
                try await sleep()
                probe.record("woke")
            } catch {
                probe.record("cancelled")
            }
        }
    }

    /// The synchronous `advance(by:)`, which an async test would not pick.
    private func advanceSynchronously(_ clock: TestClock, by duration: Duration = .zero) {
        clock.advance(by: duration)
    }

    func testASleepOfZeroWaitsForTheClockToBeAdvanced() async {
        let clock = TestClock()
        let probe = Probe()
        let task = sleeper(probe) { try await clock.sleep(for: .zero) }
        await clock.waitForSleepers(1)
        await MainQueueTaskExecutor.settle()
        XCTAssertEqual(probe.entries, [], "still asleep: no time was asked to pass")
        await clock.advance()
        await task.value
        XCTAssertEqual(probe.entries, ["woke"])
        XCTAssertEqual(clock.now.offset, .zero, "advancing by nothing moves no time")
    }

    func testASleepUntilNowIsWokenByEveryWayOfAdvancing() async {
        let clock = TestClock()
        let probe = Probe()
        let first = sleeper(probe) { try await clock.sleep(until: clock.now) }
        await clock.waitForSleepers(1)
        advanceSynchronously(clock)
        await first.value
        let second = sleeper(probe) { try await clock.sleep(for: .zero) }
        await clock.waitForSleepers(1)
        await clock.run()
        await second.value
        XCTAssertEqual(probe.entries, ["woke", "woke"])
    }

    func testASleepUntilAnInstantAlreadyPastReturnsAtOnce() async {
        let clock = TestClock()
        await clock.advance(by: .seconds(1))
        let probe = Probe()
        let task = sleeper(probe) { try await clock.sleep(until: .init(offset: .milliseconds(500))) }
        await task.value
        XCTAssertEqual(probe.entries, ["woke"])
        XCTAssertEqual(clock.sleeperCount, 0)
    }

    func testASleeperWokenThenCancelledBeforeItRunsAgainThrows() async {
        let clock = TestClock()
        let probe = Probe()
        let task = sleeper(probe) { try await clock.sleep(for: .seconds(1)) }
        await clock.waitForSleepers(1)
        // Both on the main actor, before the task can run again.
        advanceSynchronously(clock, by: .seconds(1))
        task.cancel()
        await task.value
        XCTAssertEqual(probe.entries, ["cancelled"])
    }
}
