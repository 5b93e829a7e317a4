import Substate
import SubstateTestSupport
import XCTest

@testable import SubstateMiddleware

@MainActor
final class TimingTests: XCTestCase {
    private func store(_ middleware: (TestClock) -> any Middleware) -> (Store, TestClock, Arrivals) {
        let clock = TestClock()
        let arrivals = Arrivals(clock)
        return (Store(model: Leaf(), middleware: [middleware(clock), arrivals]), clock, arrivals)
    }

    // MARK: Delay

    func testDelayedActionsArriveAfterTheirDelayAndOthersAtOnce() async {
        let (store, clock, arrivals) = store { ActionDelayer(clock: $0) }
        store.update(Hint(name: "A"))
        store.update(Plain(name: "P"))
        XCTAssertEqual(arrivals.log, ["P@0"], "the caller did not wait; the hint is held")
        play([(50, Hint(name: "B", delay: .milliseconds(20))), (60, Hint(name: "C"))], on: store, clock: clock)
        XCTAssertEqual(arrivals.log, ["P@0", "B@70", "A@100", "C@160"])
    }

    func testCancelPendingActionsDropsDelayedActionsByTypeAndKey() async {
        let (store, clock, arrivals) = store { ActionDelayer(clock: $0) }
        store.update(Hint(name: "A", delayKey: "one"))
        store.update(Hint(name: "B", delayKey: "two"))
        store.update(CancelPendingActions(of: Hint.self, key: "one"))
        await clock.run()
        XCTAssertEqual(arrivals.log, ["B@100"])
        store.update(Hint(name: "C"))
        store.update(CancelPendingActions(of: Hint.self))
        await clock.run()
        XCTAssertEqual(arrivals.log, ["B@100"])
    }

    func testPendingActionsAreCancelledOrFlushedWhenTheStoreGoesAway() async {
        let clock = TestClock()
        var store: Store? = Store(model: Leaf(), middleware: [ActionDelayer(clock: clock)])
        var actions = store!.actions()
        store!.update(Hint(name: "dropped"))
        store = nil
        await clock.run()
        var reached: [String] = []
        for await action in actions { if let named = action as? Named { reached.append(named.name) } }
        XCTAssertEqual(reached, [], "cancelled with the store")

        store = Store(model: Leaf(), middleware: [ActionDelayer(clock: clock, onRelease: .flush)])
        actions = store!.actions()
        store!.update(Hint(name: "second", delay: .milliseconds(200)))
        store!.update(Hint(name: "first"))
        store = nil
        for await action in actions { if let named = action as? Named { reached.append(named.name) } }
        XCTAssertEqual(reached, ["first", "second"], "flushed in the order they were due")
    }

    // MARK: Debounce

    func testDebounceTimelines() async {
        let timeline = { (edge: Debounce.Edge) -> [(ms: Int, action: any Action)] in
            [(0, "A"), (50, "B"), (120, "C"), (300, "D")].map {
                ($0.0, Query(name: $0.1, debounce: Debounce(.milliseconds(100), edge: edge)))
            }
        }
        for (edge, expected) in [
            (Debounce.Edge.trailing, ["C@220", "D@400"]), (.leading, ["A@0", "D@300"]),
            (.both, ["A@0", "C@220", "D@300"]),
        ] {
            let (store, clock, arrivals) = store { ActionDebouncer(clock: $0) }
            play(timeline(edge), on: store, clock: clock)
            XCTAssertEqual(arrivals.log, expected, "\(edge)")
            XCTAssertEqual(store.find(Leaf.self)?.received, expected.map { String($0.prefix(1)) })
        }
    }

    func testDebounceMaxWaitBoundsHowLongABurstWaits() async {
        let (store, clock, arrivals) = store { ActionDebouncer(clock: $0) }
        let debounce = Debounce(.milliseconds(100), maxWait: .milliseconds(150))
        play(
            [(0, "A"), (60, "B"), (120, "C"), (180, "D")].map { ($0.0, Query(name: $0.1, debounce: debounce)) },
            on: store, clock: clock)
        XCTAssertEqual(arrivals.log, ["C@150", "D@280"])
    }

