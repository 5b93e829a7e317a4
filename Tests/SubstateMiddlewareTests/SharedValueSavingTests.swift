import Foundation
import Substate
import SubstateMiddleware
import XCTest

/// A row of a list several screens share.
struct SharedRow: Hashable, Sendable, Codable, Identifiable {
    var id: Int
    var title: String
}

extension SharedKey where Value == [SharedRow] {
    static var rows: Self { SharedKey("rows") }
}

/// The saved model that holds the shared rows: the saver keeps it as any saved model.
struct RowsFile: SavedModel, Equatable {
    @Shared(.rows) var rows: [SharedRow] = []
}

/// A screen that edits the rows through a field of its own.
struct RowsEditor: Model, Equatable {
    @Shared(.rows) var rows: [SharedRow] = []
    var edits = 0
    struct Rename: Action {
        let id: Int
        let title: String
    }
    struct Add: Action { let row: SharedRow }
    struct Load: Action {}

    mutating func update(action: Action) {
        switch action {
        case let rename as Rename:
            guard let index = rows.firstIndex(where: { $0.id == rename.id }) else { return }
            rows[index].title = rename.title
            edits += 1
        case let add as Add:
            rows.append(add.row)
            edits += 1
        default:
            break
        }
    }
}

/// A detail screen holding one row, derived from the shared list by id.
struct RowDetail: Model, Equatable {
    @Shared var row: SharedRow
    var note = ""
}

struct RowsApp: Model, Equatable {
    var file = RowsFile()
    var editor = RowsEditor()
    var detail: RowDetail?
    struct Open: Action { let id: Int }

    mutating func update(action: Action) {
        if let open = action as? Open, let row = editor.$rows[id: open.id] {
            detail = RowDetail(row: row)
        }
    }
}

@MainActor
final class SharedValueSavingTests: XCTestCase {
    private let rows = [SharedRow(id: 1, title: "Standup"), SharedRow(id: 2, title: "Retro")]

    func testASharedValuePersistsThroughTheSaverAndReloadsIntoEveryField() async throws {
        let storage = ModelSaver.MemoryStorage()
        let first = Store(model: RowsApp(), middleware: [ModelSaver(storage: storage, strategy: .manual)])
        for row in rows { first.update(RowsEditor.Add(row: row)) }
        first.update(RowsEditor.Rename(id: 2, title: "Planning"))
        XCTAssertEqual(first.find(RowsFile.self)?.rows.map(\.title), ["Standup", "Planning"])
        first.update(ModelSaver.Save())
        await first.effects.waitForAll()

        let second = Store(model: RowsApp(), middleware: [ModelSaver(storage: storage, strategy: .manual)])
        XCTAssertEqual(second.find(RowsFile.self)?.rows.map(\.title), ["Standup", "Planning"])
        XCTAssertEqual(
            second.find(RowsEditor.self)?.rows.map(\.title), ["Standup", "Planning"], "loaded into every field")
        XCTAssertEqual(second.find(RowsEditor.self)?.edits, 0)
    }

    func testAnElementDerivedByIdAndItsArraySeeEachOthersChanges() async {
        let store = Store(model: RowsApp())
        for row in rows { store.update(RowsEditor.Add(row: row)) }
        store.update(RowsApp.Open(id: 2))
        XCTAssertEqual(store.find(RowDetail.self)?.row.title, "Retro")
        store.update(RowsEditor.Rename(id: 2, title: "Planning"))
        XCTAssertEqual(store.find(RowDetail.self)?.row.title, "Planning", "the array's change reached the element")
        store.update(RowTitle(title: "Review"))
        XCTAssertEqual(store.find(RowsFile.self)?.rows.map(\.title), ["Standup", "Review"], "and back")
        XCTAssertEqual(store.find(RowsEditor.self)?.rows.map(\.title), ["Standup", "Review"])
    }

