import Substate
import SubstateTestSupport
import XCTest

@testable import SubstateMiddleware

enum Search {
    struct Query: Action, DebouncedAction {
        let text: String
        var debounce: Debounce { Debounce(.milliseconds(300)) }
    }
    struct Loaded: Action { let results: [String] }
    struct Failed: Action { let message: String }

    struct Screen: Model, Equatable {
        var results: [String] = []
        var error: String?
        mutating func update(action: Action) {
            switch action {
            case let loaded as Loaded: results = loaded.results
            case let failed as Failed: error = failed.message
            default: ()
            }
        }
    }
}

enum Ticker {
    struct Start: Action {}
    struct Stop: Action {}
    struct Tick: Action { let number: Int }
}

struct Analytics: Action { let event: String }

@MainActor
final class EffectHandlerTests: XCTestCase {
    func testSearchAsYouTypeDebouncesQueriesAndCancelsThePreviousRequest() async {
        let clock = TestClock()
        let gate = Gate()
        let probe = Probe()
        let catalogue = ["swift", "swiftui", "substate", "rust"]
        let store = Store(
            model: Search.Screen(),
            middleware: [
                ActionDebouncer(clock: clock),
                EffectHandler(effects: [
                    Effect(for: Search.Query.self, id: "search", cancelInFlight: true) { query in
                        probe.record("request \(query.text)")
                        await gate.wait()
                        try Task.checkCancellation()
                        return Search.Loaded(results: catalogue.filter { $0.hasPrefix(query.text) })
                    }
                ]),
            ])
        store.update(Search.Query(text: "s"))
        store.update(Search.Query(text: "sw"))
        await clock.advance(by: .milliseconds(300))
        await probe.wait(for: 1)
        store.update(Search.Query(text: "su"))
        await clock.advance(by: .milliseconds(300))
        await probe.wait(for: 2)
        gate.open()
        await store.effects.waitForAll()
        XCTAssertEqual(probe.entries, ["request sw", "request su"], "one request per burst")
        XCTAssertEqual(store.find(Search.Screen.self)?.results, ["substate"], "the request for \"sw\" was cancelled")
    }

    func testFireAndForgetEffectsSendNothingAndTheActionStillReachesTheTree() async {
        let probe = Probe()
        let store = Store(
            model: Counter(),
            middleware: [
                EffectHandler(effects: [
                    Effect(for: Analytics.self) { event, _ in probe.record(event.event) },
                    Effect(for: Counter.Increment.self) { _, _ in probe.record("incremented") },
                ])
            ])
        let reduced = store.actions()
        store.update(Analytics(event: "opened"))
        store.update(Counter.Increment())
        await store.effects.waitForAll()
        XCTAssertEqual(probe.entries.sorted(), ["incremented", "opened"])
        XCTAssertEqual(store.find(Counter.self)?.value, 1)
        store.update(Counter.Reset(to: 0))
        var names: [String] = []
        for await action in reduced {
            names.append("\(action)")
            if action is Counter.Reset { break }
        }
        XCTAssertEqual(
            names, ["Analytics(event: \"opened\")", "Increment()", "Reset(to: 0)"], "the effects sent nothing")
    }

    func testASubscriptionStartedByOneActionIsStoppedByAnother() async {
        let (ticks, feed) = AsyncStream<Int>.makeStream()
        let store = Store(
            model: Counter(),
            middleware: [
                EffectHandler(effects: [
                    Effect(for: Ticker.Start.self, id: "ticker") { _, send in
                        for await tick in ticks { await send(Ticker.Tick(number: tick)) }
                    },
                    Effect.cancel(id: "ticker", on: Ticker.Stop.self),
                ])
            ])
        var reduced = store.actions().makeAsyncIterator()
        store.update(Ticker.Start())
        _ = await reduced.next()
        for tick in 1...3 {
            feed.yield(tick)
            let action = await reduced.next()
            XCTAssertEqual((action as? Ticker.Tick)?.number, tick)
        }
        store.update(Ticker.Stop())
        XCTAssertFalse(store.effects.isRunning(id: "ticker"))
        feed.yield(4)
        await store.effects.waitForAll()
        store.update(Counter.Increment())
        let afterStop = [await reduced.next(), await reduced.next()]
        XCTAssertTrue(afterStop[0] is Ticker.Stop)
        XCTAssertTrue(afterStop[1] is Counter.Increment, "no tick after Stop")
    }

