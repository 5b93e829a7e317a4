import Foundation
import Substate
import SubstateMiddleware
import SubstateReplay
import XCTest

/// The record-and-replay documentation's samples (the SubstateReplay catalog, the log types'
/// `///` examples and the README's record-and-replay section), compiled and run as written,
/// with `Gauge` as the app.
@MainActor
final class DocumentationSampleTests: XCTestCase {
    private typealias App = Gauge
    private var sessions: URL!
    private var sessionFile: URL { sessions.appendingPathComponent("session.jsonl") }

    override func setUp() async throws {
        sessions = FileManager.default.temporaryDirectory.appendingPathComponent("substate-samples-\(UUID())")
        try FileManager.default.createDirectory(at: sessions, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: sessions)
    }

    /// The catalog's overview: record, then replay the file as it is read.
    func testTheOverviewRecordsAndReplays() async throws {
        do {
            let log = try FileLog(url: sessions.appendingPathComponent("session.jsonl"))
            let store = Store(model: App(), middleware: [ActionRecorder(to: log)])
            store.update(Gauge.read(3))
        }
        // ... later, in a test or a bug report's replay:
        let outcome = try Replay.run(contentsOf: sessionFile, as: App.self)
        XCTAssertNil(outcome.divergence)
        XCTAssertEqual(outcome.store.find(App.self)?.reading, 3)
    }

    /// The article's recording with rotation, and `FileLog`'s own example.
    func testRecordingWithRotationAsTheArticleShowsIt() async throws {
        do {
            let log = try FileLog(url: sessionFile, flushEvery: 1, rotateAt: 10_000_000, keepSegments: 20)
            let store = Store(model: App(), middleware: [ActionRecorder(to: log, snapshotEvery: 1_000)])
            store.update(Gauge.Rename(label: "boiler"))
        }
        do {
            // At most about 60 MB: five finished segments and the current file.
            let log = try FileLog(
                url: sessions.appendingPathComponent("bounded.jsonl"), rotateAt: 10_000_000, keepSegments: 5)
            let store = Store(model: App(), middleware: [ActionRecorder(to: log)])
            store.update(Gauge.read(1))
        }
        let outcome = try Replay.run(contentsOf: sessionFile, as: App.self)
        if let divergence = outcome.divergence { XCTFail("\(divergence)") }
        XCTAssertEqual(outcome.store.find(App.self)?.label, "boiler")
    }

    /// `LogReader`'s example, and `ActionLogError`'s.
    func testReadingALineAtATimeAndItsErrors() async throws {
        do {
            let log = try FileLog(url: sessionFile)
            let store = Store(model: App(), middleware: [ActionRecorder(to: log)])
            store.update(Gauge.read(5))
        }
        var printed: [String] = []
        let reader = try LogReader(contentsOf: sessionFile)
        while let line = try reader.next() {
            if case .action(let entry) = line { printed.append("\(entry.sequence) \(entry.type)") }
        }
        XCTAssertEqual(printed, ["1 Store.Start", "2 Gauge.Read"])

        var text = try String(contentsOf: sessionFile, encoding: .utf8)
        text = text.replacingOccurrences(of: #""sensor":"s2""#, with: #""sensor":"s2"x"#)
        let file = sessions.appendingPathComponent("broken.jsonl")
        try text.write(to: file, atomically: true, encoding: .utf8)
        do {
            _ = try ActionLog(contentsOf: file)
            XCTFail("a broken line is refused")
        } catch let error as ActionLogError {
            XCTAssertTrue("\(error)".hasPrefix("line 3, column "), "\(error)")
            XCTAssertTrue("\(error)".contains(#"not valid JSON: expected "," or "}", found "x""#), "\(error)")
        }
    }

    /// `LogEntry`'s example, with a stand-in for the app's own logger.
    func testStructuredEntriesAsTheirExampleUsesThem() async {
        struct Logger {
            var lines: [String] = []
            mutating func debug(_ message: String, metadata: [String: String]) {
                lines.append("\(message) \(metadata)")
            }
        }
        var logger = Logger()
        let store = Store(
            model: App(),
            middleware: [
                ActionLogger(entries: { entry in
                    logger.debug("\(entry.action)", metadata: ["origin": "\(entry.origin)"])
                })
            ])
        store.update(Gauge.Rename(label: "x"))
        XCTAssertEqual(logger.lines.last, #"Gauge.Rename ["origin": "app"]"#)
    }
}
