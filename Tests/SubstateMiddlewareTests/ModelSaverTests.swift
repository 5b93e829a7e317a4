import Foundation
import Substate
import XCTest

@testable import SubstateMiddleware

struct Preferences: SavedModel, Equatable {
    var theme = "light"
    var fontSize = 12
    struct SetTheme: Action { let theme: String }
    static var schemaVersion: Int { 2 }

    mutating func update(action: Action) {
        if let set = action as? SetTheme { theme = set.theme }
    }

    /// Version 1 files had a "dark" flag instead of a theme name, and no font size.
    static func migrate(from version: Int, data: Data) throws -> Preferences {
        struct Version1: Decodable { var dark: Bool }
        return Preferences(theme: try JSONDecoder().decode(Version1.self, from: data).dark ? "dark" : "light")
    }
}

struct Clicks<Screen>: SavedModel, Equatable {
    var count = 0
    struct Click: Action {}
    mutating func update(action: Action) { if action is Click { count += 1 } }
}
enum News {}
enum Products {}

struct SavedApp: Model {
    var preferences = Preferences()
    var news = Clicks<News>()
    var products = Clicks<Products>()
}

/// Records the names of the actions that pass it.
@MainActor
final class ActionNames: Middleware {
    var names: [String] = []
    func handle(_ action: Action, store: Store, next: Next) {
        names.append(String(describing: type(of: action)))
        next(action)
    }
}

@MainActor
final class ModelSaverTests: XCTestCase {
    private var directory: URL!
    private let fixedDate = Date(timeIntervalSince1970: 1_800_000_000)

    override func setUp() async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("substate-saver-\(UUID().uuidString)")
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func store(
        _ strategy: ModelSaver.Strategy = .manual, clock: TestClock = TestClock(),
        names: ActionNames = ActionNames()
    ) -> Store {
        Store(
            model: SavedApp(),
            middleware: [
                names,
                ModelSaver(directory: directory, strategy: strategy, clock: clock, date: { [fixedDate] in fixedDate }),
            ])
    }

    private func file(_ key: String) -> URL { directory.appendingPathComponent(key + ".json") }

    private func files() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    func testARestartedStoreStartsFromWhatTheLastOneSaved() async throws {
        let first = store()
        first.update(Preferences.SetTheme(theme: "dark"))
        first.update(Clicks<News>.Click())
        first.update(ModelSaver.Save())
        await first.effects.waitForAll()
        XCTAssertEqual(
            files(), ["Clicks(News).json", "Clicks(Products).json", "Preferences.json"], "one file per type")

        let names = ActionNames()
        let second = store(names: names)
        XCTAssertEqual(second.find(Preferences.self)?.theme, "dark", "loaded before the app's first action")
        XCTAssertEqual(second.find(Clicks<News>.self)?.count, 1)
        XCTAssertEqual(second.find(Clicks<Products>.self)?.count, 0)
        XCTAssertEqual(names.names.filter { $0 == "LoadDidSucceed" }.count, 3)
        XCTAssertEqual(names.names.last, "LoadAllDidComplete")
    }

    func testNothingIsWrittenWhenNothingChanged() async throws {
        let names = ActionNames()
        let store = store(names: names)
        store.update(ModelSaver.Save())
        await store.effects.waitForAll()
        XCTAssertEqual(names.names.filter { $0 == "SaveDidSucceed" }.count, 3, "the first save writes every model")
        store.update(ModelSaver.Save())
        await store.effects.waitForAll()
        XCTAssertEqual(names.names.filter { $0 == "SaveDidSucceed" }.count, 3, "nothing changed, nothing written")
        store.update(Clicks<Products>.Click())
        store.update(ModelSaver.Save())
        await store.effects.waitForAll()
        XCTAssertEqual(names.names.filter { $0 == "SaveDidSucceed" }.count, 4, "only the changed model")
    }

