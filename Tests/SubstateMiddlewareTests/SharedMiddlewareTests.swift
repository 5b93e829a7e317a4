import Foundation
import Substate
import SubstateReplay
import SubstateTestSupport
import XCTest

@testable import SubstateMiddleware

/// A counter for the stores that share one middleware list.
struct SharedCounter: SavedModel, Equatable, LoggedModel, RecordedModel, PublishedModel {
    var value = 0
    struct Inc: Action, Codable, TrackedAction, PublishedAction, UndoableAction {
        static var undoableModels: [any Model.Type] { [SharedCounter.self] }
    }
    struct Other: Action, Codable {}
    struct Changed: Action, Codable, Equatable { let value: Int }
    struct Fetch: Action, Codable, ExecutableAction {
        func execute(dependencies: Dependencies) async throws -> (any Action)? { Changed(value: -1) }
    }
    mutating func update(action: Action) {
        if action is Inc { value += 1 }
    }
}

/// Keeps the `SharedCounter.Changed` actions that reach the tree, as the last middleware.
@MainActor
final class ChangedCatcher: Middleware {
    var values: [Int] = []
    func handle(_ action: Action, store: Store, next: Next) {
        if let changed = action as? SharedCounter.Changed { values.append(changed.value) }
        next(action)
    }
}

/// One middleware list, several stores: side by side and one after the other. Each middleware
/// either keeps what it learns per store, or serves one store and says so with a diagnostic.
@MainActor
final class SharedMiddlewareTests: XCTestCase {
    func testAChangeStreamServesEveryStoreMadeFromOneList() async {
        let stream = ActionStream([.changes(of: SharedCounter.self, \.value, map: { SharedCounter.Changed(value: $0) })]
        )
        let catcher1 = ChangedCatcher()
        let catcher2 = ChangedCatcher()
        let s1 = Store(model: SharedCounter(), middleware: [stream, catcher1])
        s1.update(SharedCounter.Inc())
        let s2 = Store(model: SharedCounter(), middleware: [stream, catcher2])
        s2.update(SharedCounter.Inc())
        XCTAssertEqual(catcher1.values, [1])
        XCTAssertEqual(catcher2.values, [1], "the second store has its own source")
        s1.update(SharedCounter.Inc())
        XCTAssertEqual(catcher1.values, [1, 2])
        XCTAssertEqual(catcher2.values, [1])

        var s3: Store? = Store(model: SharedCounter(), middleware: [stream, ChangedCatcher()])
        s3 = nil
        let catcher4 = ChangedCatcher()
        let s4 = Store(model: SharedCounter(), middleware: [stream, catcher4])
        s4.update(SharedCounter.Inc())
        XCTAssertEqual(catcher4.values, [1], "a store made after another's release is served")
        _ = s3
    }

    func testAValueTrackerKeepsEachStoresLastValue() async {
        var events: [String] = []
        let tracker = ValueTracker([.value("count", of: SharedCounter.self, \.value)]) { events.append($0.description) }
        let s1 = Store(model: SharedCounter(), middleware: [tracker])
        s1.update(SharedCounter.Inc())
        let s2 = Store(model: SharedCounter(), middleware: [tracker])
        s1.update(SharedCounter.Other())
        s2.update(SharedCounter.Other())
        XCTAssertEqual(events, ["count value=0", "count value=1", "count value=0"], "no value is emitted again")
        s2.update(SharedCounter.Inc())
        XCTAssertEqual(events.last, "count value=1")
        XCTAssertEqual(events.count, 4)
    }

    func testTimingMiddlewareHoldsEachStoresActionsApart() async {
        let clock = TestClock()
        let delayer = ActionDelayer(clock: clock)
        let debouncer = ActionDebouncer(clock: clock)
        let throttler = ActionThrottler(clock: clock)
        let arrivals1 = Arrivals(clock)
        let arrivals2 = Arrivals(clock)
        var s1: Store? = Store(model: Leaf(), middleware: [delayer, debouncer, throttler, arrivals1])
        let s2 = Store(model: Leaf(), middleware: [delayer, debouncer, throttler, arrivals2])
        s1!.update(Query(name: "q1"))
        s2.update(Query(name: "q2"))
        s1!.update(Hint(name: "h1"))
        s2.update(Hint(name: "h2"))
        s1!.update(Scroll(name: "a1"))
        s1!.update(Scroll(name: "b1"))
        s2.update(Scroll(name: "a2"))
        s2.update(Scroll(name: "b2"))
        await clock.advance(by: .milliseconds(150))
        XCTAssertEqual(arrivals1.log, ["a1@0", "q1@100", "h1@100", "b1@100"])
        XCTAssertEqual(arrivals2.log, ["a2@0", "q2@100", "h2@100", "b2@100"], "each store's bursts are its own")

        s2.update(Hint(name: "later"))
        s1 = nil
        await clock.advance(by: .milliseconds(100))
        XCTAssertEqual(arrivals2.log.last, "later@250", "releasing one store leaves the other's actions held")

        let arrivals3 = Arrivals(clock)
        let s3 = Store(model: Leaf(), middleware: [delayer, debouncer, throttler, arrivals3])
        s3.update(Query(name: "q3"))
        await clock.advance(by: .milliseconds(100))
        XCTAssertEqual(arrivals3.log, ["q3@350"])
        _ = s1
    }