    func testAnEffectReadsTheStateTheActionProduced() async {
        let store = Store(
            model: Counter(),
            middleware: [
                EffectHandler(effects: [
                    Effect(model: Counter.self, action: Counter.Increment.self) { counter, _ in
                        counter.value >= 3 ? Counter.Reset(to: 0) : nil
                    }
                ])
            ])
        for _ in 0..<2 { store.update(Counter.Increment()) }
        await store.effects.waitForAll()
        XCTAssertEqual(store.find(Counter.self)?.value, 2)
        store.update(Counter.Increment())
        await store.effects.waitForAll()
        XCTAssertEqual(store.find(Counter.self)?.value, 0, "the effect saw 3 and reset")
    }

    func testACapturingEffectSwallowsItsActionAndErrorsBecomeFailures() async {
        struct Unreachable: Error {}
        let store = Store(
            model: Search.Screen(),
            middleware: [
                EffectHandler(effects: [
                    Effect(
                        for: Search.Query.self, capture: true, catch: { Search.Failed(message: "\($0)") }
                    ) { _ in throw Unreachable() }
                ]),
                Arrivals(TestClock()),
            ])
        let reduced = store.actions()
        store.update(Search.Query(text: "x"))
        await store.effects.waitForAll()
        XCTAssertEqual(store.find(Search.Screen.self)?.error, "Unreachable()")
        store.update(Counter.Increment())
        var names: [String] = []
        for await action in reduced {
            names.append(String(describing: type(of: action)))
            if action is Counter.Increment { break }
        }
        XCTAssertEqual(names, ["Failed", "Increment"], "the query never reached the tree")
    }
}

// The Substate document's services, written with Swift concurrency.
enum Numbers {
    struct Fetch: Action {}
    struct FetchDidSucceed: Action { let number: Int }
    struct FetchDidFail: Action { let error: any Error }

    struct Model_: Model {
        var number: Int?
        var failed = false
        mutating func update(action: Action) {
            switch action {
            case let success as FetchDidSucceed: number = success.number
            case is FetchDidFail: failed = true
            default: ()
            }
        }
    }
}

final class FixedNumberFetcher: Service {
    func handle(action: Action, send: Send) async {
        if action is Numbers.Fetch { await send(Numbers.FetchDidSucceed(number: 10)) }
    }
}

final class FailingNumberFetcher: Service {
    enum NumberFetcherError: Error { case test }
    var handledActions: [any Action.Type]? { [Numbers.Fetch.self] }
    func handle(action: Action, send: Send) async throws { throw NumberFetcherError.test }
    func failure(for error: any Error, action: Action) -> (any Action)? { Numbers.FetchDidFail(error: error) }
}

@MainActor
final class ServiceTests: XCTestCase {
    func testServicesAreSwappedByPassingDifferentMiddleware() async {
        let fixed = Store(model: Numbers.Model_(), middleware: [FixedNumberFetcher()])
        fixed.update(Numbers.Fetch())
        await fixed.effects.waitForAll()
        XCTAssertEqual(fixed.find(Numbers.Model_.self)?.number, 10)

        let failing = Store(model: Numbers.Model_(), middleware: [FailingNumberFetcher()])
        failing.update(Numbers.Fetch())
        failing.update(Counter.Increment())
        XCTAssertEqual(failing.effects.inFlightCount, 1, "only the declared action started an effect")
        await failing.effects.waitForAll()
        XCTAssertEqual(failing.find(Numbers.Model_.self)?.failed, true)
        XCTAssertNil(failing.find(Numbers.Model_.self)?.number)
    }
}
