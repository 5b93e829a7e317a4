import Foundation
import Substate
import SubstateLogTool
import SubstateMiddleware
import XCTest

struct Meter: Model, Codable {
    var reading = 0
    struct Read: Action, Codable { let value: Int }
    struct Reset: Action, Codable {}
    mutating func update(action: Action) {
        switch action {
        case let read as Read: reading = read.value
        case is Reset: reading = 0
        default: ()
        }
    }
}

@MainActor
final class LogToolTests: XCTestCase {
    private var directory: URL!

    override func setUp() async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "substate-log-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Records a session of readings into a file and returns its path.
    private func record(_ name: String, readings: [Int]) throws -> String {
        let log = MemoryLog()
        let store = Store(model: Meter(), middleware: [ActionRecorder(to: log)])
        for value in readings { store.update(Meter.Read(value: value)) }
        store.update(Meter.Reset())
        let url = directory.appendingPathComponent(name)
        try log.text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func testShowPrintsATimelineWithFilters() async throws {
        let path = try record("a.jsonl", readings: [3, 5])
        let all = LogTool.run(["show", path])
        XCTAssertEqual(all.exitCode, 0)
        let lines = all.output.split(separator: "\n")
        XCTAssertEqual(lines.first, "Meter, recorded in format version 2")
        XCTAssertEqual(lines.last, "4 of 4 actions shown")
        XCTAssertEqual(lines.count, 6)
        XCTAssertTrue(lines[2].contains("app") && lines[2].hasSuffix(#"Meter.Read {"value":3}"#), "\(lines[2])")
        let filtered = LogTool.run(["show", path, "--type", "Meter.Read", "--from", "3"])
        XCTAssertEqual(
            filtered.output.split(separator: "\n").dropFirst().dropLast().map { String($0.prefix(3)) }, ["#3 "])
        XCTAssertEqual(LogTool.run(["show", path, "--origin", "store"]).output.split(separator: "\n").count, 3)
    }

    func testStatsCountsActionsPerTypeWithTheirOrigins() async throws {
        let path = try record("a.jsonl", readings: [1, 2, 3])
        let stats = LogTool.run(["stats", path])
        XCTAssertEqual(stats.exitCode, 0)
        XCTAssertTrue(stats.output.hasPrefix("Meter: 5 actions over"), stats.output)
        XCTAssertTrue(stats.output.contains("3  Meter.Read"), stats.output)
        XCTAssertTrue(stats.output.contains("[app 3]"), stats.output)
        XCTAssertTrue(stats.output.contains("longest gaps:"), stats.output)
    }

    func testDiffFindsTheFirstActionWhereTwoLogsDiffer() async throws {
        let a = try record("a.jsonl", readings: [1, 2, 3])
        let b = try record("b.jsonl", readings: [1, 7, 3])
        let c = try record("c.jsonl", readings: [1, 2, 3])
        let differ = LogTool.run(["diff", a, b])
        XCTAssertEqual(differ.exitCode, 1)
        XCTAssertTrue(differ.output.hasPrefix("the logs differ at action #3:"), differ.output)
        XCTAssertTrue(differ.output.contains(#"app Meter.Read {"value":7}"#), differ.output)
        XCTAssertEqual(LogTool.run(["diff", a, c]), .init(output: "the logs record the same 5 actions", exitCode: 0))
    }

    func testCheckReportsValidityAndTheLineOfTheFirstProblem() async throws {
        let path = try record("a.jsonl", readings: [1])
        XCTAssertEqual(LogTool.run(["check", path]).exitCode, 0)
        var text = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        text[2] = "{broken"
        let broken = directory.appendingPathComponent("broken.jsonl")
        try (text.joined(separator: "\n") + "\n").write(to: broken, atomically: true, encoding: .utf8)
        let result = LogTool.run(["check", broken.path])
        XCTAssertEqual(result.exitCode, 65)
        XCTAssertTrue(
            result.output.contains(#"line 3, column 2: not valid JSON: expected a member name in quotes, found "b""#),
            result.output)
    }

    func testUsageErrorsAndMissingFilesHaveTheirExitCodes() async {
        XCTAssertEqual(LogTool.run([]).exitCode, 64)
        XCTAssertEqual(LogTool.run(["help"]).exitCode, 0)
        XCTAssertEqual(LogTool.run(["frobnicate"]).exitCode, 64)
        XCTAssertEqual(LogTool.run(["show"]).exitCode, 64)
        XCTAssertEqual(LogTool.run(["show", "/nonexistent/log.jsonl"]).exitCode, 66)
        XCTAssertEqual(LogTool.run(["diff", "only-one"]).exitCode, 64)
    }
}
