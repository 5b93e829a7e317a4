import Foundation
import Substate
import SubstateLogTool
import SubstateMiddleware
import SubstateReplay
import SubstateTestSupport
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

/// An action with durations, as a timer's or a debouncer's settings are.
struct Pause: Action, Codable {
    let delay: Duration
    let label: String
    let timeout: Duration?
    let steps: [Duration]
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

    func testInspectWritesOnePageWithEveryActionAndNamesBadLines() async throws {
        let path = try record("a.jsonl", readings: [3, 5])
        let page = directory.appendingPathComponent("a.html").path
        let result = LogTool.run(["inspect", path, "-o", page])
        XCTAssertEqual(result.exitCode, 0, result.output)
        XCTAssertEqual(result.output, "\(page): 4 actions of Meter")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        XCTAssertTrue(html.contains(#""type":"Meter.Read""#))
        XCTAssertTrue(html.contains("Content-Security-Policy"))
        XCTAssertEqual(LogTool.run(["inspect", path]).exitCode, 64, "no -o")
        XCTAssertTrue(LogTool.run(["inspect", path]).output.contains("missing -o PAGE"))
        XCTAssertEqual(LogTool.run(["inspect", "-o", page]).exitCode, 64, "no log")
        XCTAssertEqual(
            LogTool.run(["inspect", directory.appendingPathComponent("none").path, "-o", page]).exitCode, 66)
        let damaged = directory.appendingPathComponent("damaged.jsonl")
        try (try String(contentsOfFile: path, encoding: .utf8) + "{\"seq\": oops}\n").write(
            to: damaged, atomically: true, encoding: .utf8)
        let bad = LogTool.run(["inspect", damaged.path, "-o", page])
        XCTAssertEqual(bad.exitCode, 65)
        XCTAssertTrue(bad.output.contains("line 6, column 9: not valid JSON"), bad.output)
        XCTAssertTrue(bad.output.hasSuffix("4 actions of Meter, and 1 damaged line marked in place"), bad.output)
        XCTAssertEqual(LogTool.run(["inspect", "--help"]).exitCode, 0)
    }

    func testShowNamesTheModelsTheStoreRegistersAsPeopleWriteThem() async throws {
        let log = MemoryLog()
        let store = Store(model: Meter(), middleware: [ActionRecorder(to: log), ActionLogger(output: { _ in })])
        store.update(Meter.Reset())
        let url = directory.appendingPathComponent("registered.jsonl")
        try log.text.write(to: url, atomically: true, encoding: .utf8)
        XCTAssertTrue(
            log.text.contains(#""modelName":"18SubstateMiddleware12ActionLoggerC5StateV""#), "mangled in the log")
        let shown = LogTool.run(["show", url.path]).output
        XCTAssertTrue(
            shown.contains(#"Store.Register {"model":{"isActive":true},"modelName":"ActionLogger.State"}"#), shown)
        XCTAssertFalse(shown.contains("18SubstateMiddleware"), shown)
    }

    func testShowAndTailPrintDurationsAsPeopleReadThem() async throws {
        let log = MemoryLog()
        let store = Store(model: Meter(), middleware: [ActionRecorder(to: log)])
        store.update(Pause(delay: .milliseconds(300), label: "[0,1]", timeout: .seconds(90), steps: [.seconds(1)]))
        store.update(Pause(delay: .microseconds(1_500), label: "x", timeout: nil, steps: []))
        store.update(Pause(delay: .seconds(120), label: "y", timeout: .nanoseconds(12), steps: []))
        let url = directory.appendingPathComponent("durations.jsonl")
        try log.text.write(to: url, atomically: true, encoding: .utf8)
        XCTAssertTrue(log.text.contains(#""delay":[0,300000000000000000]"#), "recorded as Codable writes it")
        let shown = LogTool.run(["show", url.path]).output
        XCTAssertTrue(
            shown.contains(
                #"Pause {"delay":"300 ms","label":"[0,1]","timeout":"90 s","steps":["1 s"]}"#),
            shown)
        XCTAssertTrue(shown.contains(#"Pause {"delay":"1.5 ms","label":"x","steps":[]}"#), shown)
        XCTAssertTrue(shown.contains(#""delay":"2 min""#) && shown.contains(#""timeout":"12 ns""#), shown)
        // Only the second and later lines of a type lack its shape: a filter still knows them.
        let filtered = LogTool.run(["show", url.path, "--from", "3"]).output
        XCTAssertTrue(filtered.contains(#""delay":"2 min""#), filtered)
        let tail = LogTool.run(["tail", url.path, "-n", "1"]).output
        XCTAssertTrue(tail.contains(#""delay":"2 min""#), tail)
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

    func testEveryCommandHasHelpAndEveryBadArgumentAClearMessage() async throws {
        let path = try record("a.jsonl", readings: [1])
        for command in ["show", "stats", "check", "diff", "tail"] {
            let help = LogTool.run([command, "--help"])
            XCTAssertEqual(help.exitCode, 0, command)
            XCTAssertTrue(help.output.hasPrefix("usage: substate-log \(command)"), help.output)
            XCTAssertEqual(LogTool.run(["help", command]).output, help.output)
        }
        let cases: [([String], String)] = [
            (["show", path, "--origin", "bogus"], #"--origin must be app, effect, middleware or store, not "bogus""#),
            (["show"], "substate-log: missing LOG"),
            (["show", path, "--from"], "--from needs a value"),
            (["show", path, "--from", "x"], #"--from needs a whole number, not "x""#),
            (["show", path, "--colour"], "unknown option --colour"),
            (["stats", path, path], #"unexpected argument ""#),
            (["tail", path, "-n", "-3"], #"-n needs a whole number from 0, not "-3""#),
            (["diff", path], "missing the two logs to compare"),
            (["help", "frobnicate"], #"there is no command "frobnicate""#),
            (["frobnicate"], #"unknown command "frobnicate""#),
        ]
        for (arguments, message) in cases {
            let result = LogTool.run(arguments)
            XCTAssertEqual(result.exitCode, 64, "\(arguments)")
            XCTAssertTrue(result.output.contains(message), "\(arguments): \(result.output)")
        }
    }

    func testAFileThatCannotBeReadSaysWhy() async {
        let result = LogTool.run(["stats", "/nonexistent/log.jsonl"])
        XCTAssertEqual(
            result,
            .init(output: "substate-log: cannot read /nonexistent/log.jsonl: No such file or directory", exitCode: 66))
        XCTAssertEqual(LogTool.run(["check", directory.path]).exitCode, 66, "a directory is not a log")
    }

    func testShowLinesUpItsColumnsAndMakesRoomForWideOnes() async throws {
        let path = try record("a.jsonl", readings: [1])
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        let read = try XCTUnwrap(lines.first { $0.contains(#""type":"Meter.Read""#) })
        func line(seq: Int, time: String, origin: String, value: Int) -> String {
            read.replacing(#/"seq":\d+/#, with: #""seq":\#(seq)"#)
                .replacing(#/"t":[0-9.e+-]+/#, with: #""t":\#(time)"#)
                .replacing(#/"origin":"\w+"/#, with: #""origin":"\#(origin)""#)
                .replacing(#/"value":\d+/#, with: #""value":\#(value)"#)
        }
        lines.append(line(seq: 12, time: "0.05", origin: "effect", value: 4))
        lines.append(line(seq: 1_234_567, time: "12.3456", origin: "middleware", value: 2))
        let url = directory.appendingPathComponent("wide.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        let shown = LogTool.run(["show", url.path])
        XCTAssertEqual(shown.exitCode, 0, shown.output)
        let output = shown.output.split(separator: "\n").map(String.init)
        XCTAssertTrue(output.contains(#"#12    0.050s     effect     Meter.Read {"value":4}"#), shown.output)
        XCTAssertTrue(output.contains(#"#1234567 12.346s    middleware Meter.Read {"value":2}"#), shown.output)
    }

    func testHugeTimesAndHostileTypeNamesPrintWithoutHarm() async throws {
        let path = try record("a.jsonl", readings: [1])
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        lines.append(#"{"seq":9,"t":1e300,"type":"Evil\u001b[2J","name":"X","origin":"app","payload":{"k":"\u001b"}}"#)
        let url = directory.appendingPathComponent("odd.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        let stats = LogTool.run(["stats", url.path])
        XCTAssertEqual(stats.exitCode, 0, stats.output)
        XCTAssertTrue(
            stats.output.contains("Evil\\u{1b}[2J"), "control characters are shown as escapes: \(stats.output)")
        XCTAssertFalse(stats.output.contains("\u{1b}"))
        let show = LogTool.run(["show", url.path])
        XCTAssertEqual(show.exitCode, 0)
        XCTAssertTrue(show.output.contains("1e+300s"), show.output)
        XCTAssertEqual(LogTool.run(["check", url.path]).exitCode, 0)
    }

    func testCheckNamesEveryBadLineWithItsColumnAndFails() async throws {
        let path = try record("a.jsonl", readings: [1, 2, 3])
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        let first = try XCTUnwrap(lines.firstIndex { $0.contains("Meter.Read") })
        lines[first] = lines[first].replacingOccurrences(of: #"{"value":1}"#, with: #"{"value":1"#)
        lines[first + 1] = lines[first + 1].replacingOccurrences(of: #""origin":"app""#, with: #""origin":"mars""#)
        let url = directory.appendingPathComponent("two.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        let result = LogTool.run(["check", url.path])
        XCTAssertEqual(result.exitCode, 65)
        let reported = result.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(
            reported,
            [
                "\(url.path): line \(first + 1), column \(lines[first].utf8.count + 1): not valid JSON: the text ends inside the object opened at column 1",
                "\(url.path): line \(first + 2), column \(lines[first + 1].utf8.distance(from: lines[first + 1].startIndex, to: lines[first + 1].range(of: #""mars""#)!.lowerBound) + 1): unknown origin \"mars\" (app, effect, middleware or store)",
                "\(url.path): not a valid log: 2 problems",
            ])
        for command in ["show", "stats"] { XCTAssertEqual(LogTool.run([command, url.path]).exitCode, 65) }
    }

    func testNoInputCrashesTheTool() async throws {
        var random = SplitMix64(seed: 0x106)
        let path = try record("a.jsonl", readings: [1, 2, 3, 4])
        let original = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let url = directory.appendingPathComponent("garbage.jsonl")
        for round in 0..<200 {
            var bytes = original
            if round % 5 == 0 {
                bytes = (0..<Int(random.next() % 400)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            } else {
                for _ in 0...Int(random.next() % 4) {
                    let at = Int(random.next() % UInt64(bytes.count))
                    switch random.next() % 4 {
                    case 0: bytes.remove(at: at)
                    case 1: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: at)
                    case 2: bytes[at] = [0x22, 0x7D, 0x0A, 0x2C, 0x65, 0x39, 0xFF][Int(random.next() % 7)]
                    default: bytes.removeSubrange(at...)
                    }
                    if bytes.isEmpty { bytes = [0x7B] }
                }
            }
            try Data(bytes).write(to: url)
            for command in [["show"], ["stats"], ["check"], ["tail", "-n", "3"]] {
                let result = LogTool.run(command + [url.path])
                XCTAssertTrue([0, 65].contains(result.exitCode), "round \(round) \(command): \(result)")
                if result.exitCode == 65 { XCTAssertTrue(result.output.contains("line "), result.output) }
            }
            XCTAssertTrue([0, 1, 65].contains(LogTool.run(["diff", path, url.path]).exitCode))
        }
    }
}