    func testATriggerFollowsUpInEveryStore() async {
        let trigger = ActionTrigger([
            .after(SharedCounter.Inc.self) { _, context in
                SharedCounter.Changed(value: context.find(SharedCounter.self)?.value ?? -1)
            }
        ])
        let catcher1 = ChangedCatcher()
        let catcher2 = ChangedCatcher()
        let s1 = Store(model: SharedCounter(), middleware: [trigger, catcher1])
        let s2 = Store(model: SharedCounter(value: 10), middleware: [trigger, catcher2])
        s1.update(SharedCounter.Inc())
        s2.update(SharedCounter.Inc())
        s1.update(SharedCounter.Inc())
        XCTAssertEqual(catcher1.values, [1, 2])
        XCTAssertEqual(catcher2.values, [11])
    }

    func testAnUndoerKeepsAHistoryPerStore() async {
        let undoer = ActionUndoer()
        let s1 = Store(model: SharedCounter(), middleware: [undoer])
        let s2 = Store(model: SharedCounter(), middleware: [undoer])
        s1.update(SharedCounter.Inc())
        XCTAssertTrue(undoer.canUndo(in: s1))
        XCTAssertFalse(undoer.canUndo(in: s2))
        s2.update(Undo())
        XCTAssertEqual(s1.find(SharedCounter.self)?.value, 1, "undo in one store leaves the other alone")
        XCTAssertEqual(s2.find(SharedCounter.self)?.value, 0)
        s1.update(Undo())
        XCTAssertEqual(s1.find(SharedCounter.self)?.value, 0)
    }

    func testEachStoreHasItsOwnLoggerSwitchAndItsOwnPreviousState() async {
        let lines = Lines()
        let logger = ActionLogger(output: lines.output)
        let s1 = Store(model: SharedCounter(), middleware: [logger])
        let s2 = Store(model: SharedCounter(), middleware: [logger])
        s1.update(ActionLogger.Toggle())
        lines.entries = []
        s1.update(SharedCounter.Inc())
        s2.update(SharedCounter.Other())
        XCTAssertEqual(lines.entries.count, 1, "\(lines.entries)")
        XCTAssertTrue(lines.entries[0].contains("SharedCounter.Other"))

        let diffs = Lines()
        let modelLogger = ModelLogger(filter: true, diff: true, output: diffs.output)
        let t1 = Store(model: SharedCounter(), middleware: [modelLogger])
        t1.update(SharedCounter.Inc())
        t1.update(SharedCounter.Inc())
        let t2 = Store(model: SharedCounter(), middleware: [modelLogger])
        t2.update(SharedCounter.Other())
        XCTAssertFalse(
            diffs.entries.contains { $0.hasPrefix("SharedCounter.Other") },
            "the second store is compared with its own state: \(diffs.entries)")
        t2.update(SharedCounter.Inc())
        XCTAssertEqual(diffs.entries.last?.contains("0 → 1"), true, "\(diffs.entries)")
    }

    func testTrackersAndPublishersGatherEveryStoreAndEndWithTheLast() async {
        var events: [String] = []
        let tracker = ActionTracker { events.append($0.name) }
        let publisher = ActionPublisher()
        var s1: Store? = Store(model: SharedCounter(), middleware: [tracker, publisher])
        var s2: Store? = Store(model: SharedCounter(), middleware: [tracker, publisher])
        let trackedEvents = tracker.events()
        let published = publisher.actions()
        s1!.update(SharedCounter.Inc())
        s2!.update(SharedCounter.Inc())
        s1 = nil
        s2!.update(SharedCounter.Inc())
        s2 = nil
        XCTAssertEqual(events, ["SharedCounter.Inc", "SharedCounter.Inc", "SharedCounter.Inc"], "tracked by type name")
        var eventCount = 0
        for await _ in trackedEvents { eventCount += 1 }
        XCTAssertEqual(eventCount, 3, "the sequence ends with the last store, not the first")
        var actionCount = 0
        for await _ in published { actionCount += 1 }
        XCTAssertEqual(actionCount, 3)
        _ = (s1, s2)

        let timer = ActionTimer(clock: TestClock())
        let t1 = Store(model: SharedCounter(), middleware: [timer])
        let t2 = Store(model: SharedCounter(), middleware: [timer])
        t1.update(SharedCounter.Inc())
        t2.update(SharedCounter.Inc())
        XCTAssertEqual(timer.statistics["SharedCounter.Inc"]?.count, 2, "a shared timer gathers every store")
    }

