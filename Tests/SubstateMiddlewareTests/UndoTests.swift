import Substate
import SubstateMiddleware
import SubstateReplay
import XCTest

struct TodoList: Model, Equatable {
    var titles: [String] = []
    struct Add: Action, UndoableAction {
        let title: String
        static var undoableModels: [any Model.Type] { [TodoList.self] }
    }
    mutating func update(action: Action) {
        if let add = action as? Add { titles.append(add.title) }
    }
}

struct Editor: Model, Equatable {
    var text = ""
    struct Type_: Action, UndoableAction {
        let text: String
        static var undoableModels: [any Model.Type] { [Editor.self] }
        var undoContext: String { "editor" }
    }
    mutating func update(action: Action) {
        if let typed = action as? Type_ { text += typed.text }
    }
}

struct Workspace: Model, Equatable {
    var list = TodoList()
    var editor = Editor()
}

@MainActor
final class UndoTests: XCTestCase {
    func testUndoAndRedoRestoreTheModelsAnActionChanged() async {
        let undoer = ActionUndoer()
        let store = Store(model: Workspace(), middleware: [undoer])
        store.update(TodoList.Add(title: "a"))
        store.update(TodoList.Add(title: "b"))
        store.update(Undo())
        XCTAssertEqual(store.find(TodoList.self)?.titles, ["a"])
        store.update(Undo())
        XCTAssertEqual(store.find(TodoList.self)?.titles, [])
        XCTAssertFalse(undoer.canUndo(in: store))
        store.update(Undo())
        XCTAssertEqual(store.find(TodoList.self)?.titles, [], "nothing left to undo")
        store.update(Redo())
        store.update(Redo())
        XCTAssertEqual(store.find(TodoList.self)?.titles, ["a", "b"])
        XCTAssertFalse(undoer.canRedo(in: store))
    }

    func testANewUndoableActionClearsRedo() async {
        let undoer = ActionUndoer()
        let store = Store(model: Workspace(), middleware: [undoer])
        store.update(TodoList.Add(title: "a"))
        store.update(Undo())
        store.update(TodoList.Add(title: "b"))
        store.update(Redo())
        XCTAssertEqual(store.find(TodoList.self)?.titles, ["b"])
    }

    func testContextsUndoSeparately() async {
        let store = Store(model: Workspace(), middleware: [ActionUndoer()])
        store.update(TodoList.Add(title: "a"))
        store.update(Editor.Type_(text: "hello"))
        store.update(Editor.Type_(text: " world"))
        store.update(Undo(context: "editor"))
        XCTAssertEqual(store.find(Editor.self)?.text, "hello")
        XCTAssertEqual(store.find(TodoList.self)?.titles, ["a"], "the list's history is its own")
        store.update(Undo())
        XCTAssertEqual(store.find(TodoList.self)?.titles, [])
        XCTAssertEqual(store.find(Editor.self)?.text, "hello")
    }

    func testHistoryIsBounded() async {
        let undoer = ActionUndoer(limit: 2)
        let store = Store(model: Workspace(), middleware: [undoer])
        for title in ["a", "b", "c"] { store.update(TodoList.Add(title: title)) }
        for _ in 0..<3 { store.update(Undo()) }
        XCTAssertEqual(store.find(TodoList.self)?.titles, ["a"], "only the last two could be undone")
    }

    func testUndoAndRedoAreActionsThatLoggersSee() async {
        let lines = Lines()
        let store = Store(model: Workspace(), middleware: [ActionLogger(output: lines.output), ActionUndoer()])
        store.update(TodoList.Add(title: "a"))
        store.update(Undo())
        XCTAssertTrue(lines.entries.contains(#"Undo(context: "default")"#), "\(lines.entries)")
        XCTAssertTrue(lines.entries.contains { $0.hasPrefix("Store.Restore(") && $0.hasSuffix("(middleware)") })
    }
}

struct Note: Model, Codable, Equatable {
    var text: String
    struct Edit: Action, Codable, UndoableAction {
        let key: String
        let text: String
        static var undoableModels: [any Model.Type] { [Note.self] }
    }
}

struct Notebook: Model, Codable, Equatable {
    var notes: [String: Note] = ["a": Note(text: "a0"), "b": Note(text: "b0"), "c": Note(text: "c0")]
    var shelf: [[Int: Note]] = [[1: Note(text: "one")]]
    struct Add: Action, Codable { let key: String }
    mutating func update(action: Action) {
        if let edit = action as? Note.Edit { notes[edit.key]?.text = edit.text }
        if let add = action as? Add { notes[add.key] = Note(text: add.key + "0") }
    }
}

@MainActor
final class LocatedUndoTests: XCTestCase {
    func testUndoPutsEveryModelBackUnderItsOwnKeyWhateverTheDictionaryDidMeanwhile() async throws {
        let log = MemoryLog()
        let store = Store(model: Notebook(), middleware: [ActionUndoer(), ActionRecorder(to: log, digestEvery: 1)])
        store.update(Note.Edit(key: "b", text: "b1"))
        // The dictionary grows, and its order changes with its storage.
        for key in (0..<40).map({ "k\($0)" }) { store.update(Notebook.Add(key: key)) }
        store.update(Undo())
        let notes = try XCTUnwrap(store.find(Notebook.self)?.notes)
        XCTAssertEqual(notes["a"], Note(text: "a0"))
        XCTAssertEqual(notes["b"], Note(text: "b0"), "the edit is undone on its own note")
        XCTAssertEqual(notes["c"], Note(text: "c0"))
        for key in (0..<40).map({ "k\($0)" }) { XCTAssertEqual(notes[key], Note(text: key + "0"), key) }
        XCTAssertEqual(store.find(Notebook.self)?.shelf, [[1: Note(text: "one")]])
        store.update(Redo())
        XCTAssertEqual(store.find(Notebook.self)?.notes["b"], Note(text: "b1"))

        let replay = try Replay.run(try ActionLog(lines: log.lines), as: Notebook.self)
        XCTAssertNil(
            replay.divergence, "the recorded restores carry their locations: \(replay.divergence.map { "\($0)" } ?? "")"
        )
    }

    func testALocationThatLeadsNowhereIsSkipped() async throws {
        let store = Store(model: Notebook())
        let before = store.locatedModels(Note.self)
        XCTAssertEqual(before.count, 4)
        store.update(Store.Replace(model: Notebook(notes: [:], shelf: [])))
        store.update(Store.Restore(located: before.map { ($0.location, $0.model) }))
        XCTAssertEqual(store.find(Notebook.self), Notebook(notes: [:], shelf: []), "nothing to put back into")
    }
}
