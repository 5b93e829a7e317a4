import Foundation
import Substate
import SubstateReplay
import SubstateTestSupport
import XCTest

@testable import SubstateMiddleware

struct Basket: Model, Equatable, Codable {
    var items: [String] = []
    var totalCents = 0
    var theme = "light"
    struct Put: Action, Codable, TrackedAction {
        let item: String
        let cents: Int
        static var tracking: Tracking<Self> {
            Tracking("put").value("item", \.item).constant("screen", "basket").model("total", Basket.self, \.totalCents)
        }
    }
    struct Theme: Action, Codable { let name: String }
    struct Tick: Action, Codable { let count: Int }
    struct Empty: Action, Codable {}
    mutating func update(action: Action) {
        if let put = action as? Put {
            items.append(put.item)
            totalCents += put.cents
        }
        if let theme = action as? Theme { self.theme = theme.name }
        if action is Empty { items = [] }
    }
}

@MainActor
final class TrackerAndStreamTests: XCTestCase {
    func testTrackedActionsBecomeEventsWithValuesFromTheActionConstantsAndTheTree() async {
        var seen: [String] = []
        let tracker = ActionTracker { seen.append($0.description) }
        let store = Store(model: Basket(), middleware: [tracker])
        let stream = tracker.events()
        store.update(Basket.Put(item: "tea", cents: 300))
        store.update(Basket.Theme(name: "dark"))
        store.update(Basket.Put(item: "milk", cents: 120))
        XCTAssertEqual(seen, ["put item=tea screen=basket total=300", "put item=milk screen=basket total=420"])
        var iterator = stream.makeAsyncIterator()
        let first = await iterator.next()
        XCTAssertEqual(first?.name, "put")
        XCTAssertEqual(first?.values.first?.value, "tea")
    }

    func testATrackedActionWithoutADeclarationTracksItsTypeName() async {
        struct Tapped: Action, TrackedAction {}
        var seen: [TrackedEvent] = []
        let store = Store(model: Basket(), middleware: [ActionTracker { seen.append($0) }])
        store.update(Tapped())
        XCTAssertEqual(seen, [TrackedEvent(name: "Tapped")])
    }

    func testValueTrackerEmitsAtStartAndOnEveryChange() async {
        var seen: [String] = []
        let tracker = ValueTracker([
            .value("theme", of: Basket.self, \.theme), .value("items", of: Basket.self, \.items.count),
        ]) {
            seen.append($0.description)
        }
        let store = Store(model: Basket(), middleware: [tracker])
        store.update(Basket.Theme(name: "light"))
        store.update(Basket.Theme(name: "dark"))
        store.update(Basket.Put(item: "tea", cents: 1))
        XCTAssertEqual(seen, ["theme value=light", "items value=0", "theme value=dark", "items value=1"])
    }

    func testNothingIsTrackedDuringReplayUnlessAsked() async throws {
        let log = MemoryLog()
        let store = Store(model: Basket(), middleware: [ActionRecorder(to: log)])
        store.update(Basket.Put(item: "tea", cents: 300))
        var quiet: [TrackedEvent] = []
        var loud: [TrackedEvent] = []
        let parsed = try ActionLog(lines: log.lines)
        _ = try Replay.run(parsed, as: Basket.self, middleware: [ActionTracker { quiet.append($0) }])
        _ = try Replay.run(parsed, as: Basket.self, middleware: [ActionTracker(duringReplay: true) { loud.append($0) }])
        XCTAssertEqual(quiet, [])
        XCTAssertEqual(loud.map(\.name), ["put"])
    }

    func testOutsideSequencesAndValueChangesBecomeActionsForAsLongAsTheStoreLives() async {
        let clock = TestClock()
        // A ticker the test drives: one element per second of the test clock.
        let ticks = AsyncStream<Int> { continuation in
            let task = Task {
                for count in 1... {
                    guard (try? await clock.sleep(for: .seconds(1))) != nil else { break }
                    continuation.yield(count)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
        var store: Store? = Store(
            model: Basket(),
            middleware: [
                ActionStream([
                    .sequence({ _ in ticks }, map: { Basket.Put(item: "tick \($0)", cents: 0) }),
                    .changes(of: Basket.self, \.theme, map: { $0 == "dark" ? Basket.Empty() : nil }),
                ])
            ])
        var reduced = store!.actions().makeAsyncIterator()
        for _ in 1...2 {
            await clock.waitForSleepers(1)
            await clock.advance(by: .seconds(1))
            while let action = await reduced.next(), !(action is Basket.Put) {}
        }
        XCTAssertEqual(store!.find(Basket.self)?.items, ["tick 1", "tick 2"])
        store!.update(Basket.Theme(name: "dark"))
        XCTAssertEqual(store!.find(Basket.self)?.items, [], "the change was mapped to an action")
        let effects = store!.effects
        store = nil
        await effects.waitForAll()
        XCTAssertEqual(clock.sleeperCount, 0, "the sequence was cancelled with the store")
    }
}
