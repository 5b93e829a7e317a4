import Foundation
import SubstateReplay
import SubstateTestSupport
import XCTest

@testable import Substate

/// A folder of folders: the recursive model of a file browser or an outline.
private struct Folder: Model {
    var children: [Folder] = []
    var opened = 0
    var label = "folder"

    mutating func update(action: Action) {
        if action is Open { opened += 1 }
    }

    static func tree(width: Int, levels: Int) -> Folder {
        guard levels > 0 else { return Folder() }
        return Folder(children: Array(repeating: tree(width: width, levels: levels - 1), count: width))
    }

    static func chain(depth: Int, label: String = "bottom") -> Folder {
        var node = Folder(label: label)
        for _ in 0..<depth { node = Folder(children: [node]) }
        return node
    }
}

private struct Open: Action {}

/// Walks on the stacks apps get: 512 KB on Apple's secondary threads (Swift concurrency's
/// included), 1 MB on the iOS main thread. A tree of ordinary depth is walked where it starts,
/// never on a helper thread (which once cost 200 times the walk), and a tree 20,000 levels deep
/// still never overflows.
final class SmallStackTests: XCTestCase {
    private let small = 512 << 10

    func testATreeOfOrdinaryDepthIsWalkedWhereItStartsOnA512KBThread() {
        for (width, levels) in [(10, 2), (100, 2), (3, 6)] {
            let (segments, opened) = DeepStack.onThread(stackSize: small) {
                var tree = Folder.tree(width: width, levels: levels)
                let before = DeepStack.segmentsStarted
                for _ in 0..<3 { walkOutsideStore(Open(), through: &tree) }
                return (DeepStack.segmentsStarted - before, tree.children.last?.children.last?.opened)
            }
            XCTAssertEqual(segments, 0, "a \(width)-wide, \(levels)-level tree moved to a helper thread")
            XCTAssertEqual(opened, 3)
        }
    }

    func testAChainTwentyThousandLevelsDeepIsWalkedDiffedAndPrintedOnA512KBThread() {
        // The chains are made and freed on this thread's large stack: freeing a value the
        // test holds is the test's business.
        var chain = Folder.chain(depth: 20_000)
        var other = Folder.chain(depth: 20_000, label: "changed")
        let (segments, diff, printed) = DeepStack.onThread(stackSize: small) {
            let before = DeepStack.segmentsStarted
            walkOutsideStore(Open(), through: &chain)
            walkOutsideStore(Open(), through: &other)
            let diff = StateDiff(from: chain, to: other)
            let printed = ValueLiteral.describe(other)
            return (DeepStack.segmentsStarted - before, diff, printed)
        }
        XCTAssertGreaterThan(segments, 0, "a chain this deep needs more than 512 KB")
        var bottom = chain
        var depth = 0
        while let next = bottom.children.first {
            XCTAssertEqual(bottom.opened, 1)
            bottom = next
            depth += 1
        }
        XCTAssertEqual(depth, 20_000)
        XCTAssertEqual(bottom.opened, 1, "the walk reached the bottom")
        XCTAssertEqual(diff.changes.map(\.after), [#""changed""#], "the bottom's label, 20,000 levels down")
        XCTAssertTrue(printed.contains(#"label: "changed""#), String(printed.suffix(80)))
    }

    /// The store on a main thread of 512 KB and of 1 MB, as iOS gives: a child process started
    /// with that stack limit walks, updates, finds, diffs, prints and releases a 20,000-level
    /// chain, and walks 111 folders without a helper thread.
    func testTheStoreOnAMainThreadOfAppleSize() throws {
        for kilobytes in [512, 1024] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = [
                "-c", "ulimit -s \(kilobytes) && exec \"$0\"", builtProduct("substate-stack-child").path,
            ]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .exit, "\(kilobytes) KB: ended by a signal after\n\(printed)")
            XCTAssertEqual(process.terminationStatus, 0, "\(kilobytes) KB:\n\(printed)")
            XCTAssertTrue(printed.contains("ok: the second store was released"), "\(kilobytes) KB:\n\(printed)")
            XCTAssertFalse(printed.contains("FAILED"), printed)
        }
    }
}
