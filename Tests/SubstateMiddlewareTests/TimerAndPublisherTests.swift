import Substate
import XCTest

@testable import SubstateMiddleware

/// Stands in for a slow reduce: moves the manual clock on by a set time per action.
struct Slow: Middleware {
    let clock: TestClock
    func handle(_ action: Action, store: Store, next: Next) {
        let milliseconds = (action as? Counter.Reset)?.to ?? 1
        clock.advance(by: .milliseconds(milliseconds))
        next(action)
    }
}

struct Published: PublishedAction { let number: Int }

extension Counter: PublishedModel {}

@MainActor
final class TimerAndPublisherTests: XCTestCase {
    func testActionTimerReportsCountMinMaxMeanAndLastPerActionType() async {
        let clock = TestClock()
        let timer = ActionTimer(clock: clock)
        let store = Store(model: Counter(), middleware: [timer, Slow(clock: clock)])
        for milliseconds in [10, 30, 20] { store.update(Counter.Reset(to: milliseconds)) }
        store.update(Counter.Increment())
        let reset = timer.statistics["Counter.Reset"]!
        XCTAssertEqual(reset.count, 3)
        XCTAssertEqual(reset.min, .milliseconds(10))
        XCTAssertEqual(reset.max, .milliseconds(30))
        XCTAssertEqual(reset.mean, .milliseconds(20))
        XCTAssertEqual(reset.last, .milliseconds(20))
        XCTAssertEqual(timer.statistics["Counter.Increment"]?.count, 1)
        XCTAssertTrue(timer.report().contains("Counter.Reset: count 3, min 0.01 seconds, max 0.03 seconds"))
    }

    func testFilteredActionTimerMeasuresOnlyTimedActions() async {
        struct Measured: TimedAction {}
        let timer = ActionTimer(filter: true, clock: TestClock())
        let store = Store(model: Counter(), middleware: [timer])
        store.update(Counter.Increment())
        store.update(Measured())
        XCTAssertEqual(Array(timer.statistics.keys), ["Measured"])
    }

    func testActionPublisherFeedsEverySubscriberAndReleasesOnesThatStop() async {
        let publisher = ActionPublisher()
        var store: Store? = Store(model: Counter(), middleware: [publisher])
        let second = publisher.actions()
        do {
            let first = publisher.actions()
            store!.update(Published(number: 1))
            store!.update(Counter.Increment())
            store!.update(Published(number: 2))
            for await action in first where (action as! Published).number == 2 { break }
        }
        store!.update(Published(number: 3))
        XCTAssertEqual(publisher.subscribers.count, 1, "the consumer that stopped was removed")
        store = nil
        var numbers: [Int] = []
        for await action in second { numbers.append((action as! Published).number) }
        XCTAssertEqual(numbers, [1, 2, 3], "only published actions, and the sequence ended with the store")
    }

    func testModelPublisherYieldsTheCurrentValueThenChanges() async {
        let publisher = ModelPublisher()
        var store: Store? = Store(model: Counter(), middleware: [publisher])
        let values = publisher.values(of: Counter.self)
        store!.update(Counter.Increment())
        store!.update(Counter.Reset(to: 1))
        store!.update(Counter.Reset(to: 5))
        store = nil
        var seen: [Int] = []
        for await counter in values { seen.append(counter.value) }
        XCTAssertEqual(seen, [0, 1, 5])
    }
}
