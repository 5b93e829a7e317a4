// swift-format-ignore-file
// The code below is the documentation's, line for line (SnippetCoverageTests), so it keeps
// the documents' layout rather than the formatter's.

import Substate
import XCTest

// MARK: ComingFromTCA.md, "Rows by id: IdentifiedArray"

struct TodoRow: Model, Identifiable {
    let id: Int
    var title = ""
    var isComplete = false
    struct Toggle: Action { let id: Int }

    mutating func update(action: Action) {
        if let toggle = action as? Toggle, toggle.id == id { isComplete.toggle() }
    }
}

struct TodoList: Model {
    var todos: IdentifiedArrayOf<TodoRow> = []
    struct Rename: Action { let id: Int, title: String }
    struct Delete: Action { let offsets: [Int] }
    struct Moved: Action { let source: [Int], destination: Int }
    struct ClearCompleted: Action {}

    mutating func update(action: Action) {
        switch action {
        case let rename as Rename: todos[id: rename.id]?.title = rename.title
        case let delete as Delete: todos.remove(atOffsets: delete.offsets)
        case let moved as Moved: todos.move(fromOffsets: moved.source, toOffset: moved.destination)
        case is ClearCompleted: todos.removeAll(where: \.isComplete)
        default: break
        }
    }
}

@MainActor func clearTheDoneRows() {
    let store = Store(model: TodoList(todos: [TodoRow(id: 1, title: "Milk"), TodoRow(id: 2, title: "Eggs")]))
    store.update(TodoRow.Toggle(id: 1))
    store.update(TodoList.ClearCompleted())
    print(store.find(TodoList.self)?.todos.ids ?? [])   // [2]
}

@MainActor
final class ComingFromTCARowsTests: XCTestCase {
    func testTheRowsOfTheSnippetAreRenamedDeletedMovedAndCleared() async {
        clearTheDoneRows()
        let store = Store(model: TodoList(todos: [TodoRow(id: 1, title: "Milk"), TodoRow(id: 2, title: "Eggs"), TodoRow(id: 3)]))
        store.update(TodoList.Rename(id: 2, title: "Brown eggs"))
        XCTAssertEqual(store.find(TodoRow.self, id: 2)?.title, "Brown eggs")
        store.update(TodoList.Moved(source: [0], destination: 3))
        XCTAssertEqual(store.find(TodoList.self)?.todos.ids, [2, 3, 1])
        store.update(TodoList.Delete(offsets: [1]))
        XCTAssertEqual(store.find(TodoList.self)?.todos.ids, [2, 1])
        store.update(TodoRow.Toggle(id: 1))
        store.update(TodoList.ClearCompleted())
        XCTAssertEqual(store.find(TodoList.self)?.todos.ids, [2], "as the snippet prints")
    }
}
