import Foundation
import SubstateMiddleware
import SubstateTestSupport
import XCTest

@testable import Substate
@testable import SubstateDump

private struct Row: Identifiable, Hashable, Codable, Sendable, CustomStringConvertible {
    var id: Int
    var value: Int

    var description: String { "\(id):\(value)" }
}

/// The reference the property test checks against: a plain array, searched linearly, with
/// each operation's documented behaviour written out the plain way.
private struct Reference {
    var rows: [Row] = []

    func index(id: Int) -> Int? { rows.firstIndex { $0.id == id } }

    mutating func append(_ row: Row) -> (inserted: Bool, index: Int) {
        if let existing = index(id: row.id) { return (false, existing) }
        rows.append(row)
        return (true, rows.count - 1)
    }

    mutating func insert(_ row: Row, at position: Int) -> (inserted: Bool, index: Int) {
        if let existing = index(id: row.id) { return (false, existing) }
        let clamped = position < 0 ? 0 : position > rows.count ? rows.count : position
        rows.insert(row, at: clamped)
        return (true, clamped)
    }

    mutating func set(_ row: Row, at position: Int) {
        guard rows.indices.contains(position) else { return }
        if row.id == rows[position].id || index(id: row.id) == nil { rows[position] = row }
    }

    mutating func set(_ row: Row?, id: Int) {
        guard let row else {
            if let position = index(id: id) { rows.remove(at: position) }
            return
        }
        if let position = index(id: id) { set(row, at: position) } else { _ = append(row) }
    }

    mutating func remove(at position: Int) -> Row? {
        rows.indices.contains(position) ? rows.remove(at: position) : nil
    }

    mutating func remove(atOffsets offsets: [Int]) {
        for offset in Set(offsets).filter({ rows.indices.contains($0) }).sorted(by: >) { rows.remove(at: offset) }
    }

    /// SwiftUI's move: the rows leave their places, and go in before the row that was at the
    /// destination, which has moved up by the rows taken from before it.
    mutating func move(_ offsets: [Int], to destination: Int) {
        let source = Set(offsets).filter { rows.indices.contains($0) }.sorted()
        let destination = destination < 0 ? 0 : destination > rows.count ? rows.count : destination
        let moving = source.map { rows[$0] }
        for offset in source.reversed() { rows.remove(at: offset) }
        rows.insert(contentsOf: moving, at: destination - source.filter { $0 < destination }.count)
    }

    mutating func updateOrAppend(_ row: Row) -> Row? {
        if let position = index(id: row.id) {
            defer { rows[position] = row }
            return rows[position]
        }
        rows.append(row)
        return nil
    }
}

final class IdentifiedArrayTests: XCTestCase {
    private let idRange = 0..<24

    /// What differs between the collection and the reference, read through every query.
    private func mismatches(_ array: IdentifiedArrayOf<Row>, _ reference: Reference) -> [String] {
        var found: [String] = []
        if array.elements != reference.rows { found.append("elements") }
        if Array(array) != reference.rows { found.append("iteration") }
        if array.count != reference.rows.count { found.append("count") }
        if array.ids != reference.rows.map(\.id) { found.append("ids") }
        if Set(array.ids).count != array.count { found.append("repeated ids") }
        for id in idRange {
            if array.index(id: id) != reference.index(id: id) { found.append("index(id: \(id))") }
            if array[id: id] != reference.index(id: id).map({ reference.rows[$0] }) { found.append("[id: \(id)]") }
        }
        return found
    }

