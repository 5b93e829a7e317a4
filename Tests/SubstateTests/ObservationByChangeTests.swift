import Observation
import Substate
import XCTest

/// Counts, per observer, how often observation tracking told it of a change.
@MainActor
final class ObserverTally {
    var counts: [String: Int] = [:]
    /// The observers registered and not told yet; SwiftUI registers a view again only once
    /// it was told and rendered again.
    var pending: Set<String> = []
    func add(_ name: String) {
        counts[name, default: 0] += 1
        pending.remove(name)
    }
}

/// Observers are told from what an action changed: exactly once, and only when what they read
/// changed, as SwiftUI's `withObservationTracking` uses them.
@MainActor
final class ObservationByChangeTests: XCTestCase {
    private func observe(_ name: String, _ tally: ObserverTally, read: @escaping @MainActor () -> Void) {
        guard tally.pending.insert(name).inserted else { return }
        withObservationTracking {
            read()
        } onChange: {
            MainActor.assumeIsolated { tally.add(name) }
        }
    }

    /// A list screen and a thousand rows, as SwiftUI would register them.
    private func screen(_ store: Store, _ tally: ObserverTally, rows: Range<Int>) {
        observe("list", tally) { _ = store.findAll(Item.self).map(\.id) }
        for id in rows { observe("row \(id)", tally) { _ = store.find(Item.self, id: id)?.title } }
    }

    func testTogglingOneItemTellsTheListAndThatRowOnce() async {
        let store = Store(model: Checklist(count: 10_000))
        let tally = ObserverTally()
        screen(store, tally, rows: 0..<1_000)
        store.update(Item.Toggle(id: 500))
        XCTAssertEqual(tally.counts, ["list": 1, "row 500": 1])
        store.update(Item.Toggle(id: 500))
        XCTAssertEqual(tally.counts, ["list": 1, "row 500": 1], "told once: observers register again when they read")
        XCTAssertEqual(tally.pending.count, 999)
        observe("row 500", tally) { _ = store.find(Item.self, id: 500) }
        store.update(Item.Toggle(id: 9_000))
        XCTAssertEqual(tally.counts, ["list": 1, "row 500": 1], "neither read item 9000 through a per-row read")
        store.update(Item.Toggle(id: 500))
        XCTAssertEqual(tally.counts, ["list": 1, "row 500": 2])
    }

    func testMembershipChangesTellTheListAndOnlyRowsWhoseModelCameOrWent() async {
        let store = Store(model: Checklist(count: 100))
        let tally = ObserverTally()
        screen(store, tally, rows: 0..<100)
        observe("row 100", tally) { _ = store.find(Item.self, id: 100) }
        store.update(Checklist.Add(id: 100))
        XCTAssertEqual(tally.counts, ["list": 1, "row 100": 1], "the new item's row and the list")
        XCTAssertEqual(store.find(Item.self, id: 100)?.title, "item 100")

        screen(store, tally, rows: 0..<101)
        store.update(Checklist.Remove(id: 3))
        XCTAssertEqual(tally.counts, ["list": 2, "row 100": 1, "row 3": 1], "rows after it moved, but did not change")
        XCTAssertNil(store.find(Item.self, id: 3))

        screen(store, tally, rows: 0..<101)
        store.update(Checklist.SetFilter(text: "milk"))
        XCTAssertEqual(tally.counts, ["list": 2, "row 100": 1, "row 3": 1], "no item changed, none came or went")

        store.update(Checklist.Reverse())
        XCTAssertEqual(tally.counts["list"], 3, "the order the list read changed")
        XCTAssertEqual(tally.counts["row 50"], nil)
        XCTAssertEqual(store.find(Item.self, id: 0)?.title, "item 0", "reads by id follow the move")
        XCTAssertEqual(store.find(Item.self, id: 99)?.title, "item 99")

        screen(store, tally, rows: 0..<101)
        store.update(Checklist.Touch(id: 7))
        XCTAssertEqual(tally.counts["row 7"], 1, "the parent changed the item in place")
        XCTAssertEqual(tally.counts["row 8"], nil)
        XCTAssertEqual(tally.counts["list"], 4)
    }

    func testReadersOfAModelAreToldWhenAModelBelowItChanges() async {
        struct Home: Model {
            var list = Checklist(count: 3)
            var title = "Home"
        }
        let store = Store(model: Home())
        let tally = ObserverTally()
        observe("home", tally) { _ = store.find(Home.self)?.title }
        observe("list", tally) { _ = store.find(Checklist.self)?.filter }
        store.update(Item.Toggle(id: 1))
        XCTAssertEqual(tally.counts, ["home": 1, "list": 1], "their values hold the item")
    }

    func testAModelThatIsNotEquatableTellsItsReadersOnlyWhenItChanged() async {
        struct Panel: Model {
            var clicks = 0
            struct Click: Action {}
            mutating func update(action: Action) {
                if action is Click { clicks += 1 }
            }
        }
        struct Screen: Model {
            var panel = Panel()
            var list = Checklist(count: 2)
        }
        let store = Store(model: Screen())
        let tally = ObserverTally()
        observe("panel", tally) { _ = store.find(Panel.self)?.clicks }
        for id in 0..<5 { store.update(Item.Toggle(id: id)) }
        XCTAssertEqual(tally.counts, [:])
        store.update(Panel.Click())
        XCTAssertEqual(tally.counts, ["panel": 1])
    }

    func testReadsByProtocolAreToldWhenAConformingModelChanges() async {
        let store = Store(model: Checklist(count: 3))
        let tally = ObserverTally()
        observe("identifiable", tally) { _ = store.findAll((any Identifiable).self).count }
        store.update(Checklist.SetFilter(text: "x"))
        XCTAssertEqual(tally.counts, [:])
        store.update(Item.Toggle(id: 2))
        XCTAssertEqual(tally.counts, ["identifiable": 1])
    }

    func testABindingReadsTheModelAndWritesThroughItsAction() async {
        let store = Store(model: Checklist(count: 3))
        let tally = ObserverTally()
        guard let title = store.binding(\Item.title, of: Item.self, id: 1, set: { Item.Retitle(id: 1, title: $0) })
        else { return XCTFail("item 1 exists") }
        XCTAssertEqual(title.get(), "item 1")
        observe("field", tally) { _ = title.get() }
        title.value = "Milk"
        XCTAssertEqual(store.find(Item.self, id: 1)?.title, "Milk")
        XCTAssertEqual(title.get(), "Milk")
        XCTAssertEqual(tally.counts, ["field": 1], "a view reading the binding is told of its change")
        store.update(Checklist.Remove(id: 1))
        XCTAssertEqual(title.get(), "item 1", "a binding to a model that went away reads its first value")
        title.set("ignored")
        XCTAssertNil(store.find(Item.self, id: 1))
        XCTAssertNil(store.binding(\Item.title, of: Item.self, id: 42, set: { Item.Retitle(id: 42, title: $0) }))
        let filter = store.binding(\Checklist.filter, of: Checklist.self, set: { Checklist.SetFilter(text: $0) })
        filter?.set("eggs")
        XCTAssertEqual(store.find(Checklist.self)?.filter, "eggs")
    }

    func testABindingKeptAfterItsStoreIsReleasedReadsItsLastValueAndDoesNothing() async {
        var store: Store? = Store(model: Checklist(count: 2))
        let title = store!.binding(\Item.title, of: Item.self, id: 0, set: { Item.Retitle(id: 0, title: $0) })
        store = nil
        XCTAssertEqual(title?.get(), "item 0")
        title?.set("after")
    }
}
