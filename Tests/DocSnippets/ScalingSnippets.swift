// swift-format-ignore-file
// The code below is the documentation's, line for line (SnippetCoverageTests), so it keeps
// the documents' layout rather than the formatter's.

import Substate
import SubstateTesting
import XCTest

// MARK: ScalingToThousandsOfRows.md

enum Scaling {
    struct Todo: Model, Identifiable, Equatable {
        static let routing = ActionRouting.nestedActions
        let id: Int
        var title = ""
        var isDone = false
        struct Toggle: Action { let id: Int }

        mutating func update(action: Action) {
            if let toggle = action as? Toggle, toggle.id == id { isDone.toggle() }
        }
    }

    struct TodoList: Model, Equatable {
        static let routing = ActionRouting.nestedActions
        var todos: [Todo] = []
        var filter = ""
        struct FilterChanged: Action { let text: String }

        mutating func update(action: Action) {
            if let change = action as? FilterChanged { filter = change.text }
        }
    }

    struct SignedOut: Action {}

    struct Download: Model, Identifiable, Equatable {
        static let routing = ActionRouting.nestedActions
        let id: Int
        var progress = 0.0
        struct Progressed: TargetedAction {
            let targetID: Int
            let fraction: Double
            typealias Target = Download
        }

        mutating func update(action: Action) {
            if let step = action as? Progressed, step.targetID == id { progress = step.fraction }
        }
    }

    struct Downloads: Model, Equatable {
        static let routing = ActionRouting.nestedActions
        var downloads = (0..<3).map { Download(id: $0) }
    }

    struct Session: Model, Equatable {
        static let routing = ActionRouting.nestedActions(plus: [SignedOut.self])
        var list = TodoList()
        var isSignedIn = true

        mutating func update(action: Action) {
            if action is SignedOut { isSignedIn = false }
        }
    }
}

@MainActor
final class ScalingSnippetTests: XCTestCase {
    func testRoutedModelsTakeTheirOwnActionsTheirRowsActionsAndTheListedOnes() async {
        let store = TestStore(model: Scaling.Session(list: Scaling.TodoList(todos: [Scaling.Todo(id: 1), Scaling.Todo(id: 2)])))
        await store.send(Scaling.TodoList.FilterChanged(text: "milk")) { $0.list.filter = "milk" }
        await store.send(Scaling.Todo.Toggle(id: 2)) { $0.list.todos[1].isDone = true }
        await store.send(Scaling.SignedOut()) { $0.isSignedIn = false }
    }

    func testAnActionAddressedToOneRowChangesThatRowAlone() async {
        let store = TestStore(model: Scaling.Downloads())
        await store.send(Scaling.Download.Progressed(targetID: 1, fraction: 0.5)) { $0.downloads[1].progress = 0.5 }
    }
}
