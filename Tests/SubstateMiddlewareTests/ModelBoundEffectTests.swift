import Substate
import Synchronization
import XCTest

@testable import SubstateMiddleware

/// A screen with a timer, as SyncUps' recording screen: shown in an optional destination or
/// pushed on a stack.
struct TimerScreen: Model, Equatable, Identifiable {
    var id = 1
    var ticks = 0
    struct Start: Action {}
    struct Tick: Action { let screen: Int }
    mutating func update(action: Action) {
        if let tick = action as? Tick, tick.screen == id { ticks += 1 }
    }
}

struct ScreenHost: Model, Equatable {
    var destination: TimerScreen?
    var stack: [TimerScreen] = []
    var delivered = 0
    struct Present: Action {}
    struct Dismiss: Action {}
    struct Push: Action { let id: Int }
    struct Pop: Action {}
    mutating func update(action: Action) {
        switch action {
        case is Present: destination = TimerScreen()
        case is Dismiss: destination = nil
        case let push as Push: stack.append(TimerScreen(id: push.id))
        case is Pop: stack.removeLast()
        case is TimerScreen.Tick: delivered += 1
        default: ()
        }
    }
}

@MainActor
let timerEffects = EffectHandler(effects: [
    Effect(model: TimerScreen.self, action: TimerScreen.Start.self) { screen, _, send in
        for await _ in send.dependencies.clock.timer(interval: .seconds(1)) {
            await send(TimerScreen.Tick(screen: screen.id))
        }
    }
])

/// An effect started for a model ends with it: nothing ticks after the screen is gone. The
/// stores run their effects' code on the main queue, as a test store does, so that the test
/// clock follows the timers deterministically.
@MainActor
final class ModelBoundEffectTests: XCTestCase {
    private func store(_ clock: TestClock) -> Store {
        let store = Store(
            model: ScreenHost(), middleware: [timerEffects], dependencies: Dependencies { $0.clock = clock })
        store.effects.taskExecutor = MainQueueTaskExecutor.shared
        return store
    }

    private func delivered(_ store: Store) -> Int? { store.find(ScreenHost.self)?.delivered }

    func testADismissedScreensTimerStops() async {
        let clock = TestClock()
        let store = store(clock)
        store.update(ScreenHost.Present())
        store.update(TimerScreen.Start())
        await clock.advance(by: .seconds(2))
        XCTAssertEqual(delivered(store), 2)
        store.update(ScreenHost.Dismiss())
        await clock.advance(by: .seconds(3))
        XCTAssertEqual(delivered(store), 2, "nothing after the dismissal")
        await MainQueueTaskExecutor.settle()
        XCTAssertEqual(store.effects.inFlightCount, 0, "the timer was cancelled")
    }

    func testAPoppedScreensTimerStopsAndTheOneBelowGoesOn() async {
        let clock = TestClock()
        let store = store(clock)
        store.update(ScreenHost.Push(id: 7))
        store.update(TimerScreen.Start())  // for the first TimerScreen in the tree: 7
        store.update(ScreenHost.Push(id: 8))
        await clock.advance(by: .seconds(1))
        XCTAssertEqual(store.find(ScreenHost.self)?.stack.map(\.ticks), [1, 0])
        store.update(ScreenHost.Pop())  // 8 goes; 7, whose timer it is, stays
        await clock.advance(by: .seconds(1))
        XCTAssertEqual(
            store.find(ScreenHost.self)?.stack.map(\.ticks), [2], "the timer of the screen still shown goes on")
        store.update(ScreenHost.Pop())
        await clock.advance(by: .seconds(2))
        XCTAssertEqual(delivered(store), 2)
        await MainQueueTaskExecutor.settle()
        XCTAssertEqual(store.effects.inFlightCount, 0)
    }

    func testAnEffectThatGoesOnSendingAfterItsScreenLeftIsReportedInDebugBuilds() async {
        // The effect hands its `Send` out, as one that ignores cancellation effectively does.
        let kept = Mutex<Send?>(nil)
        let store = Store(
            model: ScreenHost(),
            middleware: [
                EffectHandler(effects: [
                    Effect(model: TimerScreen.self, action: TimerScreen.Start.self) { _, _, send in
                        kept.withLock { $0 = send }
                        try await send.dependencies.clock.sleep(for: .seconds(1_000))
                    }
                ])
            ], dependencies: Dependencies { $0.clock = TestClock() }, onDiagnostic: { _ in })
        store.effects.taskExecutor = MainQueueTaskExecutor.shared
        store.update(ScreenHost.Present())
        store.update(TimerScreen.Start())
        await MainQueueTaskExecutor.settle()
        guard let send = kept.withLock({ $0 }) else { return XCTFail("the effect did not start") }
        await send(TimerScreen.Tick(screen: 1))
        XCTAssertEqual(delivered(store), 1, "while the screen is shown, its effect's actions arrive")
        XCTAssertTrue(store.diagnostics.isEmpty)
        store.update(ScreenHost.Dismiss())
        await send(TimerScreen.Tick(screen: 1))
        XCTAssertEqual(delivered(store), 1, "dropped: the screen is gone")
        XCTAssertTrue(
            store.diagnostics.isEmpty,
            "the first action after the cancellation is dropped without a word, as TCA drops it")
        await send(TimerScreen.Tick(screen: 1))
        XCTAssertEqual(delivered(store), 1, "dropped too")
        #if DEBUG
            XCTAssertEqual(store.diagnostics.map(\.kind), [.actionAfterModelLeft])
            XCTAssertEqual(store.diagnostics.first?.typeName, "TimerScreen")
            XCTAssertEqual(store.diagnostics.first?.member, "TimerScreen.Tick")
            XCTAssertTrue(store.diagnostics.first?.message.contains("after that TimerScreen left the tree") == true)
        #else
            XCTAssertTrue(store.diagnostics.isEmpty, "release builds drop the action silently")
        #endif
    }

    func testAScreenReplacedByAnotherWithTheSameTypeButAnotherIdStopsItsTimer() async {
        let clock = TestClock()
        let store = store(clock)
        store.update(ScreenHost.Push(id: 7))
        store.update(TimerScreen.Start())
        store.update(ScreenHost.Pop())
        store.update(ScreenHost.Push(id: 9))  // the same place, another screen
        await clock.advance(by: .seconds(2))
        XCTAssertEqual(delivered(store), 0)
    }
}