    func testDebouncedStrategySavesOnceActionsStop() async throws {
        let clock = TestClock()
        let names = ActionNames()
        let store = store(.debounced(.milliseconds(100)), clock: clock, names: names)
        store.update(Preferences.SetTheme(theme: "dark"))
        await clock.advance(by: .milliseconds(50))
        store.update(Preferences.SetTheme(theme: "blue"))
        await clock.advance(by: .milliseconds(99))
        await store.effects.waitForAll()
        XCTAssertFalse(FileManager.default.fileExists(atPath: file("Preferences").path))
        await clock.advance(by: .milliseconds(1))
        await store.effects.waitForAll()
        XCTAssertEqual(try savedTheme(), "blue")
        XCTAssertEqual(names.names.filter { $0 == "SaveAllDidComplete" }.count, 1)
    }

    func testThrottledStrategySavesAtMostOncePerInterval() async throws {
        let clock = TestClock()
        let names = ActionNames()
        let store = store(.throttled(.milliseconds(100)), clock: clock, names: names)
        for (ms, theme) in [(0, "a"), (30, "b"), (60, "c")] {
            await clock.advance(by: .milliseconds(ms) - clock.now.offset)
            store.update(Preferences.SetTheme(theme: theme))
        }
        await clock.advance(by: .milliseconds(40))
        await store.effects.waitForAll()
        XCTAssertEqual(try savedTheme(), "c", "one save at 100 ms, with the latest state")
        XCTAssertEqual(names.names.filter { $0 == "SaveAllDidComplete" }.count, 1)
    }

    func testPeriodicStrategySavesEveryIntervalOnlyWhatChanged() async throws {
        let clock = TestClock()
        let names = ActionNames()
        let store = store(.periodic(.seconds(10)), clock: clock, names: names)
        store.update(Preferences.SetTheme(theme: "dark"))
        await clock.advance(by: .seconds(10))
        await store.effects.waitForAll()
        XCTAssertEqual(try savedTheme(), "dark")
        let writes = names.names.filter { $0 == "SaveDidSucceed" }.count
        await clock.advance(by: .seconds(10))
        await store.effects.waitForAll()
        XCTAssertEqual(
            names.names.filter { $0 == "SaveDidSucceed" }.count, writes, "nothing changed in the second period")
        store.update(Preferences.SetTheme(theme: "blue"))
        await clock.advance(by: .seconds(10))
        await store.effects.waitForAll()
        XCTAssertEqual(try savedTheme(), "blue")
    }

    func testManualStrategyWritesOnlyWhenAsked() async throws {
        let clock = TestClock()
        let store = store(.manual, clock: clock)
        store.update(Preferences.SetTheme(theme: "dark"))
        await clock.advance(by: .seconds(3600))
        await store.effects.waitForAll()
        XCTAssertEqual(files(), [])
        store.update(ModelSaver.Save())
        await store.effects.waitForAll()
        XCTAssertEqual(try savedTheme(), "dark")
    }

    func testAPartialFileLeftByACrashDoesNotHarmTheSavedOne() async throws {
        let first = store()
        first.update(Preferences.SetTheme(theme: "dark"))
        first.update(ModelSaver.Save())
        await first.effects.waitForAll()
        let partial = directory.appendingPathComponent(".Preferences.json.partial")
        try Data("{\"schemaVersion\": 2, \"model\": {\"theme\": \"ha".utf8).write(to: partial)
        let second = store()
        XCTAssertEqual(second.find(Preferences.self)?.theme, "dark")
        XCTAssertFalse(FileManager.default.fileExists(atPath: partial.path), "the leftover was removed")
    }

