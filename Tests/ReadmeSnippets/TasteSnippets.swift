// swift-format-ignore-file
// The README's taste, line for line (SnippetCoverageTests in GuideTests).

import Substate
import SubstateMiddleware
import SubstateTesting
import XCTest

struct Todo: Model, Identifiable, Equatable {
    let id: Int
    var title: String
    var isDone = false
    struct Toggle: Action { let id: Int }

    mutating func update(action: Action) {
        if let toggle = action as? Toggle, toggle.id == id { isDone.toggle() }
    }
}

struct TodoApp: Model, Equatable {
    var todos = [Todo(id: 1, title: "Milk")]   // every Todo receives every action
    var doneCount = 0

    mutating func update(action: Action) {     // runs after its children
        doneCount = todos.filter(\.isDone).count
    }
}


@MainActor
final class TasteTests: XCTestCase {
    func testTheStoreLogsTheToggleAndWhatItChanged() async {
        var lines: [String] = []
        let store = Store(model: TodoApp(), middleware: [ActionLogger(output: { lines.append($0) }), ModelLogger(diff: true, output: { lines.append($0) })])
        lines = []
        store.update(Todo.Toggle(id: 1))
        XCTAssertEqual(lines, ["Todo.Toggle(id: 1)", "Todo.Toggle:\n  TodoApp.todos[id: 1].isDone: false → true\n  TodoApp.doneCount: 0 → 1"])
    }

    func testTheReadmesLines() {
        let store = Store(model: TodoApp(), middleware: [ActionLogger(), ModelLogger(diff: true)])
        store.update(Todo.Toggle(id: 1))
        // Todo.Toggle(id: 1)
        // Todo.Toggle:
        //   TodoApp.todos[id: 1].isDone: false → true
        //   TodoApp.doneCount: 0 → 1
        XCTAssertEqual(store.find(TodoApp.self)?.doneCount, 1)
    }

    func testTogglingCountsTheDoneTodos() async {
        let store = TestStore(model: TodoApp())
        await store.send(Todo.Toggle(id: 1)) {
            $0.todos[0].isDone = true
            $0.doneCount = 1
        }
    }
}
