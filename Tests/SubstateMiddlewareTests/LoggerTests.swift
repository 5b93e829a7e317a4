import Substate
import SubstateMiddleware
import XCTest

@MainActor
final class LoggerTests: XCTestCase {
    func testActionLoggerWritesEachActionOnOneLineAsSourceSpellsIt() async {
        struct Search: Action {
            struct Options: Sendable { var caseSensitive = false; var fields = ["title", "body"] }
            let text: String
            let options: Options
        }
        let lines = Lines()
        let store = Store(model: Counter(), middleware: [ActionLogger(output: lines.output)])
        store.update(Counter.Reset(to: 100))
        store.update(Counter.Decrement())
        store.update(Search(text: "swift", options: .init()))
        XCTAssertEqual(
            lines.entries,
            [
                "Store.Start()  (store)",
                "Store.Register(model: ActionLogger.State(isActive: true))  (middleware)",
                "Counter.Reset(to: 100)",
                "Counter.Decrement()",
                #"Search(text: "swift", options: Search.Options(caseSensitive: false, fields: ["title", "body"]))"#,
            ])
        XCTAssertEqual(store.find(Counter.self)?.value, 99, "logging does not change what the tree receives")
    }

    func testFilteredActionLoggerLogsOnlyLoggedActions() async {
        let lines = Lines()
        let store = Store(model: Counter(), middleware: [ActionLogger(filter: true, output: lines.output)])
        store.update(Counter.Increment())
        store.update(Counter.Decrement())
        XCTAssertEqual(lines.entries, ["Counter.Decrement()"])
    }

    func testActionLoggerSwitchIsAModelToggledByAnAction() async {
        let lines = Lines()
        let store = Store(model: Counter(), middleware: [ActionLogger(output: lines.output)])
        XCTAssertEqual(store.find(ActionLogger.State.self)?.isActive, true)
        store.update(ActionLogger.Toggle())
        XCTAssertEqual(store.find(ActionLogger.State.self)?.isActive, false)
        store.update(Counter.Increment())
        store.update(ActionLogger.Toggle())
        store.update(Counter.Decrement())
        XCTAssertEqual(
            lines.entries.filter { !$0.contains("Store.") },
            ["ActionLogger.Toggle()", "Counter.Decrement()"],
            "Increment and the Toggle that switched logging back on came while it was off")
    }

    func testAnEnumRootsFirstLineNamesItsType() async {
        enum Screen: Model {
            case list(Int)
            case empty
            struct Fill: Action {}
            mutating func update(action: Action) { if action is Fill { self = .list(3) } }
        }
        let lines = Lines()
        let store = Store(model: Screen.empty, middleware: [StateLogger(output: lines.output)])
        store.update(Screen.Fill())
        XCTAssertEqual(
            lines.entries, ["- Substate.Model: Screen.empty", "▿ Substate.Model: Screen.list\n  - list: 3"])
    }

    func testModelLoggerLogsTheStateAtStartAndAfterEachAction() async {
        let lines = Lines()
        let store = Store(model: Counter(), middleware: [StateLogger(output: lines.output)])
        store.update(Counter.Reset(to: 100))
        XCTAssertEqual(
            lines.entries, ["▿ Substate.Model: Counter\n  - value: 0", "▿ Substate.Model: Counter\n  - value: 100"])
    }

    func testModelLoggerDiffModePrintsOneLinePerChangedLeafAndNothingWhenNothingChanged() async {
        let lines = Lines()
        let store = Store(model: App(), middleware: [ModelLogger(diff: true, output: lines.output)])
        lines.entries = []
        store.update(Settings.SetTint(tint: "orange"))
        store.update(Counter.Increment())
        store.update(Settings.SetTint(tint: "orange"))
        store.update(Settings.AddTag(tag: "new"))
        XCTAssertEqual(
            lines.entries,
            [
                "Settings.SetTint:\n" + #"  App.settings.appearance.tint: "green" → "orange""#,
                "Counter.Increment:\n  App.counter.value: 0 → 1",
                "Settings.AddTag:\n" + #"  App.settings.tags[0]: added "new""#,
            ])
    }

