import Foundation
import Substate
import SubstateTestSupport
import XCTest

@testable import SubstateMiddleware

/// A saved model large enough that writing it takes a while.
struct Draft: SavedModel, Equatable {
    var version = 0
    var text = String(repeating: "0123456789abcdef", count: 16_384)
    struct Next: Action {}
    mutating func update(action: Action) {
        if action is Next { version += 1 }
    }
}

struct DraftApp: Model {
    var draft = Draft()
}

/// The model the child process `substate-saver-child` saves, as this process reads it: the
/// edition is a value the journal shares with the child's writer.
struct Journal: SavedModel {
    var version = 0
    @Shared(.edition) var edition = 0
    var text = ""
}

/// The child's other holder of the edition.
struct Writer: Model {
    @Shared(.edition) var edition = 0
}

struct JournalApp: Model {
    var journal = Journal()
    var writer = Writer()
}

extension SharedKey where Value == Int {
    static var edition: Self { SharedKey("edition") }
}

/// Keeps every outcome action of the saver; a first launch's "nothing stored" is not a fault.
@MainActor
final class SaverOutcomes: Middleware {
    var loadFailures: [ModelSaver.LoadDidFail] = []
    var saveFailures: [ModelSaver.SaveDidFail] = []
    var saved: [String] = []
    func handle(_ action: Action, store: Store, next: Next) {
        next(action)
        if let failure = action as? ModelSaver.LoadDidFail, failure.reason != .nothingStored {
            loadFailures.append(failure)
        }
        if let failure = action as? ModelSaver.SaveDidFail { saveFailures.append(failure) }
        if let success = action as? ModelSaver.SaveDidSucceed { saved.append(success.key) }
    }
}

/// A storage that keeps entries in memory but cannot move any aside.
struct UnmovableStorage: ModelSaver.Storage {
    let memory = ModelSaver.MemoryStorage()
    struct Refused: Error, CustomStringConvertible {
        var description: String { "the storage refuses to rename" }
    }
    func read(_ key: String) throws -> Data? { try memory.read(key) }
    func write(_ data: Data, for key: String) throws { try memory.write(data, for: key) }
    func moveAside(_ key: String, reason: String, at date: Date) throws -> String { throw Refused() }
    func name(for key: String) -> String { key }
}

/// The saver under the faults users meet: releases mid-save, full disks, files in the way,
/// names already taken, storage that refuses, and a process killed mid-write.
@MainActor
final class ModelSaverFaultTests: XCTestCase {
    private var directory: URL!
    private let fixedDate = Date(timeIntervalSince1970: 1_800_000_000)

