import Observation
import Substate
import XCTest

/// Counts the onChange calls of observation tracking.
@MainActor
final class ChangeCounter {
    var changes = 0
}

@MainActor
final class ObservationTests: XCTestCase {
    private func observe(_ store: Store, _ changes: ChangeCounter, read: @escaping @MainActor () -> Void) {
        withObservationTracking {
            read()
        } onChange: {
            MainActor.assumeIsolated { changes.changes += 1 }
        }
    }

    func testReadingAModelThroughTheStoreIsObserved() async {
        let store = Store(model: Counter())
        let changes = ChangeCounter()
        observe(store, changes) { _ = store.find(SubCounter.self) }
        store.update(Counter.Increment())
        XCTAssertEqual(changes.changes, 0, "the store knows SubCounter did not change, Equatable or not")
        store.update(SubCounter.Increment())
        XCTAssertEqual(changes.changes, 1)

        struct Screens: Model {
            var news = NewsScreen()
            var routed = Routed()
        }
        let screens = Store(model: Screens())
        let routedChanges = ChangeCounter()
        observe(screens, routedChanges) { _ = screens.find(Routed.self)?.bumps }
        screens.update(Tick(ticker: Ticker()))
        XCTAssertEqual(routedChanges.changes, 0, "an Equatable model that did not change is not reported")
        screens.update(Routed.Bump())
        XCTAssertEqual(routedChanges.changes, 1)
        screens.update(Routed.Bump())
        XCTAssertEqual(routedChanges.changes, 1, "tracking is one-shot; observers read again to re-register")
        observe(screens, routedChanges) { _ = screens.findAll(Routed.self) }
        screens.update(Routed.Bump())
        XCTAssertEqual(routedChanges.changes, 2)
    }

    func testValuesYieldTheCurrentValueThenOnlyChanges() async {
        let store = Store(model: Routed())
        let values = store.values(of: Routed.self)
        store.update(Tick(ticker: Ticker()))
        store.update(Routed.Bump())
        store.update(Tick(ticker: Ticker()))
        store.update(Routed.Bump())
        var seen: [Int] = []
        for await routed in values {
            seen.append(routed.bumps)
            if seen.count == 3 { break }
        }
        XCTAssertEqual(seen, [0, 1, 2])
    }

    func testActionsYieldReducedActionsAndEndWhenTheStoreGoesAway() async {
        var store: Store? = Store(model: Counter())
        let actions = store!.actions()
        store!.update(Counter.Increment())
        store!.update(Counter.Decrement())
        store = nil
        var names: [String] = []
        for await action in actions { names.append("\(action)") }
        XCTAssertEqual(names, ["Increment()", "Decrement()"])
    }
}
