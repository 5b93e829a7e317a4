import Observation
import Substate
import SubstateMiddleware
import SubstateTestSupport
import XCTest

/// A board of a dictionary of boards, changed by the actions that name it.
private struct Board: Model, Equatable {
    var name: String
    var ops: [String] = []

    mutating func update(action: Action) {
        if let apply = action as? Apply, apply.board == name { ops.append("op") }
    }
}

private struct Apply: UndoableAction {
    static let undoableModels: [any Model.Type] = [Board.self]
    let board: String
}
private struct AddBoard: Action { let name: String }
private struct RemoveBoard: Action { let name: String }

private struct Boards: Model, Equatable {
    var boards: [String: Board]
    var nested: [String: [String: Board]] = [:]
    var lists: [String: [Board]] = [:]
    var optionals: [Int: Board?] = [:]

    mutating func update(action: Action) {
        if let add = action as? AddBoard {
            boards[add.name] = Board(name: add.name)
            nested[add.name, default: [:]][add.name] = Board(name: add.name)
            lists[add.name, default: []].append(Board(name: add.name))
            optionals[add.name.count] = Board(name: add.name)
        } else if let remove = action as? RemoveBoard {
            boards[remove.name] = nil
            nested[remove.name] = nil
            lists[remove.name]?.removeFirst()
            optionals[remove.name.count] = .some(nil)
        }
    }
}

/// Models kept in dictionaries are tracked in place: a change deep inside a dictionary value is
/// recorded with its key, without reading the dictionary while its value is being written.
@MainActor
final class DictionaryTrackingTests: XCTestCase {
    private func session(_ store: Store, actions: Int = 2_000) {
        for i in 0..<actions {
            let name = ["a", "b", "cc", "ddd"][i % 4]
            switch i % 50 {
            case 10: store.update(AddBoard(name: "x\(i)"))
            case 20: store.update(RemoveBoard(name: "x\(i - 10)"))
            default: store.update(Apply(board: name))
            }
        }
    }

    private func initial() -> Boards {
        var model = Boards(boards: ["a": Board(name: "a"), "b": Board(name: "b")])
        model.nested = ["a": ["a": Board(name: "a")], "cc": ["cc": Board(name: "cc"), "b": Board(name: "b")]]
        model.lists = ["ddd": [Board(name: "ddd"), Board(name: "a")]]
        model.optionals = [1: Board(name: "a"), 2: nil, 3: Board(name: "ddd")]
        return model
    }

    func testTheIssueSnippetRunsUnderTheModelLogger() async {
        struct Root: Model {
            var boards: [String: Board]
        }
        let store = Store(
            model: Root(boards: ["a": Board(name: "a"), "b": Board(name: "b")]),
            middleware: [ModelLogger(diff: true, output: { _ in })])
        for i in 0..<2_000 { store.update(Apply(board: i.isMultiple(of: 2) ? "a" : "b")) }
        XCTAssertEqual(store.find(Root.self)?.boards["a"]?.ops.count, 1_000)
        XCTAssertEqual(store.find(Root.self)?.boards["b"]?.ops.count, 1_000)
    }

    func testChangesInsideDictionariesNameTheirKeys() async {
        let store = Store(model: initial(), middleware: [ModelLogger(diff: true, output: { _ in })])
        var lines: [String] = []
        let logged = Store(
            model: initial(), middleware: [ModelLogger(diff: true, output: { lines.append($0) })])
        logged.update(Apply(board: "cc"))
        let text = lines.joined(separator: "\n")
        XCTAssertTrue(text.contains("[\"cc\"]"), text)
        session(store)
        var reference = initial()
        referenceSession(&reference)
        XCTAssertEqual(store.find(Boards.self), reference)
    }

    func testEveryTrackingModeAgreesWithAPlainReducer() async {
        var reference = initial()
        referenceSession(&reference, actions: 600)
        let modes: [(String, () -> Store)] = [
            ("none", { Store(model: self.initial()) }),
            ("diff logger", { Store(model: self.initial(), middleware: [ModelLogger(diff: true, output: { _ in })]) }),
            (
                "whole logger",
                { Store(model: self.initial(), middleware: [ModelLogger(diff: false, output: { _ in })]) }
            ),
            ("undoer", { Store(model: self.initial(), middleware: [ActionUndoer()]) }),
        ]
        for (name, make) in modes {
            let store = make()
            session(store, actions: 600)
            XCTAssertEqual(store.find(Boards.self), reference, name)
        }
    }

    func testReadsAndObserversDuringASessionKeepTheStoreRight() async {
        let store = Store(model: initial())
        let told = Probe()
        for i in 0..<2_000 {
            if i % 7 == 0 { _ = store.find(Board.self) }
            if i % 11 == 0 {
                withObservationTracking {
                    _ = store.findAll(Board.self)
                } onChange: {
                    told.record("told")
                }
            }
            store.update(Apply(board: ["a", "b", "cc", "ddd"][i % 4]))
        }
        var reference = initial()
        for i in 0..<2_000 { reference.apply(["a", "b", "cc", "ddd"][i % 4]) }
        XCTAssertEqual(store.find(Boards.self), reference)
        XCTAssertGreaterThan(told.entries.count, 0)
    }

    private func referenceSession(_ model: inout Boards, actions: Int = 2_000) {
        for i in 0..<actions {
            let name = ["a", "b", "cc", "ddd"][i % 4]
            switch i % 50 {
            case 10: model.update(action: AddBoard(name: "x\(i)"))
            case 20: model.update(action: RemoveBoard(name: "x\(i - 10)"))
            default: model.apply(name)
            }
        }
    }
}

extension Boards {
    fileprivate mutating func apply(_ name: String) {
        for key in boards.keys where boards[key]!.name == name { boards[key]!.ops.append("op") }
        for outer in nested.keys {
            for key in nested[outer]!.keys where nested[outer]![key]!.name == name {
                nested[outer]![key]!.ops.append("op")
            }
        }
        for key in lists.keys {
            for index in lists[key]!.indices where lists[key]![index].name == name {
                lists[key]![index].ops.append("op")
            }
        }
        for key in optionals.keys where optionals[key]!?.name == name { optionals[key]!!.ops.append("op") }
    }
}
