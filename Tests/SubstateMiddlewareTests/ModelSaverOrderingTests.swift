import Foundation
import Substate
import SubstateTestSupport
import XCTest

@testable import SubstateMiddleware

/// Saves asked for while a write is under way, and the order of writes, driven through a
/// storage whose writes end when the test says.
@MainActor
final class ModelSaverOrderingTests: XCTestCase {
    private func theme(in data: Data) throws -> String {
        struct Envelope: Decodable { let model: Preferences }
        return try JSONDecoder().decode(Envelope.self, from: data).model.theme
    }

    private func count(_ name: String, in names: ActionNames) -> Int { names.names.filter { $0 == name }.count }

    /// Yields the main actor until the condition holds, so effects can deliver their outcomes.
    private func settle(until condition: () -> Bool, _ message: String) async {
        let deadline = Date().addingTimeInterval(10)
        while !condition() {
            guard Date() < deadline else { return XCTFail("never settled: \(message)") }
            await Task.yield()
        }
    }

    func testASaveAskedForDuringAWriteRunsWhenThatWriteEnds() async throws {
        let storage = GatedStorage()
        let names = ActionNames()
        let store = Store(model: SavedApp(), middleware: [names, ModelSaver(storage: storage, strategy: .manual)])
        store.update(Preferences.SetTheme(theme: "first"))
        store.update(ModelSaver.Save())
        await settle(until: { storage.waiting == 1 }, "the first write waits")
        store.update(Preferences.SetTheme(theme: "second"))
        store.update(ModelSaver.Save())
        storage.open()
        await store.effects.waitForAll()
        XCTAssertEqual(
            try storage.written("Preferences").map(theme), ["first", "second"],
            "the second save ran once the first write ended, with no further Save")
        XCTAssertEqual(count("SaveDidSucceed", in: names), 3 + 1, "one outcome per write: three models, then one")
        XCTAssertEqual(count("SaveAllDidComplete", in: names), 2)
    }

    func testSavesAskedForDuringAWriteAreCoalescedIntoOneWriteOfTheNewestState() async throws {
        let storage = GatedStorage()
        let store = Store(model: SavedApp(), middleware: [ModelSaver(storage: storage, strategy: .manual)])
        store.update(Preferences.SetTheme(theme: "a"))
        store.update(ModelSaver.Save())
        await settle(until: { storage.waiting == 1 }, "the first write waits")
        for theme in ["b", "c", "d"] {
            store.update(Preferences.SetTheme(theme: theme))
            store.update(ModelSaver.Save())
        }
        storage.open()
        await store.effects.waitForAll()
        XCTAssertEqual(try storage.written("Preferences").map(theme), ["a", "d"])
    }

    func testEveryStrategySavesAChangeMadeDuringAWrite() async throws {
        let strategies: [(String, ModelSaver.Strategy)] = [
            ("debounced", .debounced(.milliseconds(100))), ("throttled", .throttled(.milliseconds(100))),
            ("periodic", .periodic(.milliseconds(100))),
        ]
        for (label, strategy) in strategies {
            let storage = GatedStorage()
            let clock = TestClock()
            let store = Store(
                model: SavedApp(), middleware: [ModelSaver(storage: storage, strategy: strategy, clock: clock)])
            store.update(Preferences.SetTheme(theme: "first"))
            await clock.advance(by: .milliseconds(100))
            await settle(until: { storage.waiting == 1 }, "\(label): the first write waits")
            store.update(Preferences.SetTheme(theme: "second"))
            await clock.advance(by: .milliseconds(100))
            storage.open()
            await store.effects.waitForAll()
            XCTAssertEqual(try storage.written("Preferences").map(theme), ["first", "second"], label)
        }
    }

    func testReleasingTheStoreDuringAWriteLeavesTheNewestStateWrittenLast() async throws {
        let storage = GatedStorage()
        var store: Store? = Store(model: SavedApp(), middleware: [ModelSaver(storage: storage, strategy: .manual)])
        store!.update(Preferences.SetTheme(theme: "saved"))
        store!.update(ModelSaver.Save())
        await settle(until: { storage.waiting == 1 }, "the write waits")
        store!.update(Preferences.SetTheme(theme: "newest"))
        // The release waits for the write under way, which the storage lets through.
        storage.open()
        store = nil
        XCTAssertEqual(try storage.written("Preferences").map(theme), ["saved", "newest"])
    }

    /// Random interleavings of changes, saves, write completions and releases, under every
    /// strategy: writes of a model are never out of order, every save asked for reaches the
    /// storage once writing settles, and every reported save was written.
    func testRandomInterleavingsNeverLoseOrReorderASave() async throws {
        var random = SplitMix64(seed: 0x5A7E)
        for round in 0..<150 {
            let storage = GatedStorage()
            let names = ActionNames()
            let clock = TestClock()
            let strategy: ModelSaver.Strategy = [
                .manual, .debounced(.milliseconds(50)), .throttled(.milliseconds(50)), .periodic(.milliseconds(50)),
            ][Int(random.next() % 4)]
            var store: Store? = Store(
                model: SavedApp(), middleware: [names, ModelSaver(storage: storage, strategy: strategy, clock: clock)])
            var version = 0
            var versionAtLastSave = 0
            for _ in 0..<(10 + random.next() % 30) {
                switch random.next() % 6 {
                case 0, 1:
                    version += 1
                    store!.update(Preferences.SetTheme(theme: "\(version)"))
                case 2:
                    versionAtLastSave = version
                    store!.update(ModelSaver.Save())
                case 3:
                    storage.allow(Int(random.next() % 3))
                case 4:
                    await clock.advance(by: .milliseconds(Int64(random.next() % 80)))
                default:
                    for _ in 0..<(random.next() % 20) { await Task.yield() }
                }
            }
            let context = "round \(round), strategy \(strategy)"
            let released = random.next() % 2 == 0
            storage.open()
            if released {
                store = nil
            } else {
                if case .manual = strategy {} else { await clock.advance(by: .milliseconds(100)) }
                await store!.effects.waitForAll()
            }
            let written = try storage.written("Preferences").map { Int(try theme(in: $0)) ?? 0 }
            XCTAssertEqual(written, written.sorted(), "\(context): writes in the order of states")
            XCTAssertEqual(Set(written).count, written.count, "\(context): no state written twice")
            let onDisk = written.last ?? 0
            if released {
                XCTAssertEqual(onDisk, version, "\(context): the release leaves the newest state")
            } else if case .manual = strategy {
                XCTAssertGreaterThanOrEqual(onDisk, versionAtLastSave, "\(context): the last save asked for")
            } else {
                XCTAssertEqual(onDisk, version, "\(context): the strategy saved the newest state")
            }
            if !released {
                XCTAssertEqual(
                    count("SaveDidSucceed", in: names),
                    storage.written("Preferences").count
                        + storage.written("Clicks(News)").count + storage.written("Clicks(Products)").count,
                    "\(context): one success reported per write, none for a state not written")
            }
        }
    }
}
