import Substate
import SubstateMiddleware
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
        XCTAssertFalse(undoer.canUndo())
        store.update(Undo())
        XCTAssertEqual(store.find(TodoList.self)?.titles, [], "nothing left to undo")
        store.update(Redo())
        store.update(Redo())
        XCTAssertEqual(store.find(TodoList.self)?.titles, ["a", "b"])
        XCTAssertFalse(undoer.canRedo())
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
        XCTAssertTrue(lines.entries.contains { $0.hasPrefix("▿ Substate.Action: Undo") })
        XCTAssertTrue(lines.entries.contains { $0.hasPrefix("▿ Substate.Action: Store.Restore") })
    }
}
