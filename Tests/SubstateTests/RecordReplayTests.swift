import Foundation
import Substate
import SubstateMiddleware
import SubstateReplay
import SubstateTestSupport
import XCTest

/// Rolls a die in its update: deliberately not deterministic, so replay must notice.
struct Die: Model, Codable, Equatable {
    var face = 0
    struct Roll: Action, Codable {}
    mutating func update(action: Action) { if action is Roll { face = Int.random(in: 1...1_000_000) } }
}

struct Table: Model, Codable, Equatable {
    var counter = 0
    var die = Die()
    struct Bump: Action, Codable {}
    mutating func update(action: Action) { if action is Bump { counter += 1 } }
}

/// An action that cannot be encoded.
struct Opaque: Action {}

/// Answers every roll with a bump of its own: middleware that produces actions.
struct BumpOnRoll: Middleware {
    func handle(_ action: Action, store: Store, next: Next) {
        next(action)
        if action is Die.Roll { store.update(Table.Bump()) }
    }
}

@MainActor
final class RecordReplayTests: XCTestCase {
    func testRandomSessionsReplayToTheSameStateAtEveryDigest() async throws {
        for seed: UInt64 in [7, 99, 2026] {
            var random = SplitMix64(seed: seed)
            let log = MemoryLog()
            let store = Store(model: RandomTree.sheet(&random), middleware: [ActionRecorder(to: log, digestEvery: 25)])
            for _ in 0..<1_000 { store.update(RandomTree.action(&random)) }
            let replay = try Replay.run(try ActionLog(lines: log.lines), as: RandomTree.Sheet.self)
            XCTAssertNil(replay.divergence, "seed \(seed): \(replay.divergence!)")
            XCTAssertEqual(replay.replayed, 1_000)
            XCTAssertEqual(replay.verified, 40)
            XCTAssertEqual(replay.store.find(RandomTree.Sheet.self), store.find(RandomTree.Sheet.self))
        }
    }

    func testTheLogHoldsWhatTheTreeReducedWithOrigins() async throws {
        let log = MemoryLog()
        let store = Store(model: Table(), middleware: [ActionRecorder(to: log), Swallowing<Die.Roll>()])
        store.update(Table.Bump())
        store.update(Die.Roll())
        store.effects.run { send in await send(Table.Bump()) }
        await store.effects.waitForAll()
        let entries = try ActionLog(lines: log.lines).entries
        XCTAssertEqual(
            entries.map(\.type), ["Store.Start", "Table.Bump", "Table.Bump"], "the swallowed roll is not there")
        XCTAssertEqual(entries.map(\.origin), [.store, .app, .effect])
        XCTAssertEqual(entries.map(\.sequence), [1, 2, 3])
    }

    func testReplayFindsTheStepWhereANonDeterministicModelDiverges() async throws {
        let log = MemoryLog()
        let store = Store(model: Table(), middleware: [ActionRecorder(to: log, digestEvery: 1)])
        store.update(Table.Bump())
        store.update(Table.Bump())
        store.update(Die.Roll())
        store.update(Table.Bump())
        let replay = try Replay.run(try ActionLog(lines: log.lines), as: Table.self)
        XCTAssertEqual(replay.divergence?.sequence, 4, "Start is 1; the roll is the fourth action")
        XCTAssertEqual(replay.divergence?.action, "Die.Roll")
        XCTAssertEqual(replay.verified, 3)
    }

    func testAReplayIsWatchedByTheAppsMiddlewareWithoutRepeatingWhatItDid() async throws {
        let log = MemoryLog()
        let store = Store(model: Table(), middleware: [ActionRecorder(to: log), BumpOnRoll()])
        store.update(Table.Bump())
        store.update(Die.Roll())
        store.effects.run { send in await send(Table.Bump()) }
        await store.effects.waitForAll()
        XCTAssertEqual(store.find(Table.self)?.counter, 3)

        var logged: [String] = []
        let again = MemoryLog()
        let replay = try Replay.run(
            try ActionLog(lines: log.lines), as: Table.self,
            middleware: [
                ActionLogger { logged.append($0.components(separatedBy: "\n")[0]) }, BumpOnRoll(),
                ActionRecorder(to: again),
            ])
        XCTAssertNil(replay.divergence)
        XCTAssertTrue(replay.store.isReplaying)
        XCTAssertEqual(replay.store.find(Table.self)?.counter, 3, "the recorded bumps only, none added again")
        XCTAssertEqual(logged.count, 5, "Start, then the four recorded actions: \(logged)")
        XCTAssertTrue(logged[2].contains("Roll"), logged[2])
        XCTAssertTrue(again.lines.isEmpty, "nothing is recorded while replaying")

        replay.store.effects.run { send in await send(Table.Bump()) }
        XCTAssertEqual(replay.store.effects.inFlightCount, 0, "a replaying store starts no effects")
    }

