import Substate
import XCTest

/// Starts observing reductions as the store starts, as a recorder placed anywhere would.
@MainActor
final class ObservingFromStart: Middleware {
    var log: [String] = []
    private var observation: Store.ReductionObservation?
    func handle(_ action: Action, store: Store, next: Next) {
        if action is Store.Start {
            observation = store.observeReductions { [unowned self] action, origin in
                self.log.append("\(origin): \(action)")
            }
        }
        next(action)
    }
}

@MainActor
final class ReductionObserverTests: XCTestCase {
    func testObserversSeeExactlyWhatTheTreeReducedInOrderWithItsOrigin() async {
        let observer = ObservingFromStart()
        let holding = Holding()
        let store = Store(
            model: Counter(), middleware: [observer, Swallowing<Counter.Decrement>(), EchoOnce(), holding])
        store.update(Counter.Decrement())
        store.update(Counter.Increment())
        holding.release()
        store.effects.run { send in await send(Counter.Reset(to: 1)) }
        await store.effects.waitForAll()
        store.update(Counter.Reset(to: 5))
        XCTAssertEqual(
            observer.log,
            [
                "store: Start()",
                "middleware: Reset(to: 10)",
                "middleware: Increment()",
                "effect: Reset(to: 1)",
                "app: Reset(to: 5)",
            ],
            "swallowed actions are not there; the held Increment appears when released")
        XCTAssertEqual(store.find(Counter.self)?.value, 5)
    }

    func testACancelledObservationSeesNothingMore() async {
        let store = Store(model: Counter())
        var seen = 0
        let observation = store.observeReductions { _, _ in seen += 1 }
        store.update(Counter.Increment())
        observation.cancel()
        store.update(Counter.Increment())
        XCTAssertEqual(seen, 1)
    }
}
