import Foundation
import ShopFixture
import Substate
import SubstateMiddleware
import SubstateReplay
import SubstateTestSupport
import XCTest

/// Time travel shows only states that happened: random sessions, store actions and pauses
/// included, recorded at random intervals, and every state the replay and the replayer show
/// compared with the one the live store had, here and in a process of its own.
@MainActor
final class SeekPropertyTests: XCTestCase {
    /// How many random sessions; `SUBSTATE_SEEK_SESSIONS=500 swift test --filter SeekProperty`
    /// tries more.
    private var sessions: Int {
        ProcessInfo.processInfo.environment["SUBSTATE_SEEK_SESSIONS"].flatMap(Int.init) ?? 20
    }

    private func randomSessions(seed: UInt64) -> [(seed: UInt64, session: SeekSessions.Recorded)] {
        var random = SplitMix64(seed: seed)
        return (0..<sessions).map { _ in
            let length = 1 + Int(random.next() % 300)
            let options = SeekSessions.Options.random(&random, length: length)
            let seed = random.next()
            return (seed, SeekSessions.record(seed: seed, options))
        }
    }

    func testEveryStateReplayAndTimeTravelShowIsOneTheLiveStoreHad() async throws {
        for (index, recorded) in randomSessions(seed: 0x5EE4_0001).enumerated() {
            let found = try recorded.session.mismatches(seed: recorded.seed, seeks: 100)
            XCTAssertEqual(
                found, [],
                "session \(index) (seed \(recorded.seed), digestEvery \(recorded.session.digestEvery), snapshotEvery \(String(describing: recorded.session.snapshotEvery)))"
            )
        }
    }

