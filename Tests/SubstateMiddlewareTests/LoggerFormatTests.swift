import Substate
import SubstateMiddleware
import XCTest

/// The loggers' formats, pinned: actions and values as Swift source spells them, diffs by
/// identity, keys, cases and whole values, each under the action that made it.
@MainActor
final class LoggerFormatTests: XCTestCase {
    struct Todo: Identifiable, Equatable {
        let id: Int
        var title: String
        var done = false
    }

    struct Board: Model {
        var todos: [Todo] = []
        var owners: [String: String] = [:]
        var selected: Todo? = nil
        var phase: Phase = .idle
        enum Phase: Equatable { case idle, saving(attempt: Int), failed(String) }
        @Redacted var token = "secret"

        struct Set: Action { let board: Board }
        mutating func update(action: Action) {
            if let set = action as? Set { self = set.board }
        }
    }

    func testIdentifiableElementsAreAddedRemovedMovedAndChangedByID() async {
        var before = Board()
        before.todos = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs"), Todo(id: 3, title: "Tea")]
        var after = before
        after.todos.remove(at: 1)
        after.todos.append(Todo(id: 4, title: "Jam"))
        after.todos[0].done = true
        after.todos.swapAt(0, 1)
        XCTAssertEqual(
            StateDiff(from: before, to: after).changes.map(\.description),
            [
                #"LoggerFormatTests.Board.todos[id: 2]: removed LoggerFormatTests.Todo(id: 2, title: "Eggs", done: false)"#,
                "LoggerFormatTests.Board.todos[id: 3]: moved from [2] to [0]",
                "LoggerFormatTests.Board.todos[id: 1].done: false → true",
                #"LoggerFormatTests.Board.todos[id: 4]: added LoggerFormatTests.Todo(id: 4, title: "Jam", done: false)"#,
            ])
        var deleted = before
        deleted.todos.remove(at: 0)
        XCTAssertEqual(
            StateDiff(from: before, to: deleted).description,
            #"LoggerFormatTests.Board.todos[id: 1]: removed LoggerFormatTests.Todo(id: 1, title: "Milk", done: false)"#,
            "deleting the first element is one line, not a change to every later one")
    }

    func testDictionariesOptionalsEnumsAndRedactedFieldsReadAsAPersonExpects() async {
        let before = Board()
        var after = before
        after.owners = ["b": "bo", "a": "ada"]
        after.selected = Todo(id: 9, title: "Bread")
        after.phase = .saving(attempt: 2)
        after.token = "other secret"
        XCTAssertEqual(
            StateDiff(from: before, to: after).changes.map(\.description),
            [
                #"LoggerFormatTests.Board.owners["a"]: added "ada""#,
                #"LoggerFormatTests.Board.owners["b"]: added "bo""#,
                #"LoggerFormatTests.Board.selected: nil → LoggerFormatTests.Todo(id: 9, title: "Bread", done: false)"#,
                "LoggerFormatTests.Board.phase: .idle → .saving(attempt: 2)",
            ],
            "a redacted field never shows, not even that it changed")
        var retried = after
        retried.phase = .saving(attempt: 3)
        retried.owners["a"] = nil
        XCTAssertEqual(
            StateDiff(from: after, to: retried).changes.map(\.description),
            [
                #"LoggerFormatTests.Board.owners["a"]: removed "ada""#,
                "LoggerFormatTests.Board.phase.saving.attempt: 2 → 3",
            ])
    }

    func testEachDiffIsLoggedUnderTheActionThatMadeItEvenWhenTheActionLoggerIsOff() async {
        var lines: [String] = []
        let store = Store(
            model: Board(),
            middleware: [ActionLogger { lines.append($0) }, ModelLogger(diff: true) { lines.append($0) }])
        lines = []
        store.update(ActionLogger.Toggle())
        var board = Board()
        board.todos = [Todo(id: 1, title: "Milk")]
        store.update(Store.Replace(model: board))
        XCTAssertEqual(
            lines,
            [
                "ActionLogger.Toggle()",
                "Store.Replace:\n"
                    + #"  LoggerFormatTests.Board.todos[id: 1]: added LoggerFormatTests.Todo(id: 1, title: "Milk", done: false)"#,
            ])
    }

    struct Task: Model, Identifiable {
        let id: Int
        var done = false
        var notes: [String: Int] = [:]
        struct Toggle: Action { let id: Int }
        mutating func update(action: Action) {
            if let toggle = action as? Toggle, toggle.id == id {
                done.toggle()
                notes["toggles", default: 0] += 1
            }
        }
    }

    struct Project: Model {
        var tasks: [Task]
        var toggles = 0
        var archive: [String: Task] = ["old": Task(id: -1)]
        mutating func update(action: Action) {
            if action is Task.Toggle { toggles += 1 }
        }
    }