    /// Thousands of random operations, each applied to the collection and to the reference,
    /// compared after every step, ids colliding often (24 of them) and positions outside the
    /// collection drawn on purpose.
    func testRandomOperationsMatchAPlainArraySearchedLinearly() {
        var random = SplitMix64(seed: 0x1D_E471_F1ED)
        var array = IdentifiedArrayOf<Row>()
        var reference = Reference()
        var counts = [Int](repeating: 0, count: 20)
        func row() -> Row {
            Row(id: Int.random(in: idRange, using: &random), value: Int.random(in: 0..<100, using: &random))
        }
        func position() -> Int { Int.random(in: -2...(reference.rows.count + 2), using: &random) }
        func offsets() -> [Int] { (0..<Int.random(in: 0...4, using: &random)).map { _ in position() } }

        for step in 0..<4_000 {
            let operation = Int.random(in: 0..<20, using: &random)
            counts[operation] += 1
            var name = ""
            switch operation {
            case 0, 1:
                let new = row()
                name = "append(\(new))"
                let result = array.append(new)
                let expected = reference.append(new)
                XCTAssertEqual(result.inserted, expected.inserted, name)
                XCTAssertEqual(result.index, expected.index, name)
            case 2:
                let (new, at) = (row(), position())
                name = "insert(\(new), at: \(at))"
                let result = array.insert(new, at: at)
                let expected = reference.insert(new, at: at)
                XCTAssertEqual(result.inserted, expected.inserted, name)
                XCTAssertEqual(result.index, expected.index, name)
            case 3:
                // Set under an id: the row's own id, another id (the row is re-filed), or nil.
                let id = Int.random(in: idRange, using: &random)
                var new: Row? = row()
                switch Int.random(in: 0..<3, using: &random) {
                case 0: new?.id = id
                case 1: break
                default: new = nil
                }
                name = "[id: \(id)] = \(new.map(\.description) ?? "nil")"
                array[id: id] = new
                reference.set(new, id: id)
            case 4:
                let id = Int.random(in: idRange, using: &random)
                name = "[id: \(id)]?.value += 1"
                array[id: id]?.value += 1
                if let position = reference.index(id: id) { reference.rows[position].value += 1 }
            case 5:
                let id = Int.random(in: idRange, using: &random)
                name = "remove(id: \(id))"
                let removed = array.remove(id: id)
                XCTAssertEqual(removed, reference.index(id: id).flatMap { reference.remove(at: $0) }, name)
            case 6:
                let at = position()
                name = "remove(at: \(at))"
                XCTAssertEqual(array.remove(at: at), reference.remove(at: at), name)
            case 7:
                let removing = offsets()
                name = "remove(atOffsets: \(removing))"
                array.remove(atOffsets: removing)
                reference.remove(atOffsets: removing)
            case 8:
                let (moving, to) = (offsets(), position())
                name = "move(fromOffsets: \(moving), toOffset: \(to))"
                array.move(fromOffsets: moving, toOffset: to)
                reference.move(moving, to: to)
            case 9:
                let divisor = Int.random(in: 2...5, using: &random)
                name = "removeAll(where: value % \(divisor) == 0)"
                array.removeAll { $0.value % divisor == 0 }
                reference.rows.removeAll { $0.value % divisor == 0 }
            case 10, 11:
                // Set by position: the same id, a fresh one, or one another row holds.
                let at = position()
                var new = row()
                if Int.random(in: 0..<2, using: &random) == 0, reference.rows.indices.contains(at) {
                    new.id = reference.rows[at].id
                }
                name = "[\(at)] = \(new)"
                if array.indices.contains(at) || Bool.random(using: &random) { array[at] = new }
                reference.set(new, at: at)
            case 12:
                let (first, second) = (position(), position())
                name = "swapAt(\(first), \(second))"
                array.swapAt(first, second)
                if reference.rows.indices.contains(first), reference.rows.indices.contains(second) {
                    reference.rows.swapAt(first, second)
                }
            case 13:
                name = "sort(by: value, id)"
                array.sort { ($0.value, $0.id) < ($1.value, $1.id) }
                reference.rows.sort { ($0.value, $0.id) < ($1.value, $1.id) }
            case 14:
                name = "reverse() or shuffle()"
                if Bool.random(using: &random) {
                    array.reverse()
                    reference.rows.reverse()
                } else {
                    var twin = random
                    array.shuffle(using: &random)
                    reference.rows.shuffle(using: &twin)
                }
            case 15:
                let new = row()
                name = "updateOrAppend(\(new))"
                XCTAssertEqual(array.updateOrAppend(new), reference.updateOrAppend(new), name)
            case 16:
                let divisor = Int.random(in: 2...4, using: &random)
                name = "filter { value % \(divisor) != 0 }"
                array = array.filter { $0.value % divisor != 0 }
                reference.rows = reference.rows.filter { $0.value % divisor != 0 }
            case 17:
                let new = (0..<Int.random(in: 0...5, using: &random)).map { _ in row() }
                name = "append(contentsOf: \(new))"
                array.append(contentsOf: new)
                for row in new { _ = reference.append(row) }
            case 18:
                let new = (0..<Int.random(in: 0...8, using: &random)).map { _ in row() }
                name = "IdentifiedArray(uniqueElements: \(new))"
                array = IdentifiedArray(uniqueElements: new)
                reference = Reference()
                for row in new { _ = reference.append(row) }
            default:
                if Int.random(in: 0..<4, using: &random) == 0 {
                    name = "removeAll()"
                    array.removeAll()
                    reference.rows.removeAll()
                } else {
                    name = "a copy changed apart"
                    var copy = array
                    copy.append(Row(id: 99, value: 0))
                    copy[id: reference.rows.first?.id ?? 0]?.value = -1
                    XCTAssertNil(array[id: 99], "a copy's change stays in the copy")
                }
            }
            let found = mismatches(array, reference)
            XCTAssertEqual(found, [], "step \(step), after \(name): \(array) against \(reference.rows)")
            if !found.isEmpty { return }
            if step % 250 == 0 {
                let decoded = try? JSONDecoder().decode(IdentifiedArrayOf<Row>.self, from: JSONEncoder().encode(array))
                XCTAssertEqual(decoded.map { mismatches($0, reference) }, [], "decoded at step \(step)")
            }
        }
        XCTAssertTrue(counts.allSatisfy { $0 > 100 }, "every operation ran often: \(counts)")
    }

