import Foundation
import Substate
import SubstateLogTool
import SubstateMiddleware
import SubstateReplay
import XCTest

/// A long-running app records into a size-limited log: segments are finished as the file
/// fills, read back as one log, replayed across their boundaries (each boundary checked),
/// and followed by `substate-log tail -f` as they rotate.
@MainActor
final class LogRotationTests: XCTestCase {
    private var directory: URL!

    override func setUp() async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("substate-rotation-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func segments(of url: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasPrefix(url.deletingPathExtension().lastPathComponent + ".")
        }.sorted()
    }

    func testSegmentsReadBackAsOneLogAndReplayAcrossTheirBoundaries() async throws {
        let url = directory.appendingPathComponent("session.jsonl")
        var store: Store? = Store(
            model: Gauge(), middleware: [ActionRecorder(to: try FileLog(url: url, rotateAt: 2_000), digestEvery: 5)])
        for value in 1...120 { store!.update(Gauge.read(value)) }
        let final = store!.find(Gauge.self)
        store = nil

        let files = try segments(of: url)
        XCTAssertGreaterThan(files.count, 5, "\(files)")
        XCTAssertEqual(files.last, "session.jsonl")
        XCTAssertTrue(files.contains("session.1.jsonl"))

        let log = try ActionLog(contentsOf: url)
        XCTAssertEqual(log.entries.map(\.sequence), Array(1...121), "every action once, in order")
        XCTAssertEqual(log.header.segment, 1)
        let replay = try Replay.run(contentsOf: url, as: Gauge.self)
        XCTAssertNil(replay.divergence)
        XCTAssertEqual(replay.store.find(Gauge.self), final)
        let digests = log.lines.filter { if case .digest = $0 { true } else { false } }.count
        XCTAssertEqual(replay.verified, digests + files.count - 1, "each segment's starting state is checked too")

        // A finished segment replays on its own, from the state it starts with.
        let third = directory.appendingPathComponent("session.3.jsonl")
        let alone = try ActionLog(contentsOf: third)
        XCTAssertEqual(alone.header.segment, 3)
        XCTAssertEqual(alone.entries.first?.sequence, alone.header.startSequence + 1)
        XCTAssertNil(try Replay.run(contentsOf: third, as: Gauge.self).divergence)
        let replayer = try Replayer(log: alone, as: Gauge.self)
        XCTAssertEqual(replayer.position, alone.header.startSequence)
        try replayer.seek(to: alone.header.startSequence + 2)
        XCTAssertEqual(replayer.position, alone.header.startSequence + 2)
        try replayer.seek(to: alone.header.startSequence)
        XCTAssertEqual(
            replayer.state.history, try JSONDecoder().decode(Gauge.self, from: alone.header.initialState!).history)
    }

    func testKeepingSegmentsBoundsTheDiskAndTheLogStillReplaysFromItsOldestSegment() async throws {
        let url = directory.appendingPathComponent("bounded.jsonl")
        var store: Store? = Store(
            model: Gauge(),
            middleware: [ActionRecorder(to: try FileLog(url: url, rotateAt: 1_500, keepSegments: 2), digestEvery: 3)])
        for value in 1...150 { store!.update(Gauge.read(value)) }
        let final = store!.find(Gauge.self)
        store = nil

        let files = try segments(of: url)
        XCTAssertEqual(files.count, 3, "two finished segments and the current file: \(files)")
        let log = try ActionLog(contentsOf: url)
        XCTAssertGreaterThan(log.header.segment, 2)
        XCTAssertEqual(log.entries.first?.sequence, log.header.startSequence + 1)
        XCTAssertEqual(log.entries.last?.sequence, 151)
        let replay = try Replay.run(contentsOf: url, as: Gauge.self)
        XCTAssertNil(replay.divergence)
        XCTAssertEqual(replay.store.find(Gauge.self), final)
    }

    func testTailFollowsALogAsItIsWrittenAndRotated() async throws {
        let url = directory.appendingPathComponent("live.jsonl")
        let store = Store(model: Gauge(), middleware: [ActionRecorder(to: try FileLog(url: url, rotateAt: 1_200))])
        for value in 1...3 { store.update(Gauge.read(value)) }
        var printed: [String] = []
        var polls = 0
        let code = LogTool.run(
            ["tail", "-n", "2", "-f", url.path], output: { printed.append($0) }, errors: { XCTFail($0) },
            wait: {
                polls += 1
                guard polls <= 6 else { return false }
                for value in 0..<7 { store.update(Gauge.read(polls * 100 + value)) }
                return true
            })
        XCTAssertEqual(code, 0)
        let sequences = printed.map { Int($0.dropFirst().prefix { $0.isNumber })! }
        XCTAssertEqual(sequences, Array(3...(4 + 6 * 7)), "the last two, then each new action once, in order")
        XCTAssertGreaterThan(try segments(of: url).count, 2, "the log rotated while it was followed")
    }
}