    func testDebounceKeysSeparateBurstsOfOneType() async {
        let (store, clock, arrivals) = store { ActionDebouncer(clock: $0) }
        play(
            [
                (0, Query(name: "title1", debounce: Debounce(.milliseconds(100), key: "title"))),
                (10, Query(name: "body1", debounce: Debounce(.milliseconds(100), key: "body"))),
                (20, Query(name: "title2", debounce: Debounce(.milliseconds(100), key: "title"))),
            ], on: store, clock: clock)
        XCTAssertEqual(arrivals.log, ["body1@110", "title2@120"])
    }

    func testDebouncedActionCanBeCancelled() async {
        let (store, clock, arrivals) = store { ActionDebouncer(clock: $0) }
        play([(0, Query(name: "A")), (50, CancelPendingActions(of: Query.self))], on: store, clock: clock)
        XCTAssertEqual(arrivals.log, [])
    }

    func testDebounceBurstLogic() {
        let debounce = Debounce(.milliseconds(100), maxWait: .milliseconds(250))
        var (burst, passes) = DebounceBurst.begin(with: Plain(name: "A"), debounce, at: .zero)
        XCTAssertFalse(passes)
        XCTAssertEqual(burst.deadline, .milliseconds(100))
        burst.receive(Plain(name: "B"), debounce, at: .milliseconds(90))
        XCTAssertEqual(burst.deadline, .milliseconds(190))
        burst.receive(Plain(name: "C"), debounce, at: .milliseconds(180))
        XCTAssertEqual(burst.deadline, .milliseconds(250), "capped by maxWait from the start of the burst")
        XCTAssertEqual((burst.pending as? Plain)?.name, "C")
    }

    // MARK: Throttle

    func testThrottleTimelines() async {
        let cases: [(Throttle, [String])] = [
            (Throttle(.milliseconds(100)), ["A@0", "C@100", "D@200"]),
            (Throttle(.milliseconds(100), latest: false), ["A@0", "B@100", "D@200"]),
            (Throttle(.milliseconds(100), trailing: false), ["A@0", "D@130"]),
            (Throttle(.milliseconds(100), leading: false), ["C@100", "D@200"]),
        ]
        for (throttle, expected) in cases {
            let (store, clock, arrivals) = store { ActionThrottler(clock: $0) }
            play(
                [(0, "A"), (30, "B"), (60, "C"), (130, "D")].map { ($0.0, Scroll(name: $0.1, throttle: throttle)) },
                on: store, clock: clock)
            XCTAssertEqual(arrivals.log, expected, "\(throttle)")
        }
    }

    func testThrottleWindowLogic() {
        let throttle = Throttle(.milliseconds(100), latest: false)
        var (window, passes) = ThrottleWindow.open(with: Plain(name: "A"), throttle, at: .milliseconds(10))
        XCTAssertTrue(passes)
        window.receive(Plain(name: "B"), throttle)
        window.receive(Plain(name: "C"), throttle)
        let (passing, next) = window.close(throttle)
        XCTAssertEqual((passing as? Plain)?.name, "B", "the first of the interval")
        XCTAssertEqual(next?.end, .milliseconds(210))
        XCTAssertNil(next!.close(throttle).next, "nothing waited, so throttling stops")
    }

    func testThrottledTrailingActionCanBeCancelled() async {
        let (store, clock, arrivals) = store { ActionThrottler(clock: $0) }
        play(
            [(0, Scroll(name: "A")), (10, Scroll(name: "B")), (20, CancelPendingActions(of: Scroll.self))],
            on: store, clock: clock)
        XCTAssertEqual(arrivals.log, ["A@0"])
    }
}

/// A clock whose sleeps end at once: exercises the task-based scheduling used with real clocks,
/// without waiting on wall time.
struct ImmediateClock: Clock {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }
    var now: Instant { Instant(offset: .zero) }
    var minimumResolution: Duration { .zero }
    func sleep(until deadline: Instant, tolerance: Duration?) async throws { try Task.checkCancellation() }
}