    func testACorruptFileIsReportedMovedAsideAndNotOverwritten() async throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("not json".utf8).write(to: file("Preferences"))
        var failures: [ModelSaver.LoadDidFail] = []
        let collector = FailureCollector { failures.append($0) }
        let store = Store(
            model: SavedApp(),
            middleware: [
                collector, ModelSaver(directory: directory, strategy: .manual, date: { [fixedDate] in fixedDate }),
            ])
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.key, "Preferences")
        XCTAssertTrue(
            failures.first!.file.hasPrefix("Preferences.json (moved to Preferences.corrupt-2027-01-15T08-00-00Z.json)"),
            failures.first!.file)
        XCTAssertTrue(failures.first!.error.contains("not a valid saved model"), failures.first!.error)
        XCTAssertEqual(store.find(Preferences.self), Preferences(), "the model keeps its default")
        let aside = directory.appendingPathComponent("Preferences.corrupt-2027-01-15T08-00-00Z.json")
        XCTAssertEqual(try String(contentsOf: aside, encoding: .utf8), "not json", "the bad file is kept")
        store.update(ModelSaver.Save())
        await store.effects.waitForAll()
        XCTAssertEqual(try savedTheme(), "light")
    }

    func testAFileFromANewerVersionIsNeverOverwritten() async throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let newer = #"{"model":{"theme":"neon","fontSize":12,"sparkles":true},"schemaVersion":3}"#
        try Data(newer.utf8).write(to: file("Preferences"))
        var failures: [ModelSaver.LoadDidFail] = []
        let store = Store(
            model: SavedApp(),
            middleware: [FailureCollector { failures.append($0) }, ModelSaver(directory: directory, strategy: .manual)])
        XCTAssertEqual(
            failures.map(\.error), ["written by schema version 3, newer than 2; left as it is and not overwritten"])
        store.update(Preferences.SetTheme(theme: "dark"))
        store.update(ModelSaver.Save())
        await store.effects.waitForAll()
        XCTAssertEqual(try String(contentsOf: file("Preferences"), encoding: .utf8), newer)
    }

    func testAnOlderVersionIsMigrated() async throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(#"{"schemaVersion":1,"model":{"dark":true}}"#.utf8).write(to: file("Preferences"))
        let store = store()
        XCTAssertEqual(store.find(Preferences.self), Preferences(theme: "dark", fontSize: 12))
    }

    func testAnOlderVersionWithoutMigrationIsKeptAside() async throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(#"{"schemaVersion":0,"model":{"count":5}}"#.utf8).write(to: file("Clicks(News)"))
        var failures: [ModelSaver.LoadDidFail] = []
        _ = Store(
            model: SavedApp(),
            middleware: [
                FailureCollector { failures.append($0) },
                ModelSaver(directory: directory, date: { [fixedDate] in fixedDate }),
            ])
        XCTAssertEqual(failures.map(\.error), ["schema version 0 has no migration to 1"])
        XCTAssertTrue(files().contains("Clicks(News).unmigrated-2027-01-15T08-00-00Z.json"))
    }

    func testChangesNotYetSavedAreWrittenWhenTheStoreGoesAway() async throws {
        var store: Store? = store(.debounced(.seconds(60)))
        store!.update(Preferences.SetTheme(theme: "dark"))
        store = nil
        XCTAssertEqual(try savedTheme(), "dark")
    }

    private func savedTheme() throws -> String? {
        struct Envelope: Decodable { let model: Preferences }
        return try JSONDecoder().decode(Envelope.self, from: Data(contentsOf: file("Preferences"))).model.theme
    }
}

/// Hands each load failure but "nothing stored" (a first launch) to a closure.
struct FailureCollector: Middleware {
    let collect: @MainActor (ModelSaver.LoadDidFail) -> Void
    func handle(_ action: Action, store: Store, next: Next) {
        if let failure = action as? ModelSaver.LoadDidFail, failure.reason != .nothingStored { collect(failure) }
        next(action)
    }
}

/// A saved model no tree holds: a store registers it once it has started.
struct Sketch: SavedModel, Equatable {
    var lines = 0
    struct Draw: Action {}
    mutating func update(action: Action) { if action is Draw { lines += 1 } }
}

@MainActor
final class ModelSaverControlTests: XCTestCase {
    private func saved(_ storage: ModelSaver.MemoryStorage, _ key: String) -> String? {
        storage.entries[key].map { String(decoding: $0, as: UTF8.self) }
    }

    func testManualLoadingLoadsWhenAskedOneModelOrAll() async throws {
        let storage = ModelSaver.MemoryStorage()
        let first = Store(model: SavedApp(), middleware: [ModelSaver(storage: storage, strategy: .manual)])
        first.update(Preferences.SetTheme(theme: "dark"))
        first.update(Clicks<News>.Click())
        first.update(ModelSaver.Save())
        await first.effects.waitForAll()

        let names = ActionNames()
        let second = Store(
            model: SavedApp(), middleware: [names, ModelSaver(storage: storage, strategy: .manual, loading: .manual)])
        XCTAssertEqual(second.find(Preferences.self)?.theme, "light", "nothing loaded at start")
        XCTAssertFalse(names.names.contains("LoadAllDidComplete"))
        second.update(ModelSaver.Load(Preferences.self))
        XCTAssertEqual(second.find(Preferences.self)?.theme, "dark")
        XCTAssertEqual(second.find(Clicks<News>.self)?.count, 0, "only the model asked for")
        second.update(ModelSaver.LoadAll())
        XCTAssertEqual(second.find(Clicks<News>.self)?.count, 1)
        XCTAssertEqual(names.names.last, "LoadAllDidComplete")
    }