    func testPausedActionsAreNotRecordedAndReplayResumesFromTheSnapshot() async throws {
        let log = MemoryLog()
        let store = Store(model: Table(), middleware: [ActionRecorder(to: log, digestEvery: 1)])
        store.update(Table.Bump())
        store.update(ActionRecorder.Pause())
        store.update(Table.Bump())  // a sensitive screen
        store.update(ActionRecorder.Resume())
        store.update(Table.Bump())
        let parsed = try ActionLog(lines: log.lines)
        XCTAssertEqual(
            parsed.entries.map(\.type),
            ["Store.Start", "Table.Bump", "ActionRecorder.Pause", "ActionRecorder.Resume", "Table.Bump"])
        XCTAssertTrue(parsed.lines.contains { if case .snapshot = $0 { true } else { false } })
        let replay = try Replay.run(parsed, as: Table.self)
        XCTAssertNil(replay.divergence)
        XCTAssertEqual(replay.store.find(Table.self)?.counter, 3, "carried on from the state recording resumed in")
    }

    func testASnapshotThatDiffersShowsThePathsAndValues() async throws {
        let log = MemoryLog()
        let store = Store(model: Table(), middleware: [ActionRecorder(to: log, digestEvery: 1000)])
        store.update(Table.Bump())
        var lines = log.lines
        lines.append(#"{"seq":2,"snapshot":{"counter":5,"die":{"face":0}}}"#)
        let replay = try Replay.run(try ActionLog(lines: lines), as: Table.self)
        XCTAssertEqual(replay.divergence?.differences.map(\.description), ["Table.counter: 5 → 1"])
        XCTAssertEqual(replay.divergence?.line, 4)
    }

    func testSkippingOrStoppingAtAnActionShowsWhatItChanged() async throws {
        let log = MemoryLog()
        let store = Store(model: Table(), middleware: [ActionRecorder(to: log)])
        for _ in 0..<3 { store.update(Table.Bump()) }
        let parsed = try ActionLog(lines: log.lines)
        XCTAssertEqual(try Replay.run(parsed, as: Table.self, through: 2).store.find(Table.self)?.counter, 1)
        XCTAssertEqual(try Replay.run(parsed, as: Table.self, skipping: 3).store.find(Table.self)?.counter, 2)
    }

    func testUnreplayableActionsAreSkippedWhenAskedAndNamed() async throws {
        let log = MemoryLog()
        let store = Store(model: Table(), middleware: [ActionRecorder(to: log, digestEvery: 1)])
        store.update(Table.Bump())
        store.update(Opaque())
        store.update(Table.Bump())
        let parsed = try ActionLog(lines: log.lines)
        XCTAssertThrowsError(try Replay.run(parsed, as: Table.self)) {
            XCTAssertEqual("\($0)", "line 6: Opaque was recorded as not replayable (it is not Codable)")
        }
        let replay = try Replay.run(parsed, as: Table.self, skippingUnreplayable: true)
        XCTAssertEqual(
            replay.skipped.map(\.description),
            ["action 3 (Opaque) was skipped: Opaque was recorded as not replayable (it is not Codable)"])
        XCTAssertNil(replay.divergence, "Opaque changed nothing, so the state still matches")
        XCTAssertEqual(replay.store.find(Table.self)?.counter, 2)
    }

    func testBadInputStopsWithTheLineNumberAndCause() async throws {
        let log = MemoryLog()
        let store = Store(model: Table(), middleware: [ActionRecorder(to: log)])
        store.update(Table.Bump())
        store.update(Opaque())
        let lines = log.lines

        // A last line cut short: everything before it replays, and the log says so.
        let cut = try ActionLog(text: lines.prefix(3).joined(separator: "\n") + "\n" + String(lines[3].prefix(20)))
        XCTAssertTrue(cut.isTruncated)
        XCTAssertEqual(try Replay.run(cut, as: Table.self).store.find(Table.self)?.counter, 1)

        XCTAssertThrowsError(try ActionLog(text: [lines[0], "{not json", lines[2]].joined(separator: "\n") + "\n")) {
            XCTAssertEqual(($0 as? ActionLogError)?.line, 2)
        }
        XCTAssertThrowsError(
            try ActionLog(text: lines[0].replacingOccurrences(of: "\"version\":2", with: "\"version\":9"))
        ) {
            XCTAssertEqual("\($0)", "line 1: format version 9 is not supported (this reader reads 1 to 2)")
        }
        let unknown = lines[2].replacingOccurrences(of: "\"name\":\"", with: "\"name\":\"x")
        XCTAssertThrowsError(try Replay.run(try ActionLog(lines: [lines[0], lines[1], unknown]), as: Table.self)) {
            XCTAssertEqual(($0 as? ActionLogError)?.line, 3)
            XCTAssertTrue("\($0)".contains("unknown action type Table.Bump"), "\($0)")
        }
        XCTAssertThrowsError(try Replay.run(try ActionLog(lines: lines), as: Table.self)) {
            XCTAssertEqual("\($0)", "line 4: Opaque was recorded as not replayable (it is not Codable)")
        }
    }

    func testAFileLogAppendsAndRotates() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "substate-log-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("session.jsonl")
        var store: Store? = Store(
            model: Table(), middleware: [ActionRecorder(to: try FileLog(url: url, flushEvery: 2))])
        for _ in 0..<5 { store!.update(Table.Bump()) }
        store = nil
        let replay = try Replay.run(try ActionLog(contentsOf: url), as: Table.self)
        XCTAssertEqual(replay.store.find(Table.self)?.counter, 5)

        let small = directory.appendingPathComponent("small.jsonl")
        store = Store(model: Table(), middleware: [ActionRecorder(to: try FileLog(url: small, rotateAt: 400))])
        for _ in 0..<10 { store!.update(Table.Bump()) }
        store = nil
        let firstSegment = directory.appendingPathComponent("small.1.jsonl")
        XCTAssertTrue(FileManager.default.fileExists(atPath: firstSegment.path), "the full file was rotated")
        let rotated = try Replay.run(contentsOf: small, as: Table.self)
        XCTAssertNil(rotated.divergence, "the segments read back as one log")
        XCTAssertEqual(rotated.store.find(Table.self)?.counter, 10)
    }
}