    func testTheComparisonFindsACollectionThatDiffers() {
        var reference = Reference()
        _ = reference.append(Row(id: 1, value: 2))
        let changed: IdentifiedArrayOf<Row> = [Row(id: 1, value: 1)]
        XCTAssertEqual(mismatches(changed, reference), ["elements", "iteration", "[id: 1]"])
        XCTAssertEqual(mismatches([], reference), ["elements", "iteration", "count", "ids", "index(id: 1)", "[id: 1]"])
        XCTAssertEqual(mismatches([Row(id: 1, value: 2)], reference), [])
    }
}

/// The operations one by one, on the cases the property test meets only by chance.
final class IdentifiedArrayExampleTests: XCTestCase {
    private let rows: IdentifiedArrayOf<Row> = [Row(id: 1, value: 10), Row(id: 2, value: 20), Row(id: 3, value: 30)]

    func testReadingAndWritingByID() {
        var rows = rows
        XCTAssertEqual(rows[id: 2], Row(id: 2, value: 20))
        XCTAssertNil(rows[id: 7])
        rows[id: 2]?.value = 21
        XCTAssertEqual(rows[id: 2]?.value, 21)
        rows[id: 7] = Row(id: 7, value: 70)
        XCTAssertEqual(rows.ids, [1, 2, 3, 7], "a new id is appended")
        rows[id: 1] = nil
        XCTAssertEqual(rows.ids, [2, 3, 7], "nil removes")
        rows[id: 9] = nil
        XCTAssertEqual(rows.ids, [2, 3, 7], "removing an id that is not there does nothing")
        XCTAssertEqual(rows.index(id: 7), 2)
        XCTAssertEqual(rows[2], Row(id: 7, value: 70))
    }

    func testAppendingOrInsertingAnIDThatIsThereAddsNothing() {
        var rows = rows
        let appended = rows.append(Row(id: 2, value: 99))
        XCTAssertEqual(appended.inserted, false)
        XCTAssertEqual(appended.index, 1)
        let inserted = rows.insert(Row(id: 3, value: 99), at: 0)
        XCTAssertEqual(inserted.inserted, false)
        XCTAssertEqual(inserted.index, 2)
        XCTAssertEqual(rows, self.rows, "the listed rows are left as they were")
        XCTAssertEqual(rows.insert(Row(id: 4, value: 40), at: -5).index, 0, "before the start inserts first")
        XCTAssertEqual(rows.insert(Row(id: 5, value: 50), at: 99).index, 4, "past the end inserts last")
        XCTAssertEqual(rows.ids, [4, 1, 2, 3, 5])
    }

