import Foundation
import ShopFixture
import Substate
import SubstateMiddleware
import SubstateReplay
import SubstateTestSupport
import XCTest

/// Random shop sessions recorded here and replayed in another process, where hashing is seeded
/// differently: every one replays to the same state, byte for byte, and a deliberate
/// non-determinism is caught at its action.
@MainActor
final class ReplayPropertyTests: XCTestCase {
    private var directory: URL!

    override func setUp() async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "substate-sessions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Replays the logs in a child process and returns its line for each.
    private func replayElsewhere(_ logs: [[String]]) throws -> [String] {
        let child = builtProduct("substate-replay-child")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: child.path), "\(child.path) not built")
        var paths: [String] = []
        for (index, lines) in logs.enumerated() {
            let file = directory.appendingPathComponent("session-\(index).jsonl")
            try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
            paths.append(file.path)
        }
        let process = Process()
        process.executableURL = child
        process.arguments = paths
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    func testTwoThousandRandomSessionsReplayInAnotherProcessWithoutDivergence() async throws {
        var random = SplitMix64(seed: 0x5E55_1075)
        var logs: [[String]] = []
        for _ in 0..<2_000 {
            logs.append(ShopSessions.record(seed: random.next(), length: 3 + Int(random.next() % 12)))
        }
        let results = try replayElsewhere(logs)
        XCTAssertEqual(results.count, logs.count)
        for (index, result) in results.enumerated() where !result.hasPrefix("ok ") {
            XCTFail("session \(index): \(result)")
        }
        // Every action was checked: a digest after each.
        let verified = results.compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }.reduce(0, +)
        let actions = logs.map { $0.filter { $0.contains(#""digest""#) }.count }.reduce(0, +)
        XCTAssertEqual(verified, actions)
    }

    func testADeliberateNonDeterminismIsCaughtAtItsAction() async throws {
        var random = SplitMix64(seed: 0xD1CE)
        var expected: [Int] = []
        var logs: [[String]] = []
        for _ in 0..<30 {
            let length = 3 + Int(random.next() % 12)
            let roll = Int(random.next() % UInt64(length))
            logs.append(ShopSessions.record(seed: random.next(), length: length, roll: roll))
            // Start is action 1, so the action at index `roll` has sequence number roll + 2.
            expected.append(roll + 2)
        }
        let results = try replayElsewhere(logs)
        XCTAssertEqual(results, expected.map { "diverged \($0) \($0)" })
    }

    func testAStateThatCannotBeEncodedIsReportedNotSkippedSilently() async throws {
        let log = MemoryLog()
        let recorder = ActionRecorder(to: log, digestEvery: 1)
        let store = Store(model: Shop(), middleware: [recorder])
        store.update(SetPrice(name: "x", price: .infinity))
        XCTAssertNil(recorder.lastError, "an action nothing reacts to leaves the state encodable")
        let setPrice = try XCTUnwrap(log.lines.last { $0.contains(#""type":"SetPrice""#) })
        XCTAssertTrue(setPrice.contains(#""replayable":false"#), "a payload with infinity is not replayable")
        store.update(ShopFixture.AddProduct(sku: "a", name: "x", price: 1))
        store.update(SetPrice(name: "x", price: .infinity))
        let error = try XCTUnwrap(recorder.lastError)
        XCTAssertTrue("\(error)".contains("the state after action 4 (SetPrice) cannot be encoded"), "\(error)")
        XCTAssertTrue("\(error)".contains("infinity") || "\(error)".contains("inf"), "\(error)")
    }
}