@MainActor
final class ReplayCommandTests: XCTestCase {
    func testAnAppsReplayCommandReportsMatchDivergenceAndBadInput() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "substate-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let good = MemoryLog()
        let store = Store(model: Table(), middleware: [ActionRecorder(to: good, digestEvery: 1, snapshotEvery: 2)])
        store.update(Table.Bump())
        store.update(Table.Bump())
        let goodFile = directory.appendingPathComponent("good.jsonl")
        try good.text.write(to: goodFile, atomically: true, encoding: .utf8)
        var printed: [String] = []
        XCTAssertEqual(ReplayCommand.run([goodFile.path], as: Table.self) { printed.append($0) }, 0)
        XCTAssertEqual(printed, ["replayed 2 actions; 4 checks of the state match the recording"])

        let rolled = MemoryLog()
        let dice = Store(model: Table(), middleware: [ActionRecorder(to: rolled, digestEvery: 1000, snapshotEvery: 1)])
        dice.update(Die.Roll())
        let rolledFile = directory.appendingPathComponent("rolled.jsonl")
        try rolled.text.write(to: rolledFile, atomically: true, encoding: .utf8)
        printed = []
        XCTAssertEqual(ReplayCommand.run([rolledFile.path], as: Table.self) { printed.append($0) }, 1)
        XCTAssertTrue(printed[0].contains("the state differs from the recording after action 2 (Die.Roll)"), printed[0])
        XCTAssertTrue(printed[0].contains("Table.die.face: "), "the snapshot shows the path: \(printed[0])")

