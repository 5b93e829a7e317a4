import Substate
import SubstateDump
import SubstateMiddleware
import XCTest

/// `ModelLogger` on a chain of models 20,000 levels deep: what it prints is linear in the tree
/// and in what changed, never quadratic in the depth.
@MainActor
final class ModelLoggerDeepTreeTests: XCTestCase {
    struct Node: Model {
        var value = 0
        var child: [Node] = []

        struct Bump: Action {}
        struct SetBottom: Action { let value: Int }

        mutating func update(action: Action) {
            if action is Bump { value += 1 }
            if let set = action as? SetBottom, child.isEmpty { value = set.value }
        }

        static func chain(depth: Int) -> Node {
            var node = Node()
            for _ in 0..<depth { node = Node(child: [node]) }
            return node
        }
    }

    static let depth = 20_000

    static let root = "ModelLoggerDeepTreeTests.Node"

    /// Turns the path of the line above into the path a line names: a line that starts with
    /// `↑n` is the path above without its last `n` components, then the rest of the line.
    private func resolve(_ line: Substring, into path: inout [String]) {
        var rest = line
        if rest.hasPrefix("↑") {
            rest = rest.dropFirst()
            let digits = rest.prefix(while: \.isNumber)
            rest = rest.dropFirst(digits.count)
            path.removeLast(Int(digits)!)
        } else {
            XCTAssertTrue(rest.hasPrefix(Self.root))
            rest = rest.dropFirst(Self.root.count)
            path = [Self.root]
        }
        // Each component starts with "." or "[", as the logger spells them here.
        let bytes = Array(rest.utf8)
        var start = 0
        for index in bytes.indices.dropFirst()
        where bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "[") {
            path.append(String(decoding: bytes[start..<index], as: UTF8.self))
            start = index
        }
        if start < bytes.count { path.append(String(decoding: bytes[start...], as: UTF8.self)) }
    }

    func testTheInitialDumpOfAChainTwentyThousandLevelsDeepIsLinearInItsSize() async {
        var entries: [String] = []
        let store = Store(
            model: Node.chain(depth: Self.depth), middleware: [ModelLogger(diff: true) { entries.append($0) }])
        XCTAssertEqual(entries.count, 1)
        let dump = entries[0]
        let lines = dump.split(separator: "\n", omittingEmptySubsequences: false)
        // Each level is a node and its array: two lines, plus the bottom's empty array.
        // Each level is three lines: the node, its value and its array.
        XCTAssertEqual(lines.count, 3 * (Self.depth + 1))
        XCTAssertLessThan(dump.utf8.count, 400 * Self.depth, "indentation stops growing at 32 levels")
        XCTAssertEqual(lines[0], "▿ Substate.Model: ModelLoggerDeepTreeTests.Node")
        XCTAssertEqual(lines[1], "  - value: 0")
        XCTAssertEqual(lines[2], "  ▿ child: 1 elements")
        XCTAssertEqual(lines[3], "    ▿ [0]: ModelLoggerDeepTreeTests.Node")
        let deepest = String(repeating: " ", count: 64)
        XCTAssertEqual(lines[48], deepest + "▿ [0]: ModelLoggerDeepTreeTests.Node", "level 32, indented")
        XCTAssertEqual(lines[49], deepest + "(level 33) - value: 0", "level 33 says its level")
        XCTAssertEqual(lines.last, deepest + "(level \(2 * Self.depth + 1)) - child: 0 elements")
        withExtendedLifetime(store) {}
    }

    func testAChangeToEveryLevelOfAChainTwentyThousandLevelsDeepIsLinearInTheChange() async {
        var entries: [String] = []
        let store = Store(
            model: Node.chain(depth: Self.depth), middleware: [ModelLogger(diff: true) { entries.append($0) }])
        entries = []
        store.update(Node.Bump())
        XCTAssertEqual(entries.count, 1)
        let entry = entries[0]
        let lines = entry.split(separator: "\n").map { $0.dropFirst(2) }
        XCTAssertEqual(lines.count, 1 + Self.depth + 1)
        XCTAssertLessThan(entry.utf8.count, 40 * Self.depth, "each line adds one level to the line above")
        XCTAssertEqual(entry.prefix { $0 != "\n" }, "ModelLoggerDeepTreeTests.Node.Bump:")
        // Paths are whole while they share at most 16 components with the line above.
        XCTAssertEqual(lines[1], "ModelLoggerDeepTreeTests.Node.value: 0 → 1")
        XCTAssertEqual(lines[2], "ModelLoggerDeepTreeTests.Node.child[0].value: 0 → 1")
        XCTAssertEqual(
            lines[9],
            "ModelLoggerDeepTreeTests.Node" + String(repeating: ".child[0]", count: 8) + ".value: 0 → 1")
        XCTAssertEqual(lines[10], "↑1.child[0].value: 0 → 1")
        XCTAssertEqual(lines.last, "↑1.child[0].value: 0 → 1")
        // Each relative path, resolved against the line above, names the next level down.
        var path: [String] = []
        for (index, line) in lines.dropFirst().enumerated() {
            resolve(line.prefix { $0 != ":" }, into: &path)
            if index % 4_999 == 0 || index == Self.depth {
                XCTAssertEqual(
                    path, [Self.root] + Array(repeating: [".child", "[0]"], count: index).flatMap { $0 } + [".value"])
            }
        }
        XCTAssertEqual(path.count, 2 + 2 * Self.depth)
    }

    func testStructuredEntriesOfADeepChangeCarryThePathsAsPrinted() async {
        var entries: [LogEntry] = []
        let store = Store(
            model: Node.chain(depth: Self.depth), middleware: [ModelLogger(entries: { entries.append($0) })])
        store.update(Node.Bump())
        XCTAssertEqual(entries.count, 1)
        let changes = entries[0].changes
        XCTAssertEqual(changes.count, Self.depth + 1)
        XCTAssertEqual(changes.first?.path, "ModelLoggerDeepTreeTests.Node.value")
        XCTAssertEqual(changes.last?.path, "↑1.child[0].value")
        XCTAssertEqual(changes.last?.after, "1")
        XCTAssertEqual(
            entries[0].text,
            "ModelLoggerDeepTreeTests.Node.Bump:\n" + changes.map { "  " + $0.description }.joined(separator: "\n"))
    }

    func testAChangeAtTheBottomOfADeepChainPrintsItsWholePathOnce() async {
        var entries: [String] = []
        let store = Store(
            model: Node.chain(depth: Self.depth), middleware: [ModelLogger(diff: true) { entries.append($0) }])
        entries = []
        store.update(Node.SetBottom(value: 7))
        XCTAssertEqual(
            entries,
            [
                "ModelLoggerDeepTreeTests.Node.SetBottom:\n  ModelLoggerDeepTreeTests.Node"
                    + String(repeating: ".child[0]", count: Self.depth) + ".value: 0 → 7"
            ])
    }

    func testAValueNestedDeeperThanTheIndentationSaysItsLevel() async {
        var value: Any = 1
        for _ in 0..<40 { value = [value] }
        let lines = ValueDump.lines(of: value, label: "value")
        let deepest = String(repeating: " ", count: 64)
        XCTAssertEqual(lines.count, 41)
        XCTAssertEqual(lines[0], "▿ value: 1 elements")
        XCTAssertEqual(lines[1], "  ▿ [0]: 1 elements")
        XCTAssertEqual(lines[32], deepest + "▿ [0]: 1 elements")
        XCTAssertEqual(lines[33], deepest + "(level 33) ▿ [0]: 1 elements")
        XCTAssertEqual(lines[40], deepest + "(level 40) - [0]: 1")
    }
}
