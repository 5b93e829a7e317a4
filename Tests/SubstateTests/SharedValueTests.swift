import Observation
import Substate
import Synchronization
import XCTest

/// Stats shared by two tabs, as in TCA's shared-state case study.
struct SharedStats: Equatable, Sendable, Codable {
    var count = 0
    var maxCount = 0
    var minCount = 0
    var numberOfCounts = 0
}

extension SharedKey where Value == SharedStats {
    static var stats: Self { SharedKey("stats") }
}

struct Bump: Action {}
struct Touch: Action {}

/// A tab that changes the shared stats and keeps a field of its own.
struct WritingTab: Model, Equatable {
    @Shared(.stats) var stats = SharedStats()
    var taps = 0
    mutating func update(action: Action) {
        if action is Bump {
            stats.count += 1
            stats.numberOfCounts += 1
            taps += 1
        }
    }
}

/// A tab that reads the stats in its own update.
struct ReadingTab: Model, Equatable {
    @Shared(.stats) var stats = SharedStats()
    var seenCount = -1
    mutating func update(action: Action) { seenCount = stats.count }
}

/// Reads the stats before the writer in walk order, and after it.
struct Tabs: Model, Equatable {
    var before = ReadingTab()
    var writer = WritingTab()
    var after = ReadingTab()
    var observed = -1
    @Shared(.stats) var stats = SharedStats()
    mutating func update(action: Action) { observed = stats.count }
}

@MainActor
final class SharedValueTests: XCTestCase {
    func testAChangeIsReadByModelsWalkedLaterInTheSameDispatchAndByAllAfterIt() async {
        let store = Store(model: Tabs())
        store.update(Bump())
        let tabs = store.find(Tabs.self)!
        XCTAssertEqual(tabs.writer.stats.count, 1)
        XCTAssertEqual(tabs.after.seenCount, 1, "walked after the writer: sees the change in the same dispatch")
        XCTAssertEqual(tabs.observed, 1, "the parent runs after its children")
        XCTAssertEqual(tabs.before.seenCount, 0, "walked before the write, it read the old value")
        XCTAssertEqual(tabs.before.stats.count, 1, "and its copy holds the new one once the action is done")
        XCTAssertEqual(tabs.stats.count, 1)
        XCTAssertEqual(tabs.writer.taps, 1)
    }

    func testAChangeToTheSharedValueLeavesTheOtherFieldsOfItsHolderAlone() async {
        let store = Store(model: Tabs())
        store.update(Bump())
        store.update(Bump())
        XCTAssertEqual(store.find(Tabs.self)?.writer.taps, 2)
        XCTAssertEqual(store.find(Tabs.self)?.writer.stats.count, 2)
    }

    func testTwoStoresNeverShareAValue() async {
        let first = Store(model: Tabs())
        let second = Store(model: Tabs())
        first.update(Bump())
        first.update(Bump())
        second.update(Touch())
        XCTAssertEqual(first.find(Tabs.self)?.stats.count, 2)
        XCTAssertEqual(second.find(Tabs.self)?.stats.count, 0)
    }

    func testACopyTakenFromTheStoreKeepsItsValue() async {
        let store = Store(model: Tabs())
        let copy = store.find(Tabs.self)!
        store.update(Bump())
        XCTAssertEqual(copy.after.stats.count, 0)
        XCTAssertEqual(store.find(Tabs.self)?.after.stats.count, 1)
    }

    func testTheFirstFieldGivesTheValueAndEveryOtherTakesItFromTheFirstDispatch() async {
        var tabs = Tabs()
        tabs.before.stats.count = 7
        let store = Store(model: tabs)
        let started = store.find(Tabs.self)!
        XCTAssertEqual(
            [started.before.stats, started.writer.stats, started.after.stats, started.stats].map(\.count), [7, 7, 7, 7])
        store.update(Bump())
        XCTAssertEqual(store.find(Tabs.self)?.stats.count, 8)
    }

    func testObserversOfAModelHoldingTheValueAreToldWhenAnotherModelChangesIt() async {
        let store = Store(model: Tabs())
        let told = Mutex(0)
        withObservationTracking {
            _ = store.find(ReadingTab.self)
        } onChange: {
            told.withLock { $0 += 1 }
        }
        store.update(Touch())
        XCTAssertEqual(told.withLock { $0 }, 0, "an action that changes nothing tells nobody")
        store.update(Bump())
        XCTAssertEqual(told.withLock { $0 }, 1, "the first reading tab's copy changed")
    }
}
