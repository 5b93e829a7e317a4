import Foundation
import Substate
import SubstateMachine
import SubstateMiddleware
import SubstateReplay
import SubstateTesting
import TodosFeature
import XCTest

/// The title editor's runner, as the app's list has it: the tree holds the editor's node, so a
/// test store without it reports the missing middleware.
@MainActor
let editorRunner = StateMachineRunner(cancelsInFlight: true) { TitleEditor(clock: $0.clock) }

@MainActor
final class TodosTests: XCTestCase {
    func testEveryModelReactsToTheSameActionsWithoutWiring() async {
        let store = TestStore(model: TodoApp(), middleware: [editorRunner])
        await store.send(TodoList.Add("Write the README")) {
            $0.list.todos = [Todo(id: 1, title: "Write the README")]
            $0.list.nextID = 2
            $0.list.outcome = .added
            $0.statistics.added = 1
            $0.summary = "0 of 1 done"
        }
        await store.send(TodoList.Toggle(1)) {
            $0.list.todos[0].isDone = true
            $0.list.outcome = .toggled
            $0.statistics.toggles = 1
            $0.summary = "1 of 1 done"
        }
        await store.send(TodoList.Edit(1, title: "Write the docs")) {
            $0.list.todos[0].title = "Write the docs"
            $0.list.outcome = .edited
            $0.statistics.edits = 1
        }
        await store.send(TodoList.Toggle(99)) { $0.list.outcome = nil }  // no such to-do: nothing is counted
        await store.send(Filter.Set(.active)) { $0.filter.mode = .active }
        XCTAssertEqual(store.state.visible, [], "the only to-do is done")
        await store.send(TodoList.Delete(1)) {
            $0.list.todos = []
            $0.list.outcome = .deleted
            $0.statistics.deleted = 1
            $0.summary = "nothing to do"
        }
        await store.finish()
    }

    func testUndoAndRedoRestoreTheList() async {
        // Non-exhaustive: the test asserts the list only, not the statistics and the summary.
        let store = TestStore(model: TodoApp(), middleware: [ActionUndoer(), editorRunner], exhaustive: false)
        await store.send(TodoList.Add("a")) { $0.list.todos = [Todo(id: 1, title: "a")] }
        await store.send(Undo())
        await store.receive(Store.Restore.self) { $0.list.todos = [] }
        await store.send(Redo())
        await store.receive(Store.Restore.self) { $0.list.todos = [Todo(id: 1, title: "a")] }
        XCTAssertEqual(store.state.summary, "0 of 1 done")
        XCTAssertEqual(store.state.statistics.added, 1, "undo and redo restore the list; nothing new was added")
    }

    func testCommandsReadIntoActions() {
        XCTAssertEqual(((try? Command.action(for: "add Buy milk").get()) as? TodoList.Add)?.title, "Buy milk")
        XCTAssertEqual(((try? Command.action(for: "edit 2 New title").get()) as? TodoList.Edit)?.title, "New title")
        XCTAssertEqual(((try? Command.action(for: "toggle 3").get()) as? TodoList.Toggle)?.id, 3)
        XCTAssertEqual(((try? Command.action(for: "filter done").get()) as? Filter.Set)?.mode, .done)
        XCTAssertTrue((try? Command.action(for: "undo").get()) is Undo)
        XCTAssertEqual(Command.action(for: "toggle x").failure, CommandError("toggle needs an id"))
        XCTAssertEqual(Command.action(for: "filter everything").failure, CommandError("filter all, active or done"))
        XCTAssertEqual(Command.parse(" list "), .list)
        XCTAssertEqual(Command.parse("add x"), .dispatch("add x"))
    }

    func testARecordedSessionWithUndoAndSavingReplaysToTheSameState() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("todos-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = MemoryLog()
        let store = Store(
            model: TodoApp(),
            middleware: [
                ActionUndoer(), editorRunner, ModelSaver(directory: directory, strategy: .manual),
                ActionRecorder(to: log, digestEvery: 2, snapshotEvery: 5),
            ])
        for line in ["add a", "add b", "toggle 1", "delete 2", "undo", "owner Ada", "redo", "filter done"] {
            store.update(try Command.action(for: line).get())
        }
        store.update(ModelSaver.Save())
        await store.effects.waitForAll()
        let replay = try Replay.run(try ActionLog(lines: log.lines), as: TodoApp.self)
        XCTAssertNil(replay.divergence)
        XCTAssertEqual(replay.store.find(TodoApp.self), store.find(TodoApp.self))
        XCTAssertGreaterThan(replay.verified, 4)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

@MainActor
final class TodosLoggingTests: XCTestCase {
    func testTheLogCommandTogglesTheActionLoggersModel() async throws {
        var logged: [String] = []
        let store = Store(
            model: TodoApp(), middleware: [ActionLogger(isActive: false, output: { logged.append($0) }), editorRunner])
        store.update(try Command.action(for: "add quiet").get())
        store.update(try Command.action(for: "log").get())
        store.update(try Command.action(for: "add loud").get())
        XCTAssertEqual(store.find(ActionLogger.State.self)?.isActive, true)
        XCTAssertEqual(logged, [#"TodoList.Add(title: "loud")"#])
    }
}