    func testModelLoggerDiffPrintsANestedModelsChangesWhereItsFieldStands() async {
        struct Inner: Model {
            var x = 0
            var y = 0
            mutating func update(action: Action) {
                if action is Bump {
                    x += 1
                    y += 1
                }
            }
        }
        struct Bump: Action {}
        struct Outer: Model {
            var first = 0
            var inner = Inner()
            var middle = "a"
            var deeper = [Inner()]
            var last = false
            mutating func update(action: Action) {
                if action is Bump {
                    first += 1
                    middle = "b"
                    last = true
                }
            }
        }
        let lines = Lines()
        let store = Store(model: Outer(), middleware: [ModelLogger(diff: true, output: lines.output)])
        lines.entries = []
        store.update(Bump())
        XCTAssertEqual(
            lines.entries,
            [
                """
                Bump:
                  Outer.first: 0 → 1
                  Outer.inner.x: 0 → 1
                  Outer.inner.y: 0 → 1
                  Outer.middle: "a" → "b"
                  Outer.deeper[0].x: 0 → 1
                  Outer.deeper[0].y: 0 → 1
                  Outer.last: false → true
                """
            ])
    }

    func testFilteredModelLoggerLogsOnlyLoggedModels() async {
        let lines = Lines()
        let store = Store(model: App(), middleware: [ModelLogger(filter: true, diff: true, output: lines.output)])
        XCTAssertEqual(lines.entries.count, 1)
        XCTAssertTrue(lines.entries[0].hasPrefix("▿ Substate.Model: Settings"))
        store.update(Counter.Increment())
        store.update(Settings.SetTint(tint: "orange"))
        XCTAssertEqual(lines.entries.last, "Settings.SetTint:\n" + #"  Settings.appearance.tint: "green" → "orange""#)
        XCTAssertEqual(lines.entries.count, 2)
    }

    func testStateDiffNamesPathsOfFieldsElementsEntriesAndCases() {
        enum Load: Equatable { case idle, loaded(Int) }
        struct Tree { var list = [1, 2]; var map = ["a": 1]; var load = Load.idle; var maybe: Int? = nil }
        let diff = StateDiff(from: Tree(), to: Tree(list: [1, 3], map: ["a": 2], load: .loaded(5), maybe: 4))
        XCTAssertEqual(
            diff.changes.map(\.description),
            [
                "Tree.list[1]: 2 → 3", #"Tree.map["a"]: 1 → 2"#, "Tree.load: .idle → .loaded(5)",
                "Tree.maybe: nil → 4",
            ])
        XCTAssertTrue(StateDiff(from: Tree(), to: Tree()).isEmpty)
    }

    func testStateDiffWorksOnTreesTwentyThousandLevelsDeep() {
        struct Node {
            var value = 0
            var children: [Node] = []
        }
        func chain(bottom: Int) -> Node {
            var node = Node(value: bottom)
            for _ in 0..<20_000 { node = Node(children: [node]) }
            return node
        }
        let diff = StateDiff(from: chain(bottom: 1), to: chain(bottom: 2))
        XCTAssertEqual(diff.changes.count, 1)
        XCTAssertEqual(diff.changes.first?.before, "1")
        XCTAssertEqual(diff.changes.first?.after, "2")
        XCTAssertEqual(diff.changes.first?.path, "Node" + String(repeating: ".children[0]", count: 20_000) + ".value")
    }

    func testAValueTwentyThousandLevelsDeepPrintsWhole() async {
        struct Node {
            var value = 0
            var children: [Node] = []
        }
        struct Holder { var node: Node? }
        var node = Node(value: 7)
        for _ in 0..<20_000 { node = Node(children: [node]) }
        let diff = StateDiff(from: Holder(node: nil), to: Holder(node: node))
        XCTAssertEqual(diff.changes.count, 1)
        let printed = diff.changes.first?.after ?? ""
        XCTAssertTrue(
            printed.hasPrefix("Node(value: 0, children: [Node(value: 0, children: ["), String(printed.prefix(80)))
        XCTAssertTrue(printed.contains("Node(value: 7, children: [])"))
        var lines: [String] = []
        let store = Store(model: Counter(), middleware: [ActionLogger { lines.append($0) }])
        struct Deep: Action { let node: Node }
        store.update(Deep(node: node))
        XCTAssertEqual(lines.last?.count, printed.count + "Deep(node: )".count)
    }
}