    func testRemovingReturnsWhatWasRemoved() {
        var rows = rows
        XCTAssertEqual(rows.remove(id: 2), Row(id: 2, value: 20))
        XCTAssertNil(rows.remove(id: 2))
        XCTAssertNil(rows.remove(at: 5))
        XCTAssertNil(rows.remove(at: -1))
        XCTAssertEqual(rows.remove(at: 0), Row(id: 1, value: 10))
        XCTAssertEqual(rows.ids, [3])
        XCTAssertEqual(rows.index(id: 3), 0, "the rows after a removal are filed at their new positions")
    }

    func testRemovingAtOffsetsTakesAnIndexSet() {
        var rows = rows
        rows.remove(atOffsets: IndexSet([0, 2, 8]))
        XCTAssertEqual(rows.ids, [2])
        var more = self.rows
        more.removeAll { $0.value > 15 }
        XCTAssertEqual(more.ids, [1])
        more.removeAll()
        XCTAssertTrue(more.isEmpty)
        XCTAssertNil(more[id: 1])
    }

    /// SwiftUI's `onMove` examples: the rows go in before the row that was at the destination.
    func testMovingFollowsSwiftUI() {
        let letters: IdentifiedArrayOf<Row> = [
            Row(id: 0, value: 0), Row(id: 1, value: 0), Row(id: 2, value: 0), Row(id: 3, value: 0),
        ]
        func moved(_ offsets: IndexSet, _ destination: Int) -> [Int] {
            var copy = letters
            copy.move(fromOffsets: offsets, toOffset: destination)
            XCTAssertEqual(copy.ids.map { copy.index(id: $0) }, Array(0..<copy.count), "filed where they went")
            return copy.ids
        }
        XCTAssertEqual(moved([0], 2), [1, 0, 2, 3])
        XCTAssertEqual(moved([0], 4), [1, 2, 3, 0])
        XCTAssertEqual(moved([3], 0), [3, 0, 1, 2])
        XCTAssertEqual(moved([0, 2], 4), [1, 3, 0, 2])
        XCTAssertEqual(moved([1, 3], 1), [0, 1, 3, 2])
        XCTAssertEqual(moved([1], 1), [0, 1, 2, 3])
        XCTAssertEqual(moved([7], 1), [0, 1, 2, 3], "an offset outside is ignored")
        XCTAssertEqual(moved([0], 99), [1, 2, 3, 0], "a destination past the end moves to the end")
    }

    /// TCA stops the program when a write through a position changes an element's id; here
    /// the element is re-filed under its new id, or the write is ignored when another element
    /// holds that id.
    func testChangingAnIDThroughAPositionRefilesTheElementOrIsIgnored() {
        var rows = rows
        rows[0] = Row(id: 9, value: 90)
        XCTAssertEqual(rows.ids, [9, 2, 3])
        XCTAssertNil(rows[id: 1], "the old id is gone")
        XCTAssertEqual(rows[id: 9], Row(id: 9, value: 90))
        rows[0] = Row(id: 3, value: 0)
        XCTAssertEqual(rows.ids, [9, 2, 3], "the id another row holds is refused")
        XCTAssertEqual(rows[id: 9]?.value, 90)
        XCTAssertEqual(rows[id: 3]?.value, 30)
        rows[id: 2] = Row(id: 8, value: 80)
        XCTAssertEqual(rows.ids, [9, 8, 3], "a row set under an id takes that row's place")
        rows[7] = Row(id: 7, value: 0)
        XCTAssertEqual(rows.ids, [9, 8, 3], "a write outside is ignored")
        rows[0].id = 2
        XCTAssertEqual(rows.ids, [2, 8, 3], "a field write that changes the id re-files the row")
        XCTAssertEqual(rows.index(id: 2), 0)
    }

    func testSortingReversingAndSwappingKeepRowsFiled() {
        var rows = rows
        rows.sort { $0.value > $1.value }
        XCTAssertEqual(rows.ids, [3, 2, 1])
        XCTAssertEqual(rows.index(id: 3), 0)
        rows.reverse()
        XCTAssertEqual(rows.ids, [1, 2, 3])
        XCTAssertEqual(rows.index(id: 1), 0)
        rows.swapAt(0, 2)
        XCTAssertEqual(rows.ids, [3, 2, 1])
        XCTAssertEqual(rows.index(id: 1), 2)
        rows.swapAt(0, 9)
        XCTAssertEqual(rows.ids, [3, 2, 1], "a position outside leaves the rows alone")
        let pivot = rows.partition { $0.id > 1 }
        XCTAssertEqual(pivot, 1)
        XCTAssertEqual(rows.ids.map { rows.index(id: $0) }, [0, 1, 2])
        XCTAssertNotNil(rows.withContiguousMutableStorageIfAvailable { $0.count })
    }

