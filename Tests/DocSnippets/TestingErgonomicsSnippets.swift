// swift-format-ignore-file
// The code below is the documentation's, line for line (SnippetCoverageTests), so it keeps
// the documents' layout rather than the formatter's.

import Substate
import SubstateMiddleware
import SubstateTesting
import XCTest

// MARK: Testing.md, "TCA's test ergonomics"

/// The Testing article's TCA ergonomics, compiled and run as written there.
@MainActor
final class TestingErgonomicsSnippetTests: XCTestCase {
    struct Stopwatch: Model, Equatable {
        var elapsed = 0
        var laps = 0
        struct ViewTask: Action {}
        struct Tick: Action {}
        struct Lap: Action {}
        struct LapSaved: Action {}
        mutating func update(action: Action) {
            if action is Tick { elapsed += 1 }
            if action is Lap { laps += 1 }
        }
    }

    static let stopwatchEffects = EffectHandler(effects: [
        Effect(for: Stopwatch.ViewTask.self) { _, send in
            while true {
                try await send.dependencies.clock.sleep(for: .seconds(1))
                await send(Stopwatch.Tick())
            }
        },
        Effect(for: Stopwatch.Lap.self) { _, send in await send(Stopwatch.LapSaved()) },
    ])

    struct Suggestions: Model, Equatable {
        var text = ""
        struct Query: Action, DebouncedAction {
            let text: String
            var debounce: Debounce { Debounce(.zero) }
        }
        mutating func update(action: Action) { if let query = action as? Query { text = query.text } }
    }

    struct NumberFact: Model, Equatable {
        struct Offline: Error {}
        var fact: String?
        struct FactTapped: Action {}
        struct Response: Action { let result: Result<String, Offline> }
        mutating func update(action: Action) {
            if let response = action as? Response, case .success(let fact) = response.result { self.fact = fact }
        }
    }

    static let factEffects = EffectHandler(effects: [
        Effect(for: NumberFact.FactTapped.self) { _, send in
            await send(NumberFact.Response(result: .success("0 is a good number.")))
        }
    ])

    struct Player: Model, Equatable {
        var elapsed = 0
        struct Play: Action {}
        struct Tick: Action {}
        mutating func update(action: Action) { if action is Tick { elapsed += 1 } }
    }

    struct Playlist: Model, Equatable {
        var path = ScreenStack<Player>([Player(), Player()])
        mutating func update(action: Action) {}
    }

    static let playerEffects = EffectHandler(effects: [
        Effect(model: Player.self, action: Player.Play.self) { _, _, send in
            try await send.dependencies.clock.sleep(for: .seconds(1))
            await send(Player.Tick())
        }
    ])

    struct Download: Model, Equatable, Identifiable {
        let id: Int
        var isDone = false
        struct Finished: TargetedAction {
            typealias Target = Download
            let targetID: Int
        }
        mutating func update(action: Action) {
            if let finished = action as? Finished, finished.targetID == id { isDone = true }
        }
    }

    struct Downloads: Model, Equatable {
        var items = [Download(id: 1), Download(id: 2)]
        struct StartAll: Action {}
        mutating func update(action: Action) {}
    }

    static let downloadEffects = EffectHandler(effects: [
        Effect(for: Downloads.StartAll.self) { _, send in
            await send(Download.Finished(targetID: 1))
            await send(Download.Finished(targetID: 2))
        }
    ])

    func testTheTaskASendReturns() async {
        let clock = TestClock()
        let store = TestStore(model: Stopwatch(), middleware: [Self.stopwatchEffects]) { $0.clock = clock }
        let task = await store.send(Stopwatch.ViewTask())
        await clock.advance(by: .seconds(1))
        await store.receive(Stopwatch.Tick.self) { $0.elapsed = 1 }
        await task.cancel()   // the view went away: the timer stops

        let lap = await store.send(Stopwatch.Lap()) { $0.laps = 1 }
        await lap.finish()   // its effect has ended: it saved the lap
        await store.receive(Stopwatch.LapSaved.self)
        await store.finish()
    }

    func testSkippedAssertions() async {
        let store = TestStore(model: Stopwatch(), middleware: [Self.stopwatchEffects])
        store.exhaustivity = .off(showSkippedAssertions: true)
        await store.send(Stopwatch.Lap())   // noted: Stopwatch.laps: 0 → 1
        await store.finish()                // noted: LapSaved was not received
        XCTAssertEqual(store.skippedActions.count, 1)
    }

    func testAdvancingTheClockByNothing() async {
        let clock = TestClock()
        let store = TestStore(model: Suggestions(), middleware: [ActionDebouncer(clock: clock)])
        await store.send(Suggestions.Query(text: "s"))   // debounced by .zero: held for the clock
        await clock.advance()                             // runs what is due now; time does not move
        await store.receive(Suggestions.Query.self) { $0.text = "s" }
        XCTAssertEqual(clock.now.offset, .zero)
    }

    func testReceivingOneCaseOfAResult() async {
        let store = TestStore(model: NumberFact(), middleware: [Self.factEffects])
        await store.send(NumberFact.FactTapped())
        await store.receive(NumberFact.Response.self, \.result, is: .success) { $0.fact = "0 is a good number." }
    }

    func testReceivingAnElementsAction() async {
        let clock = TestClock()
        let store = TestStore(model: Playlist(), middleware: [Self.playerEffects]) { $0.clock = clock }
        await store.send(ScreenStack<Player>.ToElement(id: 1, Player.Play()))
        await clock.advance(by: .seconds(1))
        await store.receive(Player.Tick.self, element: 1) { $0.path[id: 1]?.elapsed = 1 }
    }

    func testReceivingATargetsAction() async {
        let store = TestStore(model: Downloads(), middleware: [Self.downloadEffects])
        await store.send(Downloads.StartAll())
        await store.receive(Download.Finished.self, target: 1) { $0.items[0].isDone = true }
        await store.receive(Download.Finished.self, target: 2) { $0.items[1].isDone = true }
    }
}