    override func setUp() async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "substate-faults-\(UUID().uuidString)")
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func savedVersion(_ key: String = "Draft") throws -> Int {
        struct Envelope: Decodable { let model: Draft }
        let data = try Data(contentsOf: directory.appendingPathComponent(key + ".json"))
        return try JSONDecoder().decode(Envelope.self, from: data).model.version
    }

    func testAReleaseRightAfterASaveNeverLetsTheEarlierStateWin() async throws {
        for round in 0..<40 {
            var store: Store? = Store(
                model: DraftApp(), middleware: [ModelSaver(directory: directory, strategy: .manual)])
            let start = store!.find(Draft.self)!.version
            store!.update(Draft.Next())
            store!.update(ModelSaver.Save())
            store!.update(Draft.Next())
            store = nil
            XCTAssertEqual(try savedVersion(), start + 2, "round \(round): the released state is the one on disk")
        }
    }

    func testOutcomesOfASaveThatRacesTheReleaseAreNotReportedForAStateNotWritten() async throws {
        let outcomes = SaverOutcomes()
        var store: Store? = Store(
            model: DraftApp(), middleware: [outcomes, ModelSaver(directory: directory, strategy: .manual)])
        store!.update(Draft.Next())
        store!.update(ModelSaver.Save())
        let effects = store!.effects
        store = nil
        await effects.waitForAll()
        XCTAssertEqual(outcomes.saved, [], "the store was gone before the write ended: no outcome reached it")
        XCTAssertEqual(try savedVersion(), 1)
    }

    #if os(Linux)
        func testAWriteCutShortFailsTheSaveWithASentenceAndKeepsThePreviousFile() async throws {
            let outcomes = SaverOutcomes()
            let store = Store(
                model: SavedApp(), middleware: [outcomes, ModelSaver(directory: directory, strategy: .manual)])
            store.update(Preferences.SetTheme(theme: "kept"))
            store.update(ModelSaver.Save())
            await store.effects.waitForAll()
            // Every write now stops after 16 bytes of a file, as on a disk that fills up: the
            // system refuses the rest (and sends no signal once it is ignored).
            signal(SIGXFSZ, SIG_IGN)
            var limit = rlimit()
            getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
            var small = limit
            small.rlim_cur = 16
            setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &small)
            store.update(Preferences.SetTheme(theme: "lost?"))
            store.update(ModelSaver.Save())
            await store.effects.waitForAll()
            setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
            XCTAssertEqual(outcomes.saveFailures.map(\.file), ["Preferences.json"])
            let error = outcomes.saveFailures.first?.error ?? ""
            let temporary = directory.appendingPathComponent(".Preferences.json.\(getpid()).").path
            XCTAssertTrue(error.hasPrefix("could not write the temporary file \(temporary)"), error)
            XCTAssertTrue(error.hasSuffix(".partial: File too large"), error)
            XCTAssertEqual(try theme(), "kept", "the previous file is whole")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(".partial") }
            XCTAssertEqual(leftovers, [], "the temporary file is removed")
            store.update(ModelSaver.Save())
            await store.effects.waitForAll()
            XCTAssertEqual(try theme(), "lost?", "once there is room, the next save writes the change")
        }
    #endif

    func testAFileWhereTheDirectoryShouldBeFailsEverySaveWithASentence() async throws {
        try Data("not a directory".utf8).write(to: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        for saverDirectory in [directory!, directory.appendingPathComponent("nested/deeper")] {
            let outcomes = SaverOutcomes()
            let store = Store(
                model: SavedApp(), middleware: [outcomes, ModelSaver(directory: saverDirectory, strategy: .manual)])
            XCTAssertEqual(outcomes.loadFailures.count, 0, "nothing can be stored under a file: nothing to load")
            store.update(ModelSaver.Save())
            await store.effects.waitForAll()
            XCTAssertEqual(outcomes.saveFailures.count, 3, "every model reports its failure")
            XCTAssertEqual(
                Set(outcomes.saveFailures.map(\.error)),
                ["could not create the directory \(directory.path): a file is in the way"])
            XCTAssertEqual(try String(contentsOf: directory, encoding: .utf8), "not a directory")
        }
    }

    func testCorruptFilesMovedAsideNeverTakeAnotherFilesName() async throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let first = directory.appendingPathComponent("Preferences.corrupt-2027-01-15T08-00-00Z.json")
        try Data("an earlier corrupt file".utf8).write(to: first)
        for (attempt, expected) in [
            (1, "Preferences.corrupt-2027-01-15T08-00-00Z-2.json"),
            (2, "Preferences.corrupt-2027-01-15T08-00-00Z-3.json"),
        ] {
            try Data("corrupt \(attempt)".utf8).write(to: directory.appendingPathComponent("Preferences.json"))
            let outcomes = SaverOutcomes()
            _ = Store(
                model: SavedApp(),
                middleware: [
                    outcomes, ModelSaver(directory: directory, strategy: .manual, date: { [fixedDate] in fixedDate }),
                ])
            XCTAssertEqual(outcomes.loadFailures.map(\.file), ["Preferences.json (moved to \(expected))"])
            XCTAssertEqual(
                try String(contentsOf: directory.appendingPathComponent(expected), encoding: .utf8),
                "corrupt \(attempt)")
        }
        XCTAssertEqual(try String(contentsOf: first, encoding: .utf8), "an earlier corrupt file", "never overwritten")
    }

    func testAnEntryThatCannotBeMovedAsideIsNeitherClaimedMovedNorOverwritten() async throws {
        let storage = UnmovableStorage()
        try storage.memory.write(Data("corrupt".utf8), for: "Preferences")
        let outcomes = SaverOutcomes()
        let store = Store(model: SavedApp(), middleware: [outcomes, ModelSaver(storage: storage, strategy: .manual)])
        XCTAssertEqual(
            outcomes.loadFailures.map(\.file),
            ["Preferences (left in place and not overwritten: the storage refuses to rename)"])
        store.update(Preferences.SetTheme(theme: "dark"))
        store.update(ModelSaver.Save())
        await store.effects.waitForAll()
        XCTAssertEqual(storage.memory.entries["Preferences"], Data("corrupt".utf8), "the entry is kept")
        XCTAssertEqual(
            outcomes.saveFailures.map(\.error),
            [
                "not saved: Preferences could not be loaded nor moved aside (the storage refuses to rename) and is not overwritten"
            ], "the save says why the change is not saved, rather than skipping it")
        XCTAssertEqual(Set(outcomes.saved), ["Clicks(News)", "Clicks(Products)"])
    }

    func testAFileFromANewerVersionMakesEverySaveOfItSayWhy() async throws {
        let storage = ModelSaver.MemoryStorage([
            "Preferences": Data(#"{"model":{"theme":"neon","fontSize":12},"schemaVersion":3}"#.utf8)
        ])
        let outcomes = SaverOutcomes()
        let store = Store(model: SavedApp(), middleware: [outcomes, ModelSaver(storage: storage, strategy: .manual)])
        store.update(ModelSaver.Save())
        await store.effects.waitForAll()
        XCTAssertEqual(
            outcomes.saveFailures.map(\.error),
            [
                "not saved: Preferences was written by schema version 3, newer than 2; left as it is and not overwritten"
            ])
    }

    func testMemoryStorageStartsASecondStoreFromWhatTheFirstSaved() async throws {
        let storage = ModelSaver.MemoryStorage()
        let first = Store(model: SavedApp(), middleware: [ModelSaver(storage: storage, strategy: .manual)])
        first.update(Preferences.SetTheme(theme: "dark"))
        first.update(ModelSaver.Save())
        await first.effects.waitForAll()
        XCTAssertEqual(storage.entries.keys.sorted(), ["Clicks(News)", "Clicks(Products)", "Preferences"])
        let second = Store(model: SavedApp(), middleware: [ModelSaver(storage: storage, strategy: .manual)])
        XCTAssertEqual(second.find(Preferences.self)?.theme, "dark")
    }

    #if !os(Windows)
        func testKillingTheProcessMidSaveLeavesAWholeFileWithEverySaveItReported() async throws {
            let child = builtProduct("substate-saver-child")
            try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: child.path), "\(child.path) not built")
            for killAfter in [1, 2, 3, 5, 8] {
                let process = Process()
                process.executableURL = child
                process.arguments = [directory.path]
                let output = Pipe()
                process.standardOutput = output
                try process.run()
                var reported = 0
                var buffer = Data()
                while reported < killAfter {
                    let chunk = output.fileHandleForReading.availableData
                    guard !chunk.isEmpty else { break }
                    buffer.append(chunk)
                    let lines = String(decoding: buffer, as: UTF8.self).split(separator: "\n")
                    reported = lines.compactMap { Int($0.dropFirst("saved ".count)) }.max() ?? 0
                }
                // The child is writing the next version by now, or about to.
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                XCTAssertEqual(process.terminationReason, .uncaughtSignal)
                let onDisk = try savedVersion("Journal")
                XCTAssertGreaterThanOrEqual(onDisk, reported, "every save reported before the kill is on disk")
                XCTAssertLessThanOrEqual(onDisk, reported + 1)

                let outcomes = SaverOutcomes()
                let store = Store(model: JournalApp(), middleware: [outcomes, ModelSaver(directory: directory)])
                XCTAssertEqual(store.find(Journal.self)?.version, onDisk)
                XCTAssertEqual(store.find(Journal.self)?.edition, onDisk, "the shared edition was saved with it")
                XCTAssertEqual(store.find(Writer.self)?.edition, onDisk, "and loaded into the writer's field")
                XCTAssertEqual(store.find(Journal.self)?.text.count, 2_097_152, "the whole text")
                XCTAssertEqual(outcomes.loadFailures.map(\.error), [], "the file left by the kill loads")
                let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                    .filter { $0.hasSuffix(".partial") }
                XCTAssertEqual(leftovers, [], "the temporary file of the killed write is gone")
            }
        }
    #endif

    private func theme() throws -> String {
        struct Envelope: Decodable { let model: Preferences }
        let data = try Data(contentsOf: directory.appendingPathComponent("Preferences.json"))
        return try JSONDecoder().decode(Envelope.self, from: data).model.theme
    }
}
