// A program that makes and releases stores of every shape the package supports, with every
// tracking middleware, then exits. Run under the address sanitizer with leak detection, it
// must report no leak: the XCTest harness keeps its test case objects (and what they hold)
// alive until exit, so leaks are checked here, in a program that owns everything it makes.
//
// Usage: substate-lifetime-child [ROUNDS]
//        substate-lifetime-child --read-missing-live-value   (reads a key with no live value twice)
import Foundation
import Observation
import Substate
import SubstateMiddleware
import SubstateReplay

/// A recursive model: its walks call themselves.
struct Folder: Model, Identifiable, Codable, Equatable {
    var id: Int
    var children: [Folder] = []
    var opened = 0

    struct Open: Action, Codable { let id: Int }

    mutating func update(action: Action) {
        if let open = action as? Open, open.id == id { opened += 1 }
    }
}

/// A model kept in dictionaries, arrays of dictionaries and optionals.
struct Board: Model, Codable, Equatable {
    var name: String
    var ops: [String] = []

    struct Apply: UndoableAction, Codable {
        static let undoableModels: [any Model.Type] = [Board.self]
        let board: String
    }

    mutating func update(action: Action) {
        if let apply = action as? Apply, apply.board == name { ops.append("op") }
    }
}

indirect enum Pane: Sendable, Codable, Equatable {
    case board(Board)
    case split(Pane, Pane)
}

struct Workspace: Model, Codable, Equatable {
    var folders = Folder(id: 0, children: (1...4).map { Folder(id: $0, children: [Folder(id: $0 * 10)]) })
    var boards: [String: Board] = ["a": Board(name: "a"), "b": Board(name: "b")]
    var nested: [String: [String: Board]] = ["x": ["a": Board(name: "a")]]
    var lists: [String: [Board]] = ["l": [Board(name: "b")]]
    var optionals: [Int: Board?] = [1: Board(name: "a"), 2: nil]
    var pane = Pane.split(.board(Board(name: "a")), .board(Board(name: "b")))
    var buffer = [UInt8](repeating: 7, count: 4_096)

    struct Grow: Action, Codable {}

    mutating func update(action: Action) {
        if action is Grow { boards["n\(boards.count)"] = Board(name: "a") }
    }
}

@MainActor
func session(round: Int) {
    let middleware: [[any Middleware]] = [
        [],
        [ModelLogger(diff: true, output: { _ in })],
        [ModelLogger(diff: false, output: { _ in })],
        [ActionUndoer()],
        [ActionLogger(output: { _ in })],
        [ActionRecorder(to: MemoryLog(), digestEvery: 1, snapshotEvery: 3, clock: TestClock())],
        [ModelRecorder(to: MemoryLog())],
        [
            ModelLogger(diff: true, output: { _ in }), ActionUndoer(), ActionLogger(output: { _ in }),
            ActionRecorder(to: MemoryLog(), digestEvery: 1, clock: TestClock()), ModelRecorder(to: MemoryLog()),
        ],
    ]
    for list in middleware {
        let store = Store(model: Workspace(), middleware: list, onDiagnostic: { _ in })
        for step in 0..<20 {
            withObservationTracking {
                _ = store.find(Board.self)
                _ = store.findAll(Folder.self)
                _ = store.find(Folder.self, id: step % 5)
            } onChange: {
            }
            store.update(Board.Apply(board: step.isMultiple(of: 2) ? "a" : "b"))
            store.update(Folder.Open(id: step % 5))
            if step % 7 == 0 { store.update(Workspace.Grow()) }
            if step % 9 == 0 { store.update(Undo()) }
        }
    }
}

/// An action every timing middleware holds for later.
struct Held: Action, DelayedAction, DebouncedAction, ThrottledAction {
    var delay: Duration { .seconds(1) }
    var debounce: Debounce { Debounce(.seconds(1)) }
    var throttle: Throttle { Throttle(.seconds(1)) }
}

/// One middleware list, every middleware that keeps something per store, for stores side by
/// side and one after another: what each keeps for a store goes with that store.
@MainActor
func sharedList(round: Int) {
    let clock = TestClock()
    let list: [any Middleware] = [
        ActionDelayer(clock: clock), ActionDebouncer(clock: clock), ActionThrottler(clock: clock),
        ActionStream([.changes(of: Board.self, \.name, map: { _ in nil })]),
        ValueTracker([.value("board", of: Board.self, \.name)]),
        ActionTrigger([.after(Board.Apply.self) { _, _ in Folder.Open(id: 0) }]),
        ActionUndoer(), ActionLogger(output: { _ in }), ModelLogger(filter: false, diff: true, output: { _ in }),
        ActionTracker(), ActionPublisher(), ModelPublisher(), ActionTimer(clock: clock),
        ModelSaver(storage: ModelSaver.MemoryStorage(), strategy: .debounced(.seconds(2)), clock: clock),
        ActionRecorder(to: MemoryLog(), clock: clock),
    ]
    var side: [Store] = (0..<3).map { _ in Store(model: Workspace(), middleware: list, onDiagnostic: { _ in }) }
    for store in side {
        store.update(Held())
        store.update(Board.Apply(board: "b"))
    }
    side.removeFirst()
    clock.advance(by: .milliseconds(500))
    side = []
    for _ in 0..<3 {
        let store = Store(model: Workspace(), middleware: list, onDiagnostic: { _ in })
        store.update(Held())
        clock.advance(by: .seconds(1))
    }
}

/// A dependency with a test value and no live value, which an app store must be given.
struct Speaker: TestDependencyKey, Sendable {
    var say: @Sendable (String) -> Void
    static let testValue = Speaker { _ in }
}

if CommandLine.arguments.dropFirst().first == "--read-missing-live-value" {
    MainActor.assumeIsolated {
        let store = Store(model: Workspace())
        print("reading Speaker")
        store.dependencies[Speaker.self].say("hello")
        store.dependencies[Speaker.self].say("again")
        print("read Speaker")
    }
    exit(0)
}

let rounds = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 3
MainActor.assumeIsolated {
    for round in 0..<rounds {
        session(round: round)
        sharedList(round: round)
    }
}
print("released \(rounds) round(s) of stores")
