import Substate
import XCTest

/// A screen that joins the tree during a dispatch reads the store's shared value before the
/// dispatch ends, as `Shared` promises: pushed with an action that carries it, or made by a
/// model's `update`.
@MainActor
final class SharedInAddedScreenTests: XCTestCase {
    struct Stats: Equatable, Sendable {
        var count = 0
    }

    struct Counter: Model, Equatable {
        @Shared(.addedScreenStats) var stats = Stats()
        struct Inc: Action {}

        mutating func update(action: Action) {
            if action is Inc { stats.count += 1 }
        }
    }

    struct Detail: Model, Equatable {
        @Shared(.addedScreenStats) var stats = Stats()
    }

    struct Root: Model, Equatable {
        var counter = Counter()
        var path = ScreenStack<Detail>()
        var sheet: Detail?
        struct Open: Action {}
        struct Present: Action {}

        mutating func update(action: Action) {
            if action is Open { path.push(Detail()) }  // made during the walk
            if action is Present { sheet = Detail() }
        }
    }

    private func storeAtTwo() -> Store {
        let store = Store(model: Root())
        store.update(Counter.Inc())
        store.update(Counter.Inc())  // every holder reads 2
        return store
    }

    func testAScreenPushedByAnActionReadsTheStoresValueInTheSameDispatch() async {
        let store = storeAtTwo()
        store.update(ScreenStack<Detail>.Push(Detail()))
        XCTAssertEqual(store.find(Detail.self)?.stats.count, 2)
    }

    func testAScreenCarryingAnotherValueTakesTheStoresValue() async {
        let store = storeAtTwo()
        store.update(Counter.Inc())
        store.update(ScreenStack<Detail>.Push(Detail(stats: Stats(count: 42))))
        XCTAssertEqual(store.find(Detail.self)?.stats.count, 3)
        XCTAssertEqual(store.find(Counter.self)?.stats.count, 3, "the store's value is not the pushed copy's")
    }

    func testAScreenAModelMakesInItsUpdateReadsTheStoresValueInTheSameDispatch() async {
        let store = storeAtTwo()
        store.update(Root.Open())
        XCTAssertEqual(store.find(Detail.self)?.stats.count, 2)
        store.update(Root.Present())
        XCTAssertEqual(store.find(Root.self)?.sheet?.stats.count, 2)
    }

    func testTheChangeRecordShowsTheAddedScreenWithTheStoresValue() async {
        let store = storeAtTwo()
        store.recordChanges()
        store.update(ScreenStack<Detail>.Push(Detail()))
        XCTAssertEqual(store.find(Detail.self)?.stats.count, 2)
        XCTAssertTrue(
            store.changes.contains {
                ($0.before as? Shared<Stats>)?.wrappedValue.count == 0
                    && ($0.after as? Shared<Stats>)?.wrappedValue.count == 2
            }, "the pushed screen's field was brought up to date, and recorded")
    }
}

extension SharedKey where Value == SharedInAddedScreenTests.Stats {
    static var addedScreenStats: Self { SharedKey("addedScreenStats") }
}
