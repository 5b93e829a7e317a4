import XCTest

@testable import Substate

@MainActor
final class ObservationTableTests: XCTestCase {
    private struct Row: Model, Identifiable {
        struct Rename: Action { let id: Int }
        var id: Int
        var title = ""
        mutating func update(action: Action) {
            if let rename = action as? Rename, rename.id == id { title = "renamed" }
        }
    }

    private struct Screen: Model {
        var rows = [Row(id: 1), Row(id: 2)]
        var other = Routed()
    }

    private func changes(of action: any Action) -> [ModelChange] {
        let store = Store(model: Screen())
        store.recordChanges()
        store.update(action)
        return store.changes
    }

    private func key(_ type: Any.Type, _ scope: ObservationKey.Scope, member: AnyKeyPath? = nil) -> ObservationKey {
        ObservationKey(type: ObjectIdentifier(type), scope: scope, byProtocol: false, member: member)
    }

    private func query(_ key: ObservationKey, in table: inout ObservationTable) -> ObservedQuery {
        ObservedQuery(keyPath: table.keyPath(for: key), differs: { _, _ in true })
    }

    func testAChangedModelTouchesReadsOfItsIDAndOfEveryModelAboveIt() async {
        var table = ObservationTable()
        let reads = [key(Row.self, .id(AnyHashable(2))), key(Row.self, .all), key(Screen.self, .all)]
        let untouched = [key(Row.self, .id(AnyHashable(1))), key(Routed.self, .all)]
        var queries: [ObservationKey: ObservedQuery] = [:]
        for read in reads + untouched {
            queries[read] = query(read, in: &table)
            table.insert(queries[read]!, for: read)
        }
        var asked = 0
        let touched = table.takeTouched(by: changes(of: Row.Rename(id: 2))) { _ in
            asked += 1
            return true
        }
        XCTAssertEqual(Set(touched.map(ObjectIdentifier.init)), Set(reads.map { ObjectIdentifier(queries[$0]!) }))
        XCTAssertEqual(asked, 0, "reads of a changed model and of models above it are told without asking")
        XCTAssertFalse(table.isEmpty, "the untouched reads stay")
        // Taken reads are gone: the same change touches nothing more.
        XCTAssert(table.takeTouched(by: changes(of: Row.Rename(id: 2))) { _ in true }.isEmpty)
    }

    func testReadsOfTheFirstModelByProtocolOrOfOneValueAreTakenOnlyWhenTheyDiffer() async {
        var table = ObservationTable()
        let first = key(Row.self, .first)
        let member = key(Row.self, .all, member: \Row.title)
        let byProtocol = ObservationKey(type: ObjectIdentifier((any Identifiable).self), scope: .all, byProtocol: true)
        var differing: Set<ObjectIdentifier> = []
        for read in [first, member, byProtocol] {
            let made = query(read, in: &table)
            table.insert(made, for: read)
            if read == member { differing.insert(ObjectIdentifier(made)) }
        }
        var asked = 0
        let touched = table.takeTouched(by: changes(of: Row.Rename(id: 1))) { query in
            asked += 1
            return differing.contains(ObjectIdentifier(query))
        }
        XCTAssertEqual(asked, 3)
        XCTAssertEqual(touched.map(ObjectIdentifier.init), Array(differing))
        // Those that did not differ wait for the next change.
        XCTAssertEqual(table.takeTouched(by: changes(of: Row.Rename(id: 1))) { _ in true }.count, 2)
        XCTAssertTrue(table.isEmpty)
    }

    func testAKeyReadAgainReusesItsKeyPath() async {
        var table = ObservationTable()
        let read = key(Row.self, .all)
        XCTAssertEqual(table.keyPath(for: read), table.keyPath(for: read))
        XCTAssertNotEqual(table.keyPath(for: read), table.keyPath(for: key(Leaf.self, .all)))
    }
}
