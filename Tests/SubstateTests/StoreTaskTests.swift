import Substate
import SubstateMiddleware
import XCTest

/// A feed refreshed by an effect that takes a second, and a ticker that runs until cancelled.
struct RefreshingFeed: Model, Equatable {
    var isRefreshing = false
    var refreshes = 0
    var ticks = 0
    var taps = 0
    struct Refresh: Action {}
    struct Refreshed: Action {}
    struct StartTicking: Action {}
    struct Tick: Action {}
    struct Tap: Action {}

    mutating func update(action: Action) {
        switch action {
        case is Refresh: isRefreshing = true
        case is Refreshed:
            isRefreshing = false
            refreshes += 1
        case is Tick: ticks += 1
        case is Tap: taps += 1
        default: break
        }
    }
}

@MainActor
let refreshingFeedEffects = EffectHandler(effects: [
    Effect(for: RefreshingFeed.Refresh.self) { _, send in
        try await send.dependencies.clock.sleep(for: .seconds(1))
        await send(RefreshingFeed.Refreshed())
    },
    Effect(for: RefreshingFeed.StartTicking.self) { _, send in
        while true {
            try await send.dependencies.clock.sleep(for: .seconds(1))
            await send(RefreshingFeed.Tick())
        }
    },
])

@MainActor
final class StoreTaskTests: XCTestCase {
    private func feedStore(_ clock: TestClock) -> Store {
        Store(
            model: RefreshingFeed(), middleware: [refreshingFeedEffects],
            dependencies: Dependencies { $0.clock = clock })
    }

    /// Yields until the condition holds; the store handles a sent action on the main actor soon after.
    private func until(_ condition: () -> Bool) async {
        while !condition() { await Task.yield() }
    }

    func testFinishWaitsForTheEffectsTheActionStarted() async {
        let clock = TestClock()
        let store = feedStore(clock)
        let task = store.send(RefreshingFeed.Refresh())
        let finished = LockIsolated(false)
        let finishing = Task {
            await task.finish()
            finished.setValue(true)
        }
        await until { store.find(RefreshingFeed.self)?.isRefreshing == true }
        for _ in 0..<20 { await Task.yield() }
        XCTAssertFalse(finished.value, "the refresh is still sleeping")
        await clock.advance(by: .seconds(1))
        await finishing.value
        XCTAssertEqual(store.find(RefreshingFeed.self)?.refreshes, 1, "what the effect sent is in the state")
        XCTAssertEqual(store.find(RefreshingFeed.self)?.isRefreshing, false)
    }

    func testFinishOfAnActionThatStartsNothingReturnsOnceItIsHandled() async {
        let store = feedStore(TestClock())
        await store.send(RefreshingFeed.Tap()).finish()
        XCTAssertEqual(store.find(RefreshingFeed.self)?.taps, 1)
    }

    func testCancelEndsTheEffectsTheActionStarted() async {
        let clock = TestClock()
        let store = feedStore(clock)
        let ticking = store.send(RefreshingFeed.StartTicking())
        let other = store.send(RefreshingFeed.Refresh())
        await until { store.effects.inFlightCount == 2 }
        await ticking.cancel()
        XCTAssertTrue(ticking.isCancelled)
        XCTAssertFalse(other.isCancelled)
        await clock.advance(by: .seconds(1))
        await other.finish()
        XCTAssertEqual(store.find(RefreshingFeed.self)?.ticks, 0, "the ticker ended before its first tick")
        XCTAssertEqual(store.find(RefreshingFeed.self)?.refreshes, 1, "the other action's effect ran on")
        XCTAssertEqual(store.effects.inFlightCount, 0)
    }

    func testCancelBeforeTheActionIsHandledCancelsItsEffectsAsTheyStart() async {
        let store = feedStore(TestClock())
        let ticking = store.send(RefreshingFeed.StartTicking())
        await ticking.cancel()
        XCTAssertEqual(store.effects.inFlightCount, 0)
        XCTAssertEqual(store.find(RefreshingFeed.self)?.ticks, 0)
    }

    func testCancellingTheTaskThatAwaitsFinishCancelsTheEffects() async {
        let store = feedStore(TestClock())
        let viewTask = Task { await store.send(RefreshingFeed.StartTicking()).finish() }
        await until { store.effects.inFlightCount == 1 }
        viewTask.cancel()
        await viewTask.value
        await store.effects.waitForAll()
        XCTAssertEqual(store.effects.inFlightCount, 0, "the view went: its effect ended")
    }

    func testFinishReturnsWhenTheStoreGoesBeforeHandlingTheAction() async {
        var store: Store? = feedStore(TestClock())
        let task = store!.send(RefreshingFeed.Refresh())
        store = nil
        await task.finish()
        XCTAssertTrue(true, "finish returned")
    }
}
