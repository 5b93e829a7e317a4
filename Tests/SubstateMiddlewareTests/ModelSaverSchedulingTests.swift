import Foundation
import Substate
import Synchronization
import XCTest

@testable import SubstateMiddleware

/// A clock that tells a test clock's time and counts the sleeps started on it: a saver given it
/// schedules with sleeping tasks, as on a real clock, and the test sees how many it started.
final class CountingClock: Clock, Sendable {
    let base = TestClock()
    private let sleeps = Atomic<Int>(0)

    var now: TestClock.Instant { base.now }
    var minimumResolution: Duration { .zero }
    /// How many sleeps were started.
    var sleepCount: Int { sleeps.load(ordering: .relaxed) }

    func sleep(until deadline: TestClock.Instant, tolerance: Duration?) async throws {
        sleeps.add(1, ordering: .relaxed)
        try await base.sleep(until: deadline, tolerance: tolerance)
    }
}

/// A memory storage that counts the writes of each key.
final class CountingStorage: ModelSaver.Storage {
    let memory = ModelSaver.MemoryStorage()
    private let counts = Mutex<[String: Int]>([:])

    /// How many times each key was written.
    var writes: [String: Int] { counts.withLock { $0 } }

    func read(_ key: String) throws -> Data? { try memory.read(key) }
    func write(_ data: Data, for key: String) throws {
        counts.withLock { $0[key, default: 0] += 1 }
        try memory.write(data, for: key)
    }
    func moveAside(_ key: String, reason: String, at date: Date) throws -> String {
        try memory.moveAside(key, reason: reason, at: date)
    }
    func name(for key: String) -> String { key }
}

/// When the saver's strategy saves: on which clock, and at what cost per action.
@MainActor
final class ModelSaverSchedulingTests: XCTestCase {
    func testWithoutAClockOfItsOwnTheSaverTimesItsStrategyOnTheStoresClock() async throws {
        let clock = TestClock()
        let storage = CountingStorage()
        let store = Store(
            model: SavedApp(), middleware: [ModelSaver(storage: storage, strategy: .debounced(.seconds(1)))],
            dependencies: Dependencies { $0.clock = clock })
        store.update(Preferences.SetTheme(theme: "dark"))
        await clock.advance(by: .milliseconds(999))
        await store.effects.waitForAll()
        XCTAssertEqual(storage.writes, [:], "the store's clock has not reached the deadline")
        await clock.advance(by: .milliseconds(1))
        await store.effects.waitForAll()
        XCTAssertEqual(storage.writes["Preferences"], 1, "saved as the store's clock reached it")
        XCTAssertTrue(
            storage.memory.entries["Preferences"].map { String(decoding: $0, as: UTF8.self).contains("dark") }
                == true)
    }

    func testAClockGivenToTheSaverIsTheOneItTimesWith() async throws {
        let own = TestClock()
        let stores = TestClock()
        let storage = CountingStorage()
        let store = Store(
            model: SavedApp(),
            middleware: [ModelSaver(storage: storage, strategy: .debounced(.seconds(1)), clock: own)],
            dependencies: Dependencies { $0.clock = stores })
        store.update(Preferences.SetTheme(theme: "dark"))
        await stores.advance(by: .seconds(5))
        await store.effects.waitForAll()
        XCTAssertEqual(storage.writes, [:])
        await own.advance(by: .seconds(1))
        await store.effects.waitForAll()
        XCTAssertEqual(storage.writes["Preferences"], 1)
    }

    func testABurstOfChangesKeepsOneSleepingTaskAndWritesOnce() async throws {
        let clock = CountingClock()
        let storage = CountingStorage()
        let store = Store(
            model: SavedApp(),
            middleware: [ModelSaver(storage: storage, strategy: .debounced(.milliseconds(100)), clock: clock)])
        for index in 0..<1_000 { store.update(Preferences.SetTheme(theme: "theme \(index)")) }
        await clock.base.waitForSleepers(1)
        await clock.base.advance(by: .milliseconds(50))
        store.update(Preferences.SetTheme(theme: "last"))  // the deadline moves to 150 ms
        await clock.base.advance(by: .milliseconds(50))
        await store.effects.waitForAll()
        XCTAssertEqual(storage.writes["Preferences"], nil, "at 100 ms, the deadline has moved on")
        await clock.base.waitForSleepers(1)
        await clock.base.advance(by: .milliseconds(50))
        await store.effects.waitForAll()
        XCTAssertEqual(storage.writes["Preferences"], 1, "one write for the burst, at 150 ms")
        XCTAssertTrue(
            storage.memory.entries["Preferences"].map { String(decoding: $0, as: UTF8.self).contains("last") }
                == true)
        XCTAssertEqual(clock.sleepCount, 2, "one sleep for the burst, and one more for the moved deadline")
        XCTAssertEqual(store.pendingWork, 0, "nothing is left scheduled")
    }
}
