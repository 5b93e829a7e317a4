import Substate
import SubstateMachine
import SubstateMiddleware
import SubstateTesting
import TodosFeature
import XCTest

/// The navigation patterns of the Todos example: a stack of detail screens and an editor sheet,
/// each screen's models in the tree only while it is shown, and a dismissed sheet's effect
/// cancelled.
@MainActor
final class NavigationTests: XCTestCase {
    private func app(_ titles: [String]) -> TodoApp {
        var app = TodoApp()
        app.list = TodoList(todos: titles.enumerated().map { Todo(id: $0.offset + 1, title: $0.element) })
        app.list.nextID = titles.count + 1
        return app
    }

    private func editorStore(clock: TestClock) -> TestStore<TodoApp> {
        TestStore(
            model: app(["Milk", "Eggs"]),
            middleware: [StateMachineRunner(cancelsInFlight: true) { _ in TitleEditor(clock: clock) }],
            exhaustive: false)
    }

    func testTheStackPushesAndPopsDetailScreensThatSeeActionsOnlyWhileShown() async {
        let store = TestStore(model: app(["Milk", "Eggs"]), middleware: [editorRunner])
        await store.send(Navigation.Open(1)) { $0.navigation.path = [.detail(TodoDetail(todoID: 1))] }
        await store.send(Navigation.Open(9))  // no such to-do: nothing is pushed
        await store.send(TodoList.Toggle(1)) {
            $0.list.todos[0].isDone = true
            $0.list.outcome = .toggled
            $0.statistics.toggles = 1
            $0.summary = "1 of 2 done"
            $0.navigation.path = [.detail(TodoDetail(todoID: 1, changesSeen: 1))]
        }
        await store.send(Navigation.Open(2)) {
            $0.navigation.path.append(.detail(TodoDetail(todoID: 2)))
            $0.list.outcome = nil
        }
        XCTAssertEqual(store.state.navigation.detail?.todoID, 2, "the top screen is the last pushed")
        await store.send(Navigation.Back()) { $0.navigation.path.removeLast() }
        await store.send(Navigation.Back()) { $0.navigation.path = [] }
        await store.send(Navigation.Back())  // an empty stack stays empty
        await store.send(TodoList.Toggle(1)) {
            $0.list.todos[0].isDone = false
            $0.list.outcome = .toggled
            $0.statistics.toggles = 2
            $0.summary = "0 of 2 done"
        }
        await store.send(Navigation.Open(1)) {
            $0.navigation.path = [.detail(TodoDetail(todoID: 1))]
            $0.list.outcome = nil
        }
        XCTAssertEqual(store.state.navigation.detail?.changesSeen, 0, "a screen pushed again starts afresh")
        await store.finish()
    }

    func testTheEditorSheetSavesAfterAPauseAndTheToDoRenamesItself() async {
        let clock = TestClock()
        let store = editorStore(clock: clock)
        await store.send(Navigation.Open(1))
        await store.send(Navigation.Rename(1)) {
            $0.navigation.sheet = .editor(MachineNode(TitleEditor.State(todoID: 1, draft: "Milk")))
        }
        await store.send(MachineNode<TitleEditor>.Input(.typed("Oat milk")))
        await clock.waitForSleepers(1)
        XCTAssertEqual(store.state.navigation.editor?.draft, "Oat milk")
        await clock.advance(by: .milliseconds(999))
        XCTAssertEqual(store.state.list.todos[0].title, "Milk", "typing has not paused long enough")
        await clock.advance(by: .milliseconds(1))
        await store.receive(TitleEditor.Saved.self) {
            $0.list.todos[0].title = "Oat milk"
            $0.navigation.sheet = .editor(
                MachineNode(TitleEditor.State(todoID: 1, draft: "Oat milk", saved: "Oat milk")))
        }
        XCTAssertEqual(store.state.navigation.detail?.changesSeen, 1, "the detail screen under the sheet saw it")
        XCTAssertEqual(store.state.statistics.edits, 1)
        await store.send(Navigation.Dismiss()) { $0.navigation.sheet = nil }
        await store.finish()
    }

    func testDismissingTheSheetCancelsTheSaveItHadNotMadeYet() async {
        let clock = TestClock()
        let store = editorStore(clock: clock)
        await store.send(Navigation.Rename(2))
        await store.send(MachineNode<TitleEditor>.Input(.typed("Never saved")))
        await clock.waitForSleepers(1)
        await store.send(Navigation.Dismiss()) { $0.navigation.sheet = nil }
        // The runner cancels the editor's effect as the node leaves the tree; the effect's task
        // stops sleeping once it runs again.
        for _ in 0..<10_000 where clock.sleeperCount > 0 { await Task.yield() }
        XCTAssertEqual(clock.sleeperCount, 0, "the editor left the tree, and its save was cancelled")
        await clock.advance(by: .seconds(5))
        await store.finish()  // nothing arrives, and no effect is left running
        XCTAssertEqual(store.state.list.todos[1].title, "Eggs")
        XCTAssertEqual(store.state.statistics.edits, 0)
    }

    func testSaveSavesAtOnceAndAnEditorForAMissingToDoNeverOpens() async {
        let clock = TestClock()
        let store = editorStore(clock: clock)
        await store.send(Navigation.Rename(7))
        XCTAssertNil(store.state.navigation.sheet)
        await store.send(Navigation.Rename(2))
        await store.send(MachineNode<TitleEditor>.Input(.typed("Bread")))
        await store.send(MachineNode<TitleEditor>.Input(.commit))
        await store.receive(TitleEditor.Saved.self) { $0.list.todos[1].title = "Bread" }
        await store.finish()
    }

    func testNavigationCommandsReadIntoActions() {
        XCTAssertEqual(((try? Command.action(for: "open 2").get()) as? Navigation.Open)?.id, 2)
        XCTAssertTrue((try? Command.action(for: "back").get()) is Navigation.Back)
        XCTAssertEqual(((try? Command.action(for: "rename 3").get()) as? Navigation.Rename)?.id, 3)
        XCTAssertEqual(
            ((try? Command.action(for: "type Oat milk").get()) as? MachineNode<TitleEditor>.Input)?.input,
            .typed("Oat milk"))
        XCTAssertEqual(((try? Command.action(for: "save").get()) as? MachineNode<TitleEditor>.Input)?.input, .commit)
        XCTAssertTrue((try? Command.action(for: "close").get()) is Navigation.Dismiss)
        XCTAssertEqual(Command.action(for: "open").failure, CommandError("open needs an id"))
    }
}
