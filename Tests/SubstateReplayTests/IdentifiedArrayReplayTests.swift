import Foundation
import Substate
import SubstateReplay
import Testing

struct ReplayedRow: Model, Identifiable, Equatable, Codable {
    let id: Int
    var title: String
    var isDone = false
    struct Toggle: Action, Codable { let id: Int }

    mutating func update(action: Action) {
        if let toggle = action as? Toggle, toggle.id == id { isDone.toggle() }
    }
}

/// A list of rows in an identified array, changed by every kind of action a list sees.
struct ReplayedRows: RecordedModel, Equatable {
    var rows: IdentifiedArrayOf<ReplayedRow> = [ReplayedRow(id: 1, title: "Milk")]
    var doneCount = 0
    struct Add: Action, Codable { let id: Int, title: String }
    struct Delete: Action, Codable { let id: Int }
    struct Move: Action, Codable { let from: [Int], to: Int }
    struct Loaded: Action, Codable { let rows: IdentifiedArrayOf<ReplayedRow> }

    mutating func update(action: Action) {
        switch action {
        case let add as Add: rows.append(ReplayedRow(id: add.id, title: add.title))
        case let delete as Delete: rows.remove(id: delete.id)
        case let move as Move: rows.move(fromOffsets: move.from, toOffset: move.to)
        case let loaded as Loaded: rows.append(contentsOf: loaded.rows)
        default: break
        }
        doneCount = rows.filter(\.isDone).count
    }
}

/// The same list in a plain array, whose JSON the identified one must write.
struct PlainRows: Codable {
    var rows: [ReplayedRow]
    var doneCount: Int
}

@MainActor
@Suite struct IdentifiedArrayReplayTests {
    @Test func aListOfIdentifiedRowsRecordsAndReplaysToTheSameState() throws {
        let log = MemoryLog()
        let store = Store(
            model: ReplayedRows(), middleware: [ActionRecorder(to: log, digestEvery: 1), ModelRecorder(to: log)])
        store.update(ReplayedRows.Add(id: 2, title: "Eggs"))
        store.update(ReplayedRows.Add(id: 3, title: "Bread"))
        store.update(ReplayedRow.Toggle(id: 2))
        store.update(ReplayedRows.Move(from: [0], to: 3))
        store.update(ReplayedRows.Loaded(rows: [ReplayedRow(id: 4, title: "Tea"), ReplayedRow(id: 2, title: "again")]))
        store.update(ReplayedRows.Delete(id: 3))
        let recorded = try #require(store.find(ReplayedRows.self))
        #expect(recorded.rows.ids == [2, 1, 4])
        #expect(recorded.doneCount == 1)

        let actionLog = try ActionLog(lines: log.lines)
        #expect(Compatibility(of: actionLog, as: ReplayedRows.self).verdict == .clean)
        let replay = try Replay.run(actionLog, as: ReplayedRows.self)
        #expect(replay.divergence == nil)
        #expect(replay.replayed == 6)
        #expect(replay.verified >= 6, "a digest after every action was checked")
        let replayed = try #require(replay.store.find(ReplayedRows.self))
        #expect(replayed == recorded)
        #expect(replayed.rows.index(id: 4) == 2, "the replayed rows are filed by id")

        // The recorded payload and model carry the rows as a plain array.
        let rowsJSON = #"[{"id":4,"title":"Tea","isDone":false},{"id":2,"title":"again","isDone":false}]"#
        #expect(log.lines.contains { $0.contains(#"{"rows":\#(rowsJSON)}"#) }, "\(log.lines)")
    }

    @Test func itsJSONIsTheJSONOfItsElements() throws {
        var list = ReplayedRows()
        list.update(action: ReplayedRows.Add(id: 2, title: "Eggs"))
        list.rows[id: 2]?.isDone = true
        let plain = PlainRows(rows: list.rows.elements, doneCount: list.doneCount)

        let json = JSONEncoder()
        json.outputFormatting = .sortedKeys
        #expect(try json.encode(list) == json.encode(plain))
        #expect(try json.encode(list.rows) == json.encode(list.rows.elements))

        let identified = LogEncoder()
        try identified.encode(list)
        let array = LogEncoder()
        try array.encode(plain)
        #expect(identified.bytes == array.bytes, "the log's own codec writes the same bytes")
        #expect(
            String(decoding: identified.bytes, as: UTF8.self)
                == #"{"rows":[{"id":1,"title":"Milk","isDone":false},{"id":2,"title":"Eggs","isDone":true}],"doneCount":0}"#
        )
        #expect(StateEncoder().encode(list) == StateEncoder().encode(plain), "and the replay's state encoder")
        #expect(try JSONDecoder().decode(ReplayedRows.self, from: Data(array.bytes)) == list)
    }
}