    func testBuildingFromRowsThatRepeatAnID() {
        let repeated = [Row(id: 1, value: 1), Row(id: 2, value: 2), Row(id: 1, value: 3)]
        XCTAssertEqual(
            IdentifiedArray(uniqueElements: repeated).elements, [Row(id: 1, value: 1), Row(id: 2, value: 2)])
        XCTAssertEqual(IdentifiedArray(repeated).ids, [1, 2])
        let literal: IdentifiedArrayOf<Row> = [Row(id: 5, value: 1), Row(id: 5, value: 2)]
        XCTAssertEqual(literal.elements, [Row(id: 5, value: 1)], "the first is kept")
        let merged = IdentifiedArray(repeated) { kept, next in Row(id: kept.id, value: kept.value + next.value) }
        XCTAssertEqual(merged.elements, [Row(id: 1, value: 4), Row(id: 2, value: 2)])
        XCTAssertEqual(rows.filter { $0.id != 2 }, [Row(id: 1, value: 10), Row(id: 3, value: 30)])
        XCTAssertEqual(rows.filter { $0.id != 2 }.index(id: 3), 1)
    }

    func testUpdatingOrAppending() {
        var rows = rows
        XCTAssertEqual(rows.updateOrAppend(Row(id: 2, value: 0)), Row(id: 2, value: 20))
        XCTAssertNil(rows.updateOrAppend(Row(id: 4, value: 40)))
        XCTAssertEqual(rows.elements.map(\.value), [10, 0, 30, 40])
    }

    func testEqualityAndHashingAreTheElements() {
        var other = IdentifiedArrayOf<Row>()
        for row in rows.reversed() { other.insert(row, at: 0) }
        XCTAssertEqual(other, rows, "built another way, the same rows")
        XCTAssertEqual(other.hashValue, rows.hashValue)
        XCTAssertEqual(Set([other, rows]).count, 1)
        other.swapAt(0, 1)
        XCTAssertNotEqual(other, rows, "order counts")
    }

    func testItEncodesAsAPlainArray() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let encoded = try encoder.encode(rows)
        XCTAssertEqual(encoded, try encoder.encode(rows.elements))
        XCTAssertEqual(
            String(decoding: encoded, as: UTF8.self),
            #"[{"id":1,"value":10},{"id":2,"value":20},{"id":3,"value":30}]"#)
        let decoded = try JSONDecoder().decode(IdentifiedArrayOf<Row>.self, from: encoded)
        XCTAssertEqual(decoded, rows)
        XCTAssertEqual(decoded.index(id: 3), 2)
        let repeated = Data(#"[{"id":1,"value":10},{"id":1,"value":20}]"#.utf8)
        XCTAssertThrowsError(try JSONDecoder().decode(IdentifiedArrayOf<Row>.self, from: repeated)) { error in
            guard case DecodingError.dataCorrupted(let context) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(context.debugDescription, "Duplicate element at offset 1: its id is already present")
        }
    }

    func testItPrintsAsAnArray() {
        XCTAssertEqual(rows.description, "[1:10, 2:20, 3:30]")
        XCTAssertEqual("\(IdentifiedArrayOf<Row>())", "[]")
        XCTAssertEqual(rows.debugDescription, "IdentifiedArray([1:10, 2:20, 3:30])")
        let mirror = Mirror(reflecting: rows)
        XCTAssertEqual(mirror.displayStyle, .collection)
        XCTAssertEqual(mirror.children.map { $0.value as? Row }, rows.elements)
        XCTAssertEqual(
            ValueLiteral.describe(rows), "[Row(id: 1, value: 10), Row(id: 2, value: 20), Row(id: 3, value: 30)]")
        XCTAssertTrue(
            ValueFormatter.plan(for: IdentifiedArrayOf<Row>.self) is IdentifiedArrayFormatPlan<Row>,
            "written through a plan, as an array is, not through its mirror")
        XCTAssertEqual(ValueLiteral.describe([rows]), "[" + ValueLiteral.describe(rows) + "]")
    }

    func testItIsSendableWhenItsElementsAre() {
        func send<T: Sendable>(_ value: T) -> T { value }
        XCTAssertEqual(send(rows), rows)
    }
}

private struct ListedTodo: Model, Identifiable, Equatable, Codable {
    let id: Int
    var title: String
    var isDone = false
    var pings = 0
    struct Toggle: Action { let id: Int }
    struct Ping: Action {}