    func testTheDiffLoggerShowsEveryCopyThatChangedUnderItsFieldsName() async {
        var lines: [String] = []
        let store = Store(model: RowsApp(), middleware: [ModelLogger(diff: true, output: { lines.append($0) })])
        store.update(RowsEditor.Add(row: SharedRow(id: 1, title: "A")))
        store.update(RowsApp.Open(id: 1))
        lines.removeAll()
        store.update(RowTitle(title: "B"))
        XCTAssertEqual(
            lines.joined(separator: "\n").split(separator: "\n").map(String.init),
            [
                "RowTitle:",
                #"  RowsApp.detail.row.title: "A" → "B""#,
                #"  RowsApp.file.rows[id: 1].title: "A" → "B""#,
                #"  RowsApp.editor.rows[id: 1].title: "A" → "B""#,
            ])
    }

    /// swift-sharing #213: a file-storage write made after an `await` was dropped under an
    /// immediate scheduler. Here an effect changes the shared value after awaiting, and a
    /// debounced saver on an immediate clock writes it.
    func testAChangeAnEffectMakesAfterAnAwaitIsSavedUnderAnImmediateClock() async throws {
        let storage = ModelSaver.MemoryStorage()
        let store = Store(
            model: RowsApp(),
            middleware: [
                EffectHandler(effects: [
                    Effect(for: RowsEditor.Load.self) { _, send in
                        await Task.yield()
                        await send(RowsEditor.Add(row: SharedRow(id: 3, title: "Loaded")))
                    }
                ]),
                ModelSaver(storage: storage, strategy: .debounced(.seconds(1)), clock: ImmediateClock()),
            ])
        store.update(RowsEditor.Load())
        // Until the effect has sent its action and the saver has written what it scheduled:
        // the write runs on the saver's own queue, after the effects have ended.
        repeat {
            await store.effects.waitForAll()
            await Task.yield()
        } while store.pendingWork > 0 || store.effects.inFlightCount > 0
        let saved = try XCTUnwrap(storage.entries["RowsFile"].map { String(decoding: $0, as: UTF8.self) })
        XCTAssertTrue(saved.contains("Loaded"), saved)
    }

    /// TCA #3311: several features sharing one key crashed at start. Here fifty features hold
    /// the key from the first state, and agree from the first dispatch.
    func testManyFeaturesShareOneKeyFromTheFirstDispatch() async {
        struct Many: Model, Equatable {
            var editors = (0..<50).map { _ in RowsEditor() }
            var file = RowsFile(rows: [SharedRow(id: 9, title: "Seed")])
        }
        let store = Store(model: Many())
        let many = store.find(Many.self)!
        XCTAssertEqual(Set(many.editors.map(\.rows)), [[]], "the first field in walk order gave the value")
        XCTAssertEqual(many.file.rows, [], "and the file took it")
        store.update(RowsEditor.Add(row: SharedRow(id: 1, title: "One")))
        let after = store.find(Many.self)!
        XCTAssertEqual(after.editors.map(\.rows.count), Array(repeating: 50, count: 50), "each editor added one row")
        XCTAssertEqual(after.file.rows.count, 50)
    }

    /// TCA #3533: a change to a shared value reset another field of the state holding it.
    func testASharedChangeTouchesNothingElse() async {
        let store = Store(model: RowsApp())
        for row in rows { store.update(RowsEditor.Add(row: row)) }
        store.update(RowsApp.Open(id: 1))
        store.update(RowNote(note: "keep me"))
        store.update(RowsEditor.Rename(id: 1, title: "Daily"))
        let app = store.find(RowsApp.self)!
        XCTAssertEqual(app.detail?.note, "keep me")
        XCTAssertEqual(app.detail?.row.title, "Daily")
        XCTAssertEqual(app.editor.edits, 3)
    }
}

/// Sets the title of the row the detail shows, through its derived field.
struct RowTitle: Action { let title: String }
/// Sets the detail's own note.
struct RowNote: Action { let note: String }

extension RowDetail {
    mutating func update(action: Action) {
        if let title = action as? RowTitle { row.title = title.title }
        if let note = action as? RowNote { self.note = note.note }
    }
}