    func testASavedModelRegisteredAfterTheStoreStartedIsLoadedAsItIsRegistered() async throws {
        let storage = ModelSaver.MemoryStorage()
        let first = Store(model: SavedApp(), middleware: [ModelSaver(storage: storage, strategy: .manual)])
        first.update(Store.Register(model: Sketch()))
        first.update(Sketch.Draw())
        first.update(ModelSaver.Save())
        await first.effects.waitForAll()
        XCTAssertNotNil(storage.entries["Sketch"], "a registered saved model is saved")

        let names = ActionNames()
        let second = Store(model: SavedApp(), middleware: [names, ModelSaver(storage: storage, strategy: .manual)])
        second.update(Store.Register(model: Sketch()))
        XCTAssertEqual(second.find(Sketch.self)?.lines, 1, "loaded as it was registered")
        XCTAssertEqual(Array(names.names.suffix(4)), ["Register", "Replace", "LoadDidSucceed", "LoadDidComplete"])
        second.update(Sketch.Draw())
        second.update(Store.Register(model: Sketch()))
        XCTAssertEqual(second.find(Sketch.self)?.lines, 2, "registering it again neither replaces nor reloads it")

        let manual = Store(
            model: SavedApp(), middleware: [ModelSaver(storage: storage, strategy: .manual, loading: .manual)])
        manual.update(Store.Register(model: Sketch()))
        XCTAssertEqual(manual.find(Sketch.self)?.lines, 0, "manual loading loads only when asked")
        manual.update(ModelSaver.Load(Sketch.self))
        XCTAssertEqual(manual.find(Sketch.self)?.lines, 1)
    }

    func testSavingOneModelOrAllOfThemChangedOrNot() async throws {
        let storage = ModelSaver.MemoryStorage()
        let names = ActionNames()
        let store = Store(model: SavedApp(), middleware: [names, ModelSaver(storage: storage, strategy: .manual)])
        store.update(Preferences.SetTheme(theme: "dark"))
        store.update(Clicks<News>.Click())
        store.update(ModelSaver.Save(Preferences.self))
        await store.effects.waitForAll()
        XCTAssertEqual(storage.entries.keys.sorted(), ["Preferences"], "only the model asked for")
        store.update(ModelSaver.SaveAll())
        await store.effects.waitForAll()
        XCTAssertEqual(storage.entries.keys.sorted(), ["Clicks(News)", "Clicks(Products)", "Preferences"])
        let writes = names.names.filter { $0 == "SaveDidSucceed" }.count
        store.update(ModelSaver.SaveAll())
        await store.effects.waitForAll()
        XCTAssertEqual(names.names.filter { $0 == "SaveDidSucceed" }.count, writes + 3, "unchanged models too")
    }

    func testTheSettingsAreAModelThatSwitchesTheStrategyAtRunTime() async throws {
        let storage = ModelSaver.MemoryStorage()
        let clock = TestClock()
        let store = Store(
            model: SavedApp(), middleware: [ModelSaver(storage: storage, strategy: .manual, clock: clock)])
        XCTAssertEqual(
            store.find(ModelSaver.Settings.self), ModelSaver.Settings(strategy: .manual, loading: .automatic))
        store.update(Preferences.SetTheme(theme: "dark"))
        await clock.advance(by: .seconds(10))
        await store.effects.waitForAll()
        XCTAssertNil(storage.entries["Preferences"], "manual: nothing saved")
        store.update(ModelSaver.SetStrategy(.debounced(.seconds(1))))
        XCTAssertEqual(store.find(ModelSaver.Settings.self)?.strategy, .debounced(.seconds(1)))
        store.update(Preferences.SetTheme(theme: "blue"))
        await clock.advance(by: .seconds(1))
        await store.effects.waitForAll()
        XCTAssertTrue(saved(storage, "Preferences")?.contains("blue") == true, "debounced now")
    }
}