    mutating func update(action: Action) {
        if let toggle = action as? Toggle, toggle.id == id { isDone.toggle() }
        if action is Ping { pings += 1 }
    }
}

private struct TodoBoard: Model, Equatable {
    var todos: IdentifiedArrayOf<ListedTodo> = [
        ListedTodo(id: 1, title: "Milk"), ListedTodo(id: 2, title: "Eggs"), ListedTodo(id: 3, title: "Bread"),
    ]
    var archived: [ListedTodo] = [ListedTodo(id: 10, title: "Old")]
    var doneCount = 0
    struct Delete: Action { let id: Int }
    struct Add: Action { let id: Int }

    mutating func update(action: Action) {
        if let delete = action as? Delete { todos.remove(id: delete.id) }
        if let add = action as? Add { todos.append(ListedTodo(id: add.id, title: "New")) }
        doneCount = todos.filter(\.isDone).count
    }
}

/// A row whose `update` gives itself a new id, which the store writes in place.
private struct Renumbered: Model, Identifiable, Equatable {
    var id: Int
    struct Renumber: Action {}

    mutating func update(action: Action) {
        if action is Renumber { id += 100 }
    }
}

private struct RenumberedList: Model {
    var rows: IdentifiedArrayOf<Renumbered> = [Renumbered(id: 1), Renumbered(id: 2)]
}

/// A struct whose layout the guard must check, which the tree holds only in an identified array.
private struct GuardedEntry: Model, Identifiable {
    let id: Int
    var label = ""
    var hits = 0
    mutating func update(action: Action) { hits += 1 }
}

private struct GuardedLedger: Model {
    var entries: IdentifiedArrayOf<GuardedEntry> = [GuardedEntry(id: 1)]
}

/// The store walks an identified array as it walks the array inside it.
@MainActor
final class IdentifiedArrayStoreTests: XCTestCase {
    func testModelsInsideReceiveEveryActionAndAreFoundWithNoDiagnostic() async throws {
        var diagnostics: [Diagnostic] = []
        let store = Store(model: TodoBoard(), onDiagnostic: { diagnostics.append($0) })
        store.update(ListedTodo.Ping())
        store.update(ListedTodo.Ping())
        store.update(ListedTodo.Toggle(id: 2))
        let board = try XCTUnwrap(store.find(TodoBoard.self))
        XCTAssertEqual(board.todos.map(\.pings), [2, 2, 2])
        XCTAssertEqual(board.archived.map(\.pings), [2])
        XCTAssertEqual(board.todos[id: 2]?.isDone, true)
        XCTAssertEqual(board.doneCount, 1, "the parent runs after the rows")
        XCTAssertEqual(store.find(ListedTodo.self, id: 2)?.title, "Eggs")
        XCTAssertEqual(store.find(ListedTodo.self)?.id, 1, "the first row is the shallowest of its type")
        XCTAssertEqual(store.findAll(ListedTodo.self).map(\.id), [1, 2, 3, 10])
        XCTAssertEqual(board.todos.index(id: 3), 2, "the index is intact after the walk")
        XCTAssertEqual(diagnostics.map(\.message), [])
        XCTAssertEqual(store.diagnostics.map(\.message), [])
    }