    func testEveryStateShownInAnotherProcessIsOneTheLiveStoreHad() async throws {
        let child = builtProduct("substate-replay-child")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: child.path), "\(child.path) not built")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("substate-seek-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (index, recorded) in randomSessions(seed: 0x5EE4_0002).prefix(8).enumerated() {
            let file = directory.appendingPathComponent("session-\(index).json")
            try JSONEncoder().encode(recorded.session).write(to: file)
            let process = Process()
            process.executableURL = child
            process.arguments = ["--seek", file.path, "\(recorded.seed)"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
            XCTAssertEqual(String(decoding: data, as: UTF8.self), "ok\n", "session \(index) (seed \(recorded.seed))")
        }
    }

    /// A root that sets itself up on `Store.Start` has done so in every state after it.
    func testARootThatCountsStartKeepsItsStartWhereverASeekBegins() async throws {
        let log = MemoryLog()
        let store = Store(model: StartCounter(), middleware: [ActionRecorder(to: log, snapshotEvery: 5)])
        var live = [StartCounter(), store.find(StartCounter.self)!]
        for _ in 0..<20 {
            store.update(StartCounter.Step())
            live.append(store.find(StartCounter.self)!)
        }
        let replayer = try Replayer(log: try ActionLog(lines: log.lines), as: StartCounter.self)
        XCTAssertEqual(replayer.state, live[0], "before the recorded Start")
        for target in [21, 3, 12, 7, 21, 1, 0, 21] {
            try replayer.seek(to: target)
            XCTAssertEqual(replayer.state, live[target], "after seeking to \(target)")
        }
        XCTAssertEqual(replayer.state.starts, 1)
        XCTAssertEqual(replayer.state.steps, 20)
    }

    /// Seeks forward and back over 3,000 actions recorded with digests every 50 and snapshots
    /// every 500: the root's count of what it reduced is the live one at every target.
    func testAShopThatCountsWhatItReducesMatchesAtEverySeekTarget() async throws {
        for storeActions in [false, true] {
            let recorded = SeekSessions.record(
                seed: 0x5409,
                SeekSessions.Options(
                    length: 3_000, digestEvery: 50, snapshotEvery: 500, storeActions: storeActions, pauses: false))
            let log = try ActionLog(lines: recorded.lines)
            let replayer = try Replayer(log: log, as: CountingShop.self)
            let targets = [251, 501, 1_251, 2_501, 2_751, 3_001]
            for target in targets + targets.reversed() + [1, 3_001, 251] {
                try replayer.seek(to: target)
                XCTAssertEqual(replayer.state.reduced, recorded.states[target].reduced, "target \(target)")
                XCTAssertTrue(replayer.state == recorded.states[target], "target \(target)")
                XCTAssertEqual(replayer.store.find(Visits.self), recorded.visits[target], "target \(target)")
            }
            let replay = try Replay.run(log, as: CountingShop.self)
            XCTAssertNil(replay.divergence)
            XCTAssertTrue(
                replay.store.find(CountingShop.self) == recorded.states.last, "the replay ends in the live state")
        }
    }

    /// A later segment of a rotated log starts from a state that had its Start already: its
    /// replay sends no second one.
    func testALaterSegmentOfARotatedLogIsNotStartedAgain() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("substate-seek-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("session.jsonl")
        var store: Store? = Store(
            model: StartCounter(), middleware: [ActionRecorder(to: try FileLog(url: url, rotateAt: 1_000))])
        for _ in 0..<100 { store!.update(StartCounter.Step()) }
        store = nil
        let third = try Data(contentsOf: directory.appendingPathComponent("session.3.jsonl"))
        let segment = try ActionLog(data: third)
        XCTAssertEqual(segment.header.segment, 3)
        let start = segment.header.startSequence
        let replay = try Replay.run(segment, as: StartCounter.self)
        XCTAssertNil(replay.divergence)
        XCTAssertEqual(
            replay.store.find(StartCounter.self), StartCounter(starts: 1, steps: segment.entries.last!.sequence - 1))
        let replayer = try Replayer(log: segment, as: StartCounter.self)
        for target in [start + 5, start, start + 2, segment.entries.last!.sequence, start + 1] {
            try replayer.seek(to: target)
            XCTAssertEqual(replayer.state, StartCounter(starts: 1, steps: target - 1), "after seeking to \(target)")
        }
    }

    /// Travelling back puts a kept state back with no action: the middleware watching the
    /// replay sees only the recorded actions replayed again.
    func testTravellingBackSendsNoActionThroughTheStore() async throws {
        let log = MemoryLog()
        let store = Store(model: StartCounter(), middleware: [ActionRecorder(to: log)])
        for _ in 0..<100 { store.update(StartCounter.Step()) }
        let names = ReducedNames()
        let replayer = try Replayer(log: try ActionLog(lines: log.lines), as: StartCounter.self, middleware: [names])
        try replayer.seek(to: 101)
        names.names.removeAll()
        try replayer.seek(to: 70)
        XCTAssertEqual(names.names, Array(repeating: "StartCounter.Step", count: 70 - 64), "from the state kept at 64")
        XCTAssertEqual(replayer.state.steps, 69)
        try replayer.seek(to: 2)
        XCTAssertEqual(names.names.suffix(2), ["Store.Start", "StartCounter.Step"], "from the initial state")
        XCTAssertEqual(replayer.state, StartCounter(starts: 1, steps: 1))
    }

    /// Where recording paused, the replay and the replayer both take the resumed state as it
    /// was recorded after `Resume`, with `Resume` itself reduced once.
    func testAPausedRecordingResumesInTheRecordedState() async throws {
        let recorded = SeekSessions.record(
            seed: 0x9A05E,
            SeekSessions.Options(length: 600, digestEvery: 3, snapshotEvery: nil, storeActions: true, pauses: true))
        let log = try ActionLog(lines: recorded.lines)
        let resumes = log.entries.filter { $0.type == "ActionRecorder.Resume" }.map(\.sequence)
        XCTAssertGreaterThan(resumes.count, 2, "the session pauses and resumes")
        let replay = try Replay.run(log, as: CountingShop.self)
        XCTAssertNil(replay.divergence)
        XCTAssertTrue(replay.store.find(CountingShop.self) == recorded.states.last, "the replay ends in the live state")
        let replayer = try Replayer(log: log, as: CountingShop.self)
        for resume in resumes.reversed() + resumes {
            try replayer.seek(to: resume)
            XCTAssertEqual(replayer.state.reduced, recorded.states[resume].reduced, "after Resume \(resume)")
            XCTAssertEqual(replayer.state.resumes, recorded.states[resume].resumes)
            XCTAssertTrue(replayer.state == recorded.states[resume], "after Resume \(resume)")
        }
    }
}

/// A root that counts the store's Start and its own steps.
struct StartCounter: Model, Codable, Equatable {
    var starts = 0
    var steps = 0
    struct Step: Action, Codable {}

    mutating func update(action: Action) {
        if action is Store.Start { starts += 1 }
        if action is Step { steps += 1 }
    }
}

/// Keeps the type name of every action that passes it, replays included.
@MainActor
private final class ReducedNames: Middleware {
    var names: [String] = []
    var runsDuringReplay: Bool { true }
    func handle(_ action: Action, store: Store, next: Next) {
        names.append(typeName(type(of: action)))
        next(action)
    }
}