    func testAModelPublisherServesOneStoreAtATimeAndSaysSo() async {
        let publisher = ModelPublisher()
        var diagnostics: [Diagnostic] = []
        var s1: Store? = Store(model: SharedCounter(), middleware: [publisher])
        let values = publisher.values(of: SharedCounter.self)
        let s2 = Store(model: SharedCounter(), middleware: [publisher], onDiagnostic: { diagnostics.append($0) })
        s2.update(SharedCounter.Inc())
        XCTAssertEqual(diagnostics.map(\.kind), [.sharedMiddleware])
        XCTAssertEqual(diagnostics.first?.typeName, "ModelPublisher")
        XCTAssertTrue(diagnostics.first?.message.contains("Give each store its own ModelPublisher") == true)
        s1!.update(SharedCounter.Inc())
        s1 = nil
        var seen: [Int] = []
        for await counter in values { seen.append(counter.value) }
        XCTAssertEqual(seen, [0, 1], "only the first store's values, and its release ends the sequence")

        var quiet: [Diagnostic] = []
        let s3 = Store(model: SharedCounter(value: 5), middleware: [publisher], onDiagnostic: { quiet.append($0) })
        var later = publisher.values(of: SharedCounter.self).makeAsyncIterator()
        let first = await later.next()
        XCTAssertEqual(first?.value, 5, "a store made after the first one's release is served")
        XCTAssertEqual(quiet, [])
        _ = (s2, s3)
    }

    func testARecorderRecordsOneStoreAndRefusesAnyOther() async throws {
        let log = MemoryLog()
        let recorder = ActionRecorder(to: log, digestEvery: 1)
        let models = ModelRecorder(to: log)
        var diagnostics: [Diagnostic] = []
        var s1: Store? = Store(model: SharedCounter(), middleware: [recorder, models])
        var s2: Store? = Store(
            model: SharedCounter(value: 100), middleware: [recorder, models], onDiagnostic: { diagnostics.append($0) })
        s1!.update(SharedCounter.Inc())
        s2!.update(SharedCounter.Inc())
        s2!.update(SharedCounter.Inc())
        s2 = nil
        s1!.update(SharedCounter.Inc())
        s1 = nil
        XCTAssertEqual(Set(diagnostics.map(\.typeName)), ["ActionRecorder", "ModelRecorder"])
        XCTAssertEqual(Set(diagnostics.map(\.kind)), [.sharedMiddleware])
        let parsed = try ActionLog(lines: log.lines)
        XCTAssertEqual(parsed.entries.filter { $0.type.hasSuffix("Inc") }.count, 2, "only the first store's actions")
        let replay = try Replay.run(parsed, as: SharedCounter.self)
        XCTAssertNil(replay.divergence, "nothing of the other store reached the log")
        XCTAssertEqual(replay.store.find(SharedCounter.self)?.value, 2)

        var later: [Diagnostic] = []
        let s3 = Store(model: SharedCounter(), middleware: [recorder], onDiagnostic: { later.append($0) })
        s3.update(SharedCounter.Inc())
        XCTAssertEqual(later.map(\.kind), [.sharedMiddleware], "a log holds one session, also after a release")
        XCTAssertEqual(try ActionLog(lines: log.lines).entries.count, parsed.entries.count)
        _ = (s1, s2)
    }

    func testASaverKeepsEachStoresStrategyAndTimers() async throws {
        let clock = TestClock()
        let storage = ModelSaver.MemoryStorage()
        let saver = ModelSaver(storage: storage, strategy: .debounced(.seconds(1)), clock: clock)
        var s1: Store? = Store(model: SharedCounter(), middleware: [saver])
        let s2 = Store(model: SharedCounter(), middleware: [saver])
        s1!.update(ModelSaver.SetStrategy(.manual))
        XCTAssertEqual(s2.find(ModelSaver.Settings.self)?.strategy, .debounced(.seconds(1)))
        s2.update(SharedCounter.Inc())
        s1 = nil
        await clock.advance(by: .seconds(1))
        await s2.effects.waitForAll()
        let saved = try XCTUnwrap(storage.entries[SharedCounter.saveKey])
        XCTAssertTrue(String(decoding: saved, as: UTF8.self).contains("\"value\":1"), "the debounced save still ran")
        _ = s1
    }

    func testEffectsExecutorsAndServicesRunInEveryStore() async {
        let handler = EffectHandler(effects: [
            Effect(for: SharedCounter.Inc.self) { _ in SharedCounter.Changed(value: 7) }
        ])
        let executor = ActionExecutor()
        let catcher1 = ChangedCatcher()
        let catcher2 = ChangedCatcher()
        let s1 = Store(model: SharedCounter(), middleware: [handler, executor, catcher1])
        let s2 = Store(model: SharedCounter(), middleware: [handler, executor, catcher2])
        s1.update(SharedCounter.Inc())
        s2.update(SharedCounter.Inc())
        s2.update(SharedCounter.Fetch())
        await s1.effects.waitForAll()
        await s2.effects.waitForAll()
        XCTAssertEqual(catcher1.values, [7])
        XCTAssertEqual(catcher2.values.sorted(), [-1, 7])
    }
}
