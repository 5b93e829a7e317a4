import Substate
import SubstateMiddleware
import XCTest

/// `ModelLogger`'s diff text is the same whichever way it is written: straight from the bytes
/// of changed numbers, strings and booleans when it prints, and through each change as a value
/// when it hands out `LogEntry` values.
@MainActor
final class ModelLoggerTextTests: XCTestCase {
    struct Scalars: Model {
        var count = 0
        var name = "plain"
        var flag = false
        var ratio = 0.5
        var tags: [String] = []

        struct Set: Action { let scalars: Scalars }
        /// Sets the name to a copy of itself in a new buffer: other bytes, the same text.
        struct Rebuild: Action {}

        mutating func update(action: Action) {
            if let set = action as? Set { self = set.scalars }
            if action is Rebuild { name = String(decoding: Array(name.utf8), as: UTF8.self) }
        }
    }

    struct Row: Model, Identifiable {
        let id: Int
        var done = false
        struct Toggle: Action { let index: Int }
        mutating func update(action: Action) {}
    }

    struct Table: Model {
        var rows = [Row(id: 1), Row(id: 2)]
        struct Swap: Action {}
        mutating func update(action: Action) {
            if let toggle = action as? Row.Toggle { rows[toggle.index].done.toggle() }
            if action is Swap { rows.swapAt(0, 1) }
        }
    }

    /// What the logger prints for each action, and the text of its entries.
    private func logged<M: Model>(_ model: M, _ actions: [any Action]) -> (printed: [String], entries: [String]) {
        var printed: [String] = []
        var entries: [String] = []
        let store = Store(
            model: model,
            middleware: [
                ModelLogger(diff: true) { printed.append($0) }, ModelLogger(entries: { entries.append($0.text) }),
            ])
        printed = []
        for action in actions { store.update(action) }
        return (printed, entries)
    }

    func testNumbersStringsAndBooleansPrintAsTheirEntriesSay() async {
        let long = String(repeating: "long name ", count: 4)
        let actions: [any Action] = [
            Scalars.Set(scalars: Scalars(count: 3, name: "say \"hi\"", flag: true, ratio: 0.1)),
            Scalars.Set(scalars: Scalars(count: -12, name: "é\n", flag: true, ratio: 1e-7)),
            Scalars.Set(scalars: Scalars(count: -12, name: long, flag: false, ratio: -0.0)),
            Scalars.Set(scalars: Scalars(count: -12, name: long, flag: false, ratio: 12_345.678_9, tags: ["a"])),
        ]
        let (printed, entries) = logged(Scalars(), actions)
        XCTAssertEqual(printed, entries)
        XCTAssertEqual(
            printed,
            [
                """
                ModelLoggerTextTests.Scalars.Set:
                  ModelLoggerTextTests.Scalars.count: 0 → 3
                  ModelLoggerTextTests.Scalars.name: "plain" → "say \\"hi\\""
                  ModelLoggerTextTests.Scalars.flag: false → true
                  ModelLoggerTextTests.Scalars.ratio: 0.5 → 0.1
                """,
                """
                ModelLoggerTextTests.Scalars.Set:
                  ModelLoggerTextTests.Scalars.count: 3 → -12
                  ModelLoggerTextTests.Scalars.name: "say \\"hi\\"" → "é\\n"
                  ModelLoggerTextTests.Scalars.ratio: 0.1 → 1e-07
                """,
                """
                ModelLoggerTextTests.Scalars.Set:
                  ModelLoggerTextTests.Scalars.name: "é\\n" → "\(long)"
                  ModelLoggerTextTests.Scalars.flag: true → false
                  ModelLoggerTextTests.Scalars.ratio: 1e-07 → -0.0
                """,
                """
                ModelLoggerTextTests.Scalars.Set:
                  ModelLoggerTextTests.Scalars.ratio: -0.0 → 12345.6789
                  ModelLoggerTextTests.Scalars.tags[0]: added "a"
                """,
            ])
    }

    func testAStringRebuiltWithTheSameTextPrintsNothing() async {
        let (printed, entries) = logged(
            Scalars(name: String(repeating: "x", count: 40)), [Scalars.Rebuild(), Scalars.Set(scalars: Scalars())])
        XCTAssertEqual(printed, entries)
        XCTAssertEqual(printed.count, 1, "the rebuilt name has other bytes and the same text")
        XCTAssertTrue(printed.first?.hasPrefix("ModelLoggerTextTests.Scalars.Set:") == true)
    }

    func testAnElementIsNamedByItsIdAfterTheArrayChangedOrder() async {
        let (printed, entries) = logged(
            Table(), [Row.Toggle(index: 0), Table.Swap(), Row.Toggle(index: 0), Row.Toggle(index: 0)])
        XCTAssertEqual(printed, entries)
        XCTAssertEqual(
            printed,
            [
                "ModelLoggerTextTests.Row.Toggle:\n  ModelLoggerTextTests.Table.rows[id: 1].done: false → true",
                "ModelLoggerTextTests.Table.Swap:\n  ModelLoggerTextTests.Table.rows[id: 2]: moved from [1] to [0]",
                "ModelLoggerTextTests.Row.Toggle:\n  ModelLoggerTextTests.Table.rows[id: 2].done: false → true",
                "ModelLoggerTextTests.Row.Toggle:\n  ModelLoggerTextTests.Table.rows[id: 2].done: true → false",
            ])
    }
}