    func testTheDiffNamesRowsByIDAsItDoesAnArraysRows() async {
        var logged: [String] = []
        let store = Store(model: TodoBoard(), middleware: [ModelLogger(diff: true) { logged.append($0) }])
        logged = []
        store.update(ListedTodo.Toggle(id: 2))
        let toggled = logged.joined(separator: "\n")
        XCTAssertTrue(toggled.contains("TodoBoard.todos[id: 2].isDone: false → true"), toggled)
        XCTAssertTrue(toggled.contains("TodoBoard.doneCount: 0 → 1"), toggled)
        XCTAssertFalse(toggled.contains("elements"), toggled)
        XCTAssertFalse(toggled.contains("positions"), toggled)

        logged = []
        store.update(TodoBoard.Delete(id: 1))
        store.update(TodoBoard.Add(id: 4))
        let reshaped = logged.joined(separator: "\n")
        XCTAssertTrue(
            reshaped.contains(
                #"TodoBoard.todos[id: 1]: removed ListedTodo(id: 1, title: "Milk", isDone: false, pings: 0)"#),
            reshaped)
        XCTAssertTrue(
            reshaped.contains(
                #"TodoBoard.todos[id: 4]: added ListedTodo(id: 4, title: "New", isDone: false, pings: 0)"#),
            reshaped)
        XCTAssertFalse(reshaped.contains("positions"), reshaped)
    }

    func testStateDiffComparesRowsByID() async {
        var before = TodoBoard()
        before.todos.move(fromOffsets: [2], toOffset: 0)
        var after = before
        after.todos[id: 1]?.title = "Oat milk"
        after.todos.move(fromOffsets: [0], toOffset: 3)
        let diff = StateDiff(from: before, to: after).changes.map(\.description)
        XCTAssertEqual(
            diff,
            [
                "TodoBoard.todos[id: 1].title: \"Milk\" → \"Oat milk\"",
                "TodoBoard.todos[id: 3]: moved from [0] to [2]",
            ])
    }

    /// The identified array's layout is one field leading to the very layout of an array of
    /// its elements: a walk over it is the array's walk, one field offset further.
    func testTheWalkIsTheWalkOfTheArrayInside() async throws {
        var builder = LayoutBuilder(layouts: [:])
        let identified = builder.layout(IdentifiedArrayOf<ListedTodo>.self)
        let array = builder.layout([ListedTodo].self)
        builder.finish()
        XCTAssertEqual(identified.parts.count, 1, "the index holds no models and is not walked")
        let part = try XCTUnwrap(identified.parts.first)
        guard case .field(let name, let offset) = part.access else { return XCTFail("\(part.access)") }
        XCTAssertEqual(name, "elements")
        XCTAssertEqual(offset, 0)
        XCTAssertTrue(part.child === array)
        XCTAssertTrue(identified.readsAsElements)
        XCTAssertEqual(identified.modelTypes, array.modelTypes)
        XCTAssertTrue(identified.diagnostics.isEmpty)
    }

    /// The guard checks a struct met only inside an identified array, though the array's custom
    /// mirror shows elements rather than fields.
    func testTheGuardReachesStructsThatSitOnlyInAnIdentifiedArray() async throws {
        var builder = LayoutBuilder(layouts: [:])
        let ledger = builder.layout(GuardedLedger.self)
        let entry = builder.layout(GuardedEntry.self)
        XCTAssertEqual(entry.fieldNames, ["id", "label", "hits"])
        entry.fieldNames = ["id", "hits", "label"]
        builder.finish(checking: GuardedLedger(), root: ledger)
        XCTAssertTrue(entry.isUnreadable)
        let message = try XCTUnwrap(entry.diagnostics.first?.message)
        XCTAssertTrue(message.contains("Mirror finds the stored fields id, label, hits"), message)
    }

    /// A row that replaces its own id is written in place by the store; the collection does
    /// not stop the program, and re-files its rows when a change meets the stale entry.
    func testARowThatRenumbersItselfInPlaceBreaksNothing() async throws {
        let store = Store(model: RenumberedList())
        store.update(Renumbered.Renumber())
        var rows = try XCTUnwrap(store.find(RenumberedList.self)).rows
        XCTAssertEqual(rows.elements.map(\.id), [101, 102])
        XCTAssertNil(rows[id: 1], "the stale entry is noticed")
        XCTAssertNil(rows.remove(id: 1))
        XCTAssertEqual(rows[id: 101], Renumbered(id: 101), "the change that met the stale entry re-filed the rows")
        XCTAssertEqual(rows.append(Renumbered(id: 102)).inserted, false)
        XCTAssertEqual(rows.ids, [101, 102])
    }
}