@MainActor
final class TaskSchedulingTests: XCTestCase {
    func testTimingMiddlewareRunsOnTasksWithOtherClocks() async {
        let store = Store(
            model: Leaf(),
            middleware: [ActionDelayer(clock: ImmediateClock()), ActionDebouncer(clock: ImmediateClock())])
        let actions = store.actions()
        store.update(Hint(name: "delayed"))
        store.update(Query(name: "debounced"))
        XCTAssertEqual(store.find(Leaf.self)?.received, [], "nothing arrives synchronously")
        var reached: Set<String> = []
        for await action in actions {
            if let named = action as? Named { reached.insert(named.name) }
            if reached.count == 2 { break }
        }
        XCTAssertEqual(reached, ["delayed", "debounced"])
    }
}

@MainActor
final class ReleaseTests: XCTestCase {
    /// What reaches the tree of a store released while the middleware still holds actions.
    private func reachedAfterRelease(_ middleware: any Middleware, _ actions: [any Action]) async -> [String] {
        var store: Store? = Store(model: Leaf(), middleware: [middleware])
        let reduced = store!.actions()
        for action in actions { store!.update(action) }
        store = nil
        var reached: [String] = []
        for await action in reduced { if let named = action as? Named { reached.append(named.name) } }
        return reached
    }

    func testDebouncerAndThrottlerDropOrFlushWhatTheyHoldWhenTheStoreGoesAway() async {
        let clock = TestClock()
        let burst: [any Action] = [Query(name: "a"), Query(name: "ab")]
        let scrolls: [any Action] = [Scroll(name: "first"), Scroll(name: "second")]
        var reached = await reachedAfterRelease(ActionDebouncer(clock: clock), burst)
        XCTAssertEqual(reached, [])
        reached = await reachedAfterRelease(ActionDebouncer(clock: clock, onRelease: .flush), burst)
        XCTAssertEqual(reached, ["ab"])
        reached = await reachedAfterRelease(ActionThrottler(clock: clock), scrolls)
        XCTAssertEqual(reached, ["first"], "the leading one passed; the trailing one was dropped")
        reached = await reachedAfterRelease(ActionThrottler(clock: clock, onRelease: .flush), scrolls)
        XCTAssertEqual(reached, ["first", "second"])
        await clock.run()
    }

    func testModelPublisherFeedsManyConsumers() async {
        let publisher = ModelPublisher()
        var store: Store? = Store(model: Counter(), middleware: [publisher])
        let first = publisher.values(of: Counter.self)
        store!.update(Counter.Increment())
        let second = publisher.values(of: Counter.self)
        store!.update(Counter.Increment())
        store = nil
        var seen: [[Int]] = []
        for stream in [first, second] {
            var values: [Int] = []
            for await counter in stream { values.append(counter.value) }
            seen.append(values)
        }
        XCTAssertEqual(seen, [[0, 1, 2], [1, 2]], "each consumer starts from the value current when it subscribed")
    }
}

@MainActor
final class TestClockTests: XCTestCase {
    func testSleepersWakeWhenTimeReachesTheirDeadlineInOrder() async {
        let clock = TestClock()
        let probe = Probe()
        let sleepers = [30, 10, 20].map { milliseconds in
            Task {
                // Absolute deadlines: the outcome does not depend on when each task starts.
                try await clock.sleep(until: .init(offset: .milliseconds(milliseconds)))
                probe.record("\(milliseconds)")
            }
        }
        let cancelled = Task {
            do {
                try await clock.sleep(until: .init(offset: .milliseconds(5)))
                probe.record("not cancelled")
            } catch {
                probe.record("cancelled")
            }
        }
        cancelled.cancel()
        await probe.wait(for: 1)
        XCTAssertEqual(probe.entries, ["cancelled"])
        await clock.advance(by: .milliseconds(15))
        await probe.wait(for: 2)
        XCTAssertEqual(probe.entries, ["cancelled", "10"], "only the sleeper whose deadline passed woke")
        await clock.advance(by: .milliseconds(100))
        await probe.wait(for: 4)
        XCTAssertEqual(Set(probe.entries.suffix(2)), ["20", "30"])
        for sleeper in sleepers { _ = await sleeper.result }
        XCTAssertEqual(clock.now.offset, .milliseconds(115))
    }
}