    /// Changes come in field and element order: a nested model's changes where its field
    /// stands among its parent's own.
    func testADiffNamesOnlyTheModelsThatChangedByIdInTreeOrder() async {
        var lines: [String] = []
        let store = Store(
            model: Project(tasks: (0..<10_000).map { Task(id: $0) }),
            middleware: [ModelLogger(diff: true) { lines.append($0) }, ActionLogger { lines.append($0) }])
        lines = []
        store.update(Task.Toggle(id: 4_321))
        store.update(Task.Toggle(id: -1))
        XCTAssertEqual(
            lines,
            [
                "LoggerFormatTests.Task.Toggle(id: 4321)",
                """
                LoggerFormatTests.Task.Toggle:
                  LoggerFormatTests.Project.tasks[id: 4321].done: false → true
                  LoggerFormatTests.Project.tasks[id: 4321].notes["toggles"]: added 1
                  LoggerFormatTests.Project.toggles: 0 → 1
                """,
                "LoggerFormatTests.Task.Toggle(id: -1)",
                """
                LoggerFormatTests.Task.Toggle:
                  LoggerFormatTests.Project.toggles: 1 → 2
                  LoggerFormatTests.Project.archive["old"].done: false → true
                  LoggerFormatTests.Project.archive["old"].notes["toggles"]: added 1
                """,
            ], "each diff follows its action, though the model logger comes first in the list")
    }

    func testStructuredEntriesCarryTypeOriginFieldsAndChanges() async {
        struct Rename: Action {
            let id: Int
            let title: String
        }
        var actions: [LogEntry] = []
        var changes: [LogEntry] = []
        let store = Store(
            model: Board(),
            middleware: [ActionLogger(entries: { actions.append($0) }), ModelLogger(entries: { changes.append($0) })])
        store.update(Rename(id: 3, title: "Tea"))
        var board = Board()
        board.phase = .failed("offline")
        store.update(Board.Set(board: board))
        let rename = actions.first { $0.action == "Rename" }
        XCTAssertEqual(rename?.origin, .app)
        XCTAssertEqual(rename?.fields, [.init(label: "id", value: "3"), .init(label: "title", value: #""Tea""#)])
        XCTAssertEqual(rename?.text, #"Rename(id: 3, title: "Tea")"#)
        XCTAssertEqual(actions.first?.origin, .store, "Store.Start comes from the store")
        XCTAssertEqual(changes.map(\.action), ["LoggerFormatTests.Board.Set"])
        XCTAssertEqual(changes.first?.changes.map(\.path), ["LoggerFormatTests.Board.phase"])
        XCTAssertEqual(changes.first?.changes.first?.kind, .changed)
        XCTAssertEqual(changes.first?.changes.first?.after, #".failed("offline")"#)
    }

    func testTheReadmeSampleIsWhatTheLoggersPrint() async {
        var lines: [String] = []
        let store = Store(
            model: Counter(),
            middleware: [ActionLogger { lines.append($0) }, ModelLogger(diff: true) { lines.append($0) }])
        store.update(Counter.Reset(to: 100))
        XCTAssertEqual(
            lines.joined(separator: "\n"),
            """
            Store.Start()  (store)
            ▿ Substate.Model: Counter
              - value: 0
            Store.Register(model: ActionLogger.State(isActive: true))  (middleware)
            Counter.Reset(to: 100)
            Counter.Reset:
              Counter.value: 0 → 100
            """)
    }

    func testValuesOfEveryShapePrintAsSourceSpellsThemWithoutReflectingEachOne() async {
        final class Owner: Sendable {}
        struct Node: Action {
            var value: Int
            var children: [Node]
        }
        struct Shapes: Action {
            weak var owner: Owner?
            unowned let keeper: Owner
            var pair: (x: Int, String)
            var tags: Set<String>
            var scores: [Int: Double?]
            var nested: [[String]]
            var quoted: String
        }
        let keeper = Owner()
        let shapes = Shapes(
            owner: keeper, keeper: keeper, pair: (x: 1, "b"), tags: ["z", "a"], scores: [2: nil, 1: 0.5],
            nested: [["a\"b", "é\n"]], quoted: "say \"hi\"")
        var lines: [String] = []
        let store = Store(model: Counter(), middleware: [ActionLogger { lines.append($0) }])
        store.update(Node(value: 1, children: [Node(value: 2, children: [])]))
        store.update(shapes)
        XCTAssertEqual(
            Array(lines.suffix(2)),
            [
                "Node(value: 1, children: [Node(value: 2, children: [])])",
                #"Shapes(owner: Owner(), keeper: Owner(), pair: (x: 1, "b"), "#
                    + #"tags: ["a", "z"], scores: [1: 0.5, 2: nil], nested: [["a\"b", "é\n"]], quoted: "say \"hi\"")"#,
            ])
        withExtendedLifetime(keeper) {}
    }

    func testALargeArrayWhereOneElementChangedIsDiffedAtThatElement() async {
        var before = Board()
        before.todos = (0..<5_000).map { Todo(id: $0, title: "t\($0)") }
        var after = before
        after.todos[2_500].done = true
        XCTAssertEqual(
            StateDiff(from: before, to: after).changes.map(\.description),
            ["LoggerFormatTests.Board.todos[id: 2500].done: false → true"])
        after.todos.swapAt(0, 1)
        XCTAssertEqual(
            StateDiff(from: before, to: after).changes.map(\.description),
            [
                "LoggerFormatTests.Board.todos[id: 1]: moved from [1] to [0]",
                "LoggerFormatTests.Board.todos[id: 2500].done: false → true",
            ],
            "a reordering is found by identity")
        struct Grid { var cells: [Int] }
        var grid = Grid(cells: Array(0..<1_000))
        let old = grid
        grid.cells[3] = 42
        XCTAssertEqual(StateDiff(from: old, to: grid).description, "Grid.cells[3]: 3 → 42")
    }
}
