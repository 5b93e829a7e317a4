import XCTest

@testable import Substate

@MainActor
final class IDIndexTests: XCTestCase {
    private struct Row: Model, Identifiable, Equatable {
        struct Rename: Action { let id: Int }
        var id: Int
        var title = ""
        mutating func update(action: Action) {
            if let rename = action as? Rename, rename.id == id { title = "renamed" }
        }
    }

    private struct List: Model {
        struct Remove: Action {}
        var rows = [Row(id: 1), Row(id: 2)]
        var count = 0
        mutating func update(action: Action) {
            if action is Remove { rows.removeFirst() }
        }
    }

    /// What an action changed, as a store recording changes saw it.
    private func changes(of action: any Action) -> [ModelChange] {
        let store = Store(model: List())
        store.recordChanges()
        store.update(action)
        return store.changes
    }

    private let row = ObjectIdentifier(Row.self)
    private let list = ObjectIdentifier(List.self)

    private func filled() -> IDIndex {
        var index = IDIndex()
        index.setEntry([1: ModelLocation(box: 0, steps: []), 2: ModelLocation(box: 0, steps: [])], for: row)
        index.setEntry([0: ModelLocation(box: 0, steps: [])], for: list)
        return index
    }

    func testAnEntryAnswersByTypeAndID() async {
        let index = filled()
        XCTAssertFalse(index.isEmpty)
        XCTAssertNotNil(index.location(of: row, id: 2))
        XCTAssertNil(index.location(of: row, id: 3))
        XCTAssertNil(index.location(of: ObjectIdentifier(Leaf.self), id: 1))
    }

    func testAChangeInsideAModelKeepsEveryEntry() async {
        var index = filled()
        index.forget(after: changes(of: Row.Rename(id: 2)))
        XCTAssertNotNil(index.location(of: row, id: 1))
        XCTAssertNotNil(index.location(of: list, id: 0))
    }

    func testRemovingModelsDropsTheirTypesEntry() async {
        var index = filled()
        let removal = changes(of: List.Remove())
        XCTAssertFalse(removal.isEmpty)
        index.forget(after: removal)
        XCTAssertNil(index.location(of: row, id: 1), "the rows moved")
        XCTAssertNotNil(index.location(of: list, id: 0), "the list itself did not move")
        index.removeAll()
        XCTAssertTrue(index.isEmpty)
    }

    func testAStoreFindsAModelByIDAgainAfterItMoved() async {
        let store = Store(model: List())
        _ = store.find(Row.self, id: 2)  // observers make the store track changes
        XCTAssertEqual(store.lookup(Row.self, id: 2), Row(id: 2))
        store.update(List.Remove())
        XCTAssertEqual(store.lookup(Row.self, id: 2), Row(id: 2))
        XCTAssertNil(store.lookup(Row.self, id: 1))
    }

    func testANotedLocationJoinsItsTypesEntryBesideTheOthers() async {
        var index = filled()
        let third = ModelLocation(box: 0, steps: [.part(0), .part(0), .element(2)])
        index.note(third, of: row, id: 3)
        XCTAssertEqual(index.location(of: row, id: 3), third)
        XCTAssertNotNil(index.location(of: row, id: 1), "the entry keeps what it held")
        index.note(third, of: ObjectIdentifier(Leaf.self), id: 7)
        XCTAssertEqual(index.location(of: ObjectIdentifier(Leaf.self), id: 7), third, "a type with no entry gets one")
    }

    func testAHintLeftWrongByAnUnrecordedActionIsCheckedAndFoundAgain() async {
        let store = Store(model: List())
        XCTAssertNotNil(store.indexedLocation(of: Row.self, id: 2) ?? store.location(of: Row.self, id: 2))
        let before = store.indexedLocation(of: Row.self, id: 2)
        XCTAssertNotNil(before, "the read made the entry")
        store.update(List.Remove())  // nothing records changes: the entry stays, now wrong
        XCTAssertNil(store.indexedLocation(of: Row.self, id: 2), "the hint is checked, and row 2 is not there")
        XCTAssertEqual(store.lookup(Row.self, id: 2), Row(id: 2), "a read finds it again")
        XCTAssertNotEqual(store.indexedLocation(of: Row.self, id: 2), before)
        XCTAssertNil(store.lookup(Row.self, id: 1))
    }
}