        printed = []
        XCTAssertEqual(ReplayCommand.run([goodFile.path, "--skip", "2"], as: Table.self) { printed.append($0) }, 0)
        XCTAssertEqual(
            printed,
            [
                "replayed 1 actions without action 2; without it the final state differs (with it → without it):\nTable.counter: 2 → 1"
            ])
        printed = []
        XCTAssertEqual(ReplayCommand.run([goodFile.path, "--skip", "99"], as: Table.self) { printed.append($0) }, 64)
        XCTAssertEqual(printed, ["there is no replayable action 99 in the log; nothing was left out"])
        XCTAssertEqual(ReplayCommand.run([goodFile.path, "--help"], as: Table.self) { _ in }, 0)
        printed = []
        XCTAssertEqual(ReplayCommand.run([goodFile.path, "--through", "x"], as: Table.self) { printed.append($0) }, 64)
        XCTAssertTrue(printed[0].hasPrefix(#"--through needs a sequence number, not "x""#), printed[0])
        XCTAssertEqual(ReplayCommand.run([], as: Table.self) { _ in }, 64)
        XCTAssertEqual(ReplayCommand.run([goodFile.path, "--skip"], as: Table.self) { _ in }, 64)
        XCTAssertEqual(ReplayCommand.run(["/nonexistent"], as: Table.self) { _ in }, 66)
        let notALog = directory.appendingPathComponent("not.jsonl")
        try "hello\n".write(to: notALog, atomically: true, encoding: .utf8)
        XCTAssertEqual(ReplayCommand.run([notALog.path], as: Table.self) { _ in }, 65)

        // The session page: the state after every action, and the verdict.
        let page = directory.appendingPathComponent("good.html")
        printed = []
        XCTAssertEqual(
            ReplayCommand.run([goodFile.path, "--inspect", page.path], as: Table.self) { printed.append($0) }, 0)
        let html = try String(contentsOf: page, encoding: .utf8)
        XCTAssertTrue(html.contains("Replay matched the recording: 2 actions, 4 checks of the state"), html)
        XCTAssertTrue(html.contains(#""path":"Table.counter","before":"0","after":"1""#), "each step's changes")
        XCTAssertTrue(html.contains(#""edits":[{"p":["counter"],"v":1}]"#), "and the edits that rebuild its state")
        let diverged = directory.appendingPathComponent("rolled.html")
        XCTAssertEqual(ReplayCommand.run([rolledFile.path, "--inspect", diverged.path], as: Table.self) { _ in }, 1)
        XCTAssertTrue(try String(contentsOf: diverged, encoding: .utf8).contains(#""divergence":{"seq":2"#))
        XCTAssertEqual(ReplayCommand.run([goodFile.path, "--inspect"], as: Table.self) { _ in }, 64)
        printed = []
        XCTAssertEqual(
            ReplayCommand.run([goodFile.path, "--inspect", page.path, "--skip", "1"], as: Table.self) {
                printed.append($0)
            }, 64)
        XCTAssertTrue(printed[0].hasPrefix("--inspect shows the session as recorded"), printed[0])
    }
}

extension Die: RecordedModel {}
extension Account: RecordedModel {}

@MainActor
final class ModelRecorderTests: XCTestCase {
    func testRecordedModelsAreWrittenBesideActionsAndCheckedByReplay() async throws {
        let log = MemoryLog()
        let store = Store(
            model: Table(), middleware: [ActionRecorder(to: log, digestEvery: 1000), ModelRecorder(to: log, every: 2)])
        store.update(Table.Bump())
        store.update(Table.Bump())
        store.update(Table.Bump())
        let parsed = try ActionLog(lines: log.lines)
        let modelLines = parsed.lines.filter { if case .model = $0 { true } else { false } }
        XCTAssertEqual(modelLines.count, 2, "after actions 2 and 4")
        let clean = try Replay.run(parsed, as: Table.self)
        XCTAssertNil(clean.divergence)
        XCTAssertEqual(clean.verified, 2)

        store.update(Die.Roll())
        store.update(Table.Bump())
        let rolled = try Replay.run(try ActionLog(lines: log.lines), as: Table.self)
        XCTAssertEqual(rolled.divergence?.action, "Table.Bump")
        XCTAssertEqual(rolled.divergence?.differences.count, 1)
        XCTAssertTrue(rolled.divergence!.differences[0].description.hasPrefix("Die.face: "), "\(rolled.divergence!)")
    }
}

extension ModelRecorderTests {
    func testModelLinesFollowThePausedRecorderWithoutFalseDivergence() async throws {
        for modelRecorderFirst in [false, true] {
            let log = MemoryLog()
            let recorders: [any Middleware] = [ActionRecorder(to: log, digestEvery: 1), ModelRecorder(to: log)]
            let store = Store(model: Table(), middleware: modelRecorderFirst ? recorders.reversed() : recorders)
            store.update(Table.Bump())
            store.update(ActionRecorder.Pause())
            store.update(Table.Bump())
            store.update(Table.Bump())
            store.update(ActionRecorder.Resume())
            store.update(Table.Bump())
            let parsed = try ActionLog(lines: log.lines)
            let modelSequences = parsed.lines.compactMap { line -> Int? in
                if case .model(let sequence, _, _, _, _) = line { sequence } else { nil }
            }
            let actionSequences = parsed.entries.map(\.sequence)
            XCTAssertEqual(modelSequences, actionSequences.filter { $0 > 0 }, "one model line per recorded action")
            let replay = try Replay.run(parsed, as: Table.self)
            XCTAssertNil(replay.divergence, "\(replay.divergence.map { "\($0)" } ?? "")")
            XCTAssertEqual(replay.store.find(Table.self)?.counter, 4)
        }
    }
}

@MainActor
final class ClosingDigestTests: XCTestCase {
    func testADivergenceAtADigestWithASnapshotBesideItListsThePathsThatDiffer() async throws {
        let log = MemoryLog()
        let store = Store(model: Table(), middleware: [ActionRecorder(to: log, digestEvery: 1, snapshotEvery: 1)])
        store.update(Table.Bump())
        store.update(Die.Roll())
        let replay = try Replay.run(try ActionLog(lines: log.lines), as: Table.self)
        let divergence = try XCTUnwrap(replay.divergence)
        XCTAssertEqual(divergence.action, "Die.Roll")
        XCTAssertEqual(
            divergence.differences.map(\.path), ["Table.die.face"], "the snapshot for the same action is read")
    }

    func testANonDeterminismAfterTheLastPeriodicDigestIsCaughtByTheClosingOne() async throws {
        let log = MemoryLog()
        var store: Store? = Store(model: Table(), middleware: [ActionRecorder(to: log, digestEvery: 100)])
        store!.update(Table.Bump())
        store!.update(Die.Roll())
        store = nil
        let parsed = try ActionLog(lines: log.lines)
        guard case .digest(let sequence, _, _)? = parsed.lines.last else { return XCTFail("no closing digest") }
        XCTAssertEqual(sequence, parsed.entries.last?.sequence)
        let replay = try Replay.run(parsed, as: Table.self)
        XCTAssertEqual(replay.divergence?.action, "Die.Roll", "caught at the last action")
    }

    func testADivergenceNamesTheRangeOfActionsAndExactModeNamesTheAction() async throws {
        for every in [5, 1] {
            let log = MemoryLog()
            let store = Store(model: Table(), middleware: [ActionRecorder(to: log, digestEvery: every)])
            // Start is action 1; the roll is action 8.
            for _ in 0..<6 { store.update(Table.Bump()) }
            store.update(Die.Roll())
            for _ in 0..<2 { store.update(Table.Bump()) }
            let divergence = try XCTUnwrap(try Replay.run(try ActionLog(lines: log.lines), as: Table.self).divergence)
            if every == 5 {
                XCTAssertEqual(divergence.range, 6...10)
                XCTAssertTrue(
                    "\(divergence)".contains("it matched after action 5, so one of actions 6–10 diverged"),
                    "\(divergence)")
                XCTAssertEqual(
                    divergence.replayedChanges.map(\.path), ["Table.counter", "Table.die.face"],
                    "what the suspect actions changed when replayed")
            } else {
                XCTAssertEqual(divergence.range, 8...8, "a digest after every action names it")
                XCTAssertEqual(divergence.action, "Die.Roll")
            }
        }
    }

    func testPausingWritesAClosingDigestOfWhatWasRecorded() async throws {
        let log = MemoryLog()
        let store = Store(model: Table(), middleware: [ActionRecorder(to: log, digestEvery: 100)])
        store.update(Die.Roll())
        store.update(ActionRecorder.Pause())
        let replay = try Replay.run(try ActionLog(lines: log.lines), as: Table.self)
        XCTAssertEqual(replay.divergence?.action, "ActionRecorder.Pause", "checked before the pause")
    }
}

@MainActor
final class RecorderOrderTests: XCTestCase {
    func testTheOrderOfTheRecordersInTheListDoesNotMatter() async throws {
        for modelRecorderFirst in [true, false] {
            let log = MemoryLog()
            let recorders: [any Middleware] = [ActionRecorder(to: log, digestEvery: 1), ModelRecorder(to: log)]
            let store = Store(model: Table(), middleware: modelRecorderFirst ? recorders.reversed() : recorders)
            store.update(Table.Bump())
            store.update(Die.Roll())
            store.update(Table.Bump())
            let replay = try Replay.run(try ActionLog(lines: log.lines), as: Table.self)
            XCTAssertEqual(replay.divergence?.action, "Die.Roll", "model recorder first: \(modelRecorderFirst)")
            XCTAssertEqual(replay.divergence?.sequence, 3)
        }
    }
}

struct Account: Model, Codable, Equatable {
    var user = ""
    var passwordLength = 0
    @Redacted var apiToken = "token-0"
    struct SignIn: Action, Codable {
        let user: String
        @Redacted var password: String
    }
    mutating func update(action: Action) {
        guard let signIn = action as? SignIn else { return }
        user = signIn.user
        passwordLength = signIn.password.count
        apiToken = "token-\(signIn.password.count)"
    }
}

@MainActor
final class RedactionTests: XCTestCase {
    func testRedactedFieldsNeverReachTheLogAndReplayNeedsSubstitutes() async throws {
        let log = MemoryLog()
        let store = Store(model: Account(), middleware: [ActionRecorder(to: log, digestEvery: 1, snapshotEvery: 1)])
        store.update(Account.SignIn(user: "ada", password: "hunter2"))
        XCTAssertEqual(store.find(Account.self)?.apiToken, "token-7", "the app sees its real values")
        XCTAssertFalse(log.text.contains("hunter2"))
        XCTAssertFalse(log.text.contains("token-"))
        XCTAssertTrue(log.text.contains(#"{"$redacted":true}"#))

        let parsed = try ActionLog(lines: log.lines)
        XCTAssertThrowsError(try Replay.run(parsed, as: Account.self)) {
            XCTAssertEqual(($0 as? ActionLogError)?.line, 1, "the initial state holds a redacted token too")
        }
        // A substitute of another length changes a value derived from it: verification notices.
        let different = try Replay.run(parsed, as: Account.self, substitutes: RedactionSubstitutes().with("swordfish"))
        XCTAssertEqual(different.divergence?.action, "Account.SignIn")
        let replay = try Replay.run(parsed, as: Account.self, substitutes: RedactionSubstitutes().with("letmein"))
        XCTAssertNil(replay.divergence, "redacted fields compare as redacted")
        XCTAssertEqual(replay.store.find(Account.self)?.user, "ada")
        XCTAssertEqual(replay.store.find(Account.self)?.passwordLength, 7, "the substitute stood in for the password")
    }

    func testOnlyValuesReallyRedactedNeedSubstitutes() async throws {
        struct Login: Model, Codable, Equatable {
            @Redacted var password = ""
            @Redacted var token: String? = nil
            var attempts = 0
            struct Try: Action, Codable {}
            mutating func update(action: Action) { if action is Try { attempts += 1 } }
        }
        let log = MemoryLog()
        let store = Store(model: Login(), middleware: [ActionRecorder(to: log, digestEvery: 1, snapshotEvery: 1)])
        store.update(Login.Try())
        let replay = try Replay.run(
            try ActionLog(lines: log.lines), as: Login.self, aliases: ["Login.Try": Login.Try.self])
        XCTAssertNil(replay.divergence, "empty redacted fields are written as they are and need no substitute")
        XCTAssertEqual(replay.store.find(Login.self)?.attempts, 1)
    }

    func testReplayCommandTakesSubstitutes() async throws {
        let log = MemoryLog()
        let store = Store(model: Account(), middleware: [ActionRecorder(to: log, digestEvery: 1)])
        store.update(Account.SignIn(user: "ada", password: "hunter2"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("redacted-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try log.text.write(to: file, atomically: true, encoding: .utf8)
        var printed: [String] = []
        XCTAssertEqual(ReplayCommand.run([file.path], as: Account.self) { printed.append($0) }, 65)
        XCTAssertTrue(printed.last!.contains("needs a substitute"), printed.last!)
        let substitutes = RedactionSubstitutes().with("letmein")
        XCTAssertEqual(
            ReplayCommand.run([file.path], as: Account.self, substitutes: substitutes) { printed.append($0) }, 0)
    }

    func testARecordedModelWithRedactedFieldsShowsItsDifferences() async throws {
        let log = MemoryLog()
        let store = Store(
            model: Account(), middleware: [ActionRecorder(to: log, digestEvery: 1000), ModelRecorder(to: log)])
        store.update(Account.SignIn(user: "ada", password: "hunter2"))
        // The recorded model says the password had 8 characters; the replay will find 7.
        let lines = log.lines.map { $0.replacingOccurrences(of: #""passwordLength":7"#, with: #""passwordLength":8"#) }
        let replay = try Replay.run(
            try ActionLog(lines: lines), as: Account.self, substitutes: RedactionSubstitutes().with("letmein"))
        XCTAssertEqual(replay.divergence?.differences.map(\.description), ["Account.passwordLength: 8 → 7"])
    }

    func testAnActionWithARedactedFieldIsRefusedWithoutASubstitute() async throws {
        let log = MemoryLog()
        let store = Store(model: Table(), middleware: [ActionRecorder(to: log)])
        store.update(Account.SignIn(user: "ada", password: "hunter2"))
        XCTAssertThrowsError(try Replay.run(try ActionLog(lines: log.lines), as: Table.self)) {
            XCTAssertEqual(
                "\($0)",
                "line 3: Account.SignIn was recorded with redacted fields: a redacted String needs a substitute (pass substitutes: to replay it)"
            )
        }
    }

    func testLoggersAndDiffsShowRedactedFieldsAsRedacted() async throws {
        var logged: [String] = []
        let store = Store(
            model: Account(),
            middleware: [
                ActionLogger { logged.append($0) }, ModelLogger(diff: true) { logged.append($0) },
            ])
        store.update(Account.SignIn(user: "ada", password: "hunter2"))
        let output = logged.joined(separator: "\n")
        XCTAssertFalse(output.contains("hunter2"), output)
        XCTAssertFalse(output.contains("token-"), output)
        XCTAssertTrue(output.contains("<redacted>"), output)
        XCTAssertTrue(output.contains("Account.passwordLength: 0 → 7"), output)
        XCTAssertEqual(store.find(Account.self)?.apiToken, "token-7")
    }

    func testRedactedFieldsEncodeNormallyOutsideLogs() throws {
        let data = try JSONEncoder().encode(Account.SignIn(user: "ada", password: "hunter2"))
        XCTAssertTrue(
            String(decoding: data, as: UTF8.self).contains("hunter2"),
            "saving and the app's own encoding keep the value")
        XCTAssertEqual(try JSONDecoder().decode(Account.SignIn.self, from: data).password, "hunter2")
    }
}

@MainActor
final class ReplayerTests: XCTestCase {
    func testSteppingForwardAndTravellingBackFromTheStatesKeptAlongTheWay() async throws {
        let log = MemoryLog()
        let store = Store(model: Table(), middleware: [ActionRecorder(to: log)])
        for _ in 0..<200 { store.update(Table.Bump()) }
        let names = ReducedNames()
        let replayer = try Replayer(log: try ActionLog(lines: log.lines), as: Table.self, middleware: [names])
        XCTAssertEqual(replayer.state.counter, 0)
        XCTAssertEqual(try replayer.step()?.type, "Store.Start")
        XCTAssertEqual(try replayer.step()?.type, "Table.Bump")
        XCTAssertEqual(replayer.state.counter, 1)
        try replayer.seek(to: 201)
        XCTAssertEqual(replayer.state.counter, 200)
        XCTAssertNil(try replayer.step(), "the end of the log")
        let forward = names.names.count
        try replayer.seek(to: 150)
        XCTAssertEqual(replayer.position, 150)
        XCTAssertEqual(replayer.state.counter, 149)
        let travelled = names.names.count - forward
        XCTAssertFalse(names.names.contains("Store.Replace"), "a kept state is put back with no action")
        XCTAssertLessThanOrEqual(travelled, Replayer<Table>.keepEvery, "at most keepEvery actions replayed again")
        try replayer.seek(to: 2)
        XCTAssertEqual(replayer.state.counter, 1, "from the initial state")
        XCTAssertEqual(
            names.names.filter { $0 == "Store.Start" }.count, 2,
            "the recorded Start is replayed each time the replay passes it, and never sent otherwise")
        for target in stride(from: 201, through: 1, by: -7) {
            try replayer.seek(to: target)
            XCTAssertEqual(replayer.state.counter, target - 1)
        }
    }
}

/// Keeps the type name of every action that passes it.
@MainActor
final class ReducedNames: Middleware {
    var names: [String] = []
    var runsDuringReplay: Bool { true }
    func handle(_ action: Action, store: Store, next: Next) {
        names.append(typeName(type(of: action)))
        next(action)
    }
}

@MainActor
final class FileLogFlushTests: XCTestCase {
    func testBufferedLinesAreWrittenOnceTheIntervalPassed() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "substate-flush-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        let clock = TestClock()
        let log = try FileLog(url: url, flushEvery: 100, flushInterval: .seconds(2), clock: clock)
        try log.append("one")
        try log.append("two")
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "", "still buffered")
        await clock.advance(by: .seconds(2))
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "one\ntwo\n")
        try log.append("three")
        await clock.advance(by: .seconds(1))
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "one\ntwo\n")
        await clock.advance(by: .seconds(1))
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "one\ntwo\nthree\n")
    }
}

struct Label: Action, Codable { let title: String }

@MainActor
final class CompatibilityTests: XCTestCase {
    private func recordedLines() throws -> [String] {
        let log = MemoryLog()
        let store = Store(model: Table(), middleware: [ActionRecorder(to: log)])
        store.update(Table.Bump())
        store.update(Die.Roll())
        store.update(Table.Bump())
        return log.lines
    }

    func testAFreshLogReplaysCleanly() async throws {
        let lines = try recordedLines()
        XCTAssertTrue(lines[0].contains(#""rootShape":"Table(counter: Int, die: Die(face: Int))""#), lines[0])
        XCTAssertTrue(lines[2].contains(#""shape":"Table.Bump""#), lines[2])
        XCTAssertFalse(lines[4].contains("shape"), "only the first line of a type carries its shape")
        let check = Compatibility(of: try ActionLog(lines: lines), as: Table.self)
        XCTAssertEqual(check.verdict, .clean)
        XCTAssertEqual(check.types.map(\.type), ["Table", "Table.Bump", "Die.Roll"])
    }

    func testChangedGoneAndUndecodableTypesAreNamed() async throws {
        var lines = try recordedLines()
        // The root had another shape, which still decodes: replay may diverge.
        lines[0] = lines[0].replacingOccurrences(
            of: "Table(counter: Int, die: Die(face: Int))", with: "Table(counter: Int, die: Die(side: Int))")
        var check = Compatibility(of: try ActionLog(lines: lines), as: Table.self)
        XCTAssertEqual(check.verdict, .mayDiverge, "a field renamed in a nested model is seen")
        XCTAssertEqual(
            check.types[0].description,
            "Table: may diverge (was Table(counter: Int, die: Die(side: Int)), is Table(counter: Int, die: Die(face: Int)); it still decodes)"
        )

        // An action type that no longer exists: the log cannot replay, and says which.
        lines[3] = lines[3].replacingOccurrences(of: #""name":""#, with: #""name":"gone"#)
        check = Compatibility(of: try ActionLog(lines: lines), as: Table.self)
        XCTAssertEqual(check.verdict, .cannotReplay)
        XCTAssertTrue(check.description.contains("Die.Roll: cannot replay (the type is gone)"), check.description)
    }

    func testTheVerdictPredictsWhatReplayDoesForEveryReasonItRefuses() async throws {
        func record(_ actions: [any Action], middleware: [any Middleware] = []) -> [String] {
            let log = MemoryLog()
            let store = Store(model: Table(), middleware: [ActionRecorder(to: log)] + middleware)
            for action in actions { store.update(action) }
            return log.lines
        }
        let bumped = record([Table.Bump(), Table.Bump()])
        let scenarios: [(String, [String], RedactionSubstitutes)] = [
            ("clean", bumped, RedactionSubstitutes()),
            (
                "a redacted password without a substitute", record([Account.SignIn(user: "a", password: "pw")]),
                RedactionSubstitutes()
            ),
            (
                "a redacted password with one", record([Account.SignIn(user: "a", password: "pw")]),
                RedactionSubstitutes().with("x")
            ),
            ("an action that is not Codable", record([Opaque()]), RedactionSubstitutes()),
            (
                "a type that is gone", bumped.map { $0.replacingOccurrences(of: #""name":""#, with: #""name":"gone"#) },
                RedactionSubstitutes()
            ),
            (
                "a nested field renamed", bumped.map { $0.replacingOccurrences(of: #""face":0"#, with: #""side":0"#) },
                RedactionSubstitutes()
            ),
            (
                "a model line of a type that is gone",
                bumped + [#"{"seq":3,"model":"Gone","modelName":"4Gone","state":{}}"#], RedactionSubstitutes()
            ),
        ]
        for (label, lines, substitutes) in scenarios {
            let log = try ActionLog(lines: lines)
            let check = Compatibility(of: log, as: Table.self, substitutes: substitutes)
            let refused: Bool
            do {
                _ = try Replay.run(log, as: Table.self, substitutes: substitutes)
                refused = false
            } catch {
                refused = true
            }
            XCTAssertEqual(check.verdict == .cannotReplay, refused, "\(label): \(check)")
        }
    }

    func testAChangedTypeWhosePayloadNoLongerDecodesCannotReplay() async throws {
        let log = MemoryLog()
        let store = Store(model: Table(), middleware: [ActionRecorder(to: log)])
        store.update(Label(title: "first"))
        var lines = log.lines
        // As if the field had been called "name" when the log was recorded.
        let index = lines.firstIndex { $0.contains(#""type":"Label""#) }!
        lines[index] = lines[index].replacingOccurrences(of: #""title":"first""#, with: #""name":"first""#)
            .replacingOccurrences(of: "Label(title: String)", with: "Label(name: String)")
        XCTAssertTrue(lines[index].contains("Label(name: String)"), lines[index])
        let check = Compatibility(of: try ActionLog(lines: lines), as: Table.self)
        XCTAssertEqual(check.verdict, .cannotReplay)
        XCTAssertTrue(check.description.contains("it no longer decodes"), check.description)
    }
}

/// Registers a model of its own that cannot be encoded.
struct RegistersOpaqueModel: Middleware {
    struct Private: Model { let handle = Opaque() }
    func handle(_ action: Action, store: Store, next: Next) {
        next(action)
        if action is Store.Start { store.update(Store.Register(model: Private())) }
    }
}

@MainActor
final class RegisteredModelReplayTests: XCTestCase {
    func testAModelMiddlewareRegisteredThatCannotBeRecordedIsLeftOutOfReplay() async throws {
        let log = MemoryLog()
        let store = Store(
            model: Table(), middleware: [ActionRecorder(to: log, digestEvery: 1), RegistersOpaqueModel()])
        store.update(Table.Bump())
        let replay = try Replay.run(try ActionLog(lines: log.lines), as: Table.self)
        XCTAssertNil(replay.divergence)
        XCTAssertEqual(replay.store.find(Table.self)?.counter, 1)
    }
}
