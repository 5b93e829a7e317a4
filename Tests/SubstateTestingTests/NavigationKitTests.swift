import Foundation
import Substate
import SubstateMiddleware
import SubstateReplay
import SubstateTesting
import XCTest

/// A counter inside a screen: it must receive what is addressed to its screen.
struct StepCounter: Model, Equatable, Codable {
    var steps = 0
    mutating func update(action: Action) {
        if action is DetailScreen.Step { steps += 1 }
    }
}

/// A screen pushed on stacks and presented in sheets.
struct DetailScreen: Model, Equatable, Codable {
    var title: String
    var counter = StepCounter()
    var saved = false

    struct Step: Action, Codable, Equatable {}
    struct SaveTapped: Action, Codable, Equatable {}

    mutating func update(action: Action) {
        if action is SaveTapped { saved = true }
    }
}

struct EditorScreen: Model, Equatable, Codable {
    var text = ""
}

/// A stack of two screen types, as TCA's `Path`.
enum PathScreen: Model, Equatable, Codable {
    case detail(DetailScreen)
    case editor(EditorScreen)
}

struct NavigationRoot: Model, Equatable, Codable {
    var path = ScreenStack<DetailScreen>()
    var mixed = ScreenStack<PathScreen>()
    var sheet = Presented<DetailScreen>()
}

/// Saving a detail screen dismisses it: the screen asks, the holder does it.
@MainActor
let dismissOnSave = EffectHandler(effects: [
    Effect(for: DetailScreen.SaveTapped.self) { _ in Dismiss<DetailScreen>() }
])

@MainActor
final class NavigationKitTests: FailureCapturingTestCase {
    /// Sends a dismissal nothing carries out any more: it changes nothing, and it is reported
    /// (dropped with an `undeliverableAction` diagnostic, which fails a test store).
    private func sendUndeliverable<Root>(_ action: any Action, to store: TestStore<Root>) async {
        let failures = await captured { await store.send(action) }
        XCTAssertEqual(failures.count, 1, "\(failures.map(\.message))")
        XCTAssertTrue(
            failures.first?.message.contains("\(typeName(type(of: action))) was dropped") == true,
            failures.first?.message ?? "")
    }

    func testScreensKeepTheirIdsAndIdsAreNeverReused() {
        var stack = ScreenStack([DetailScreen(title: "a"), DetailScreen(title: "b")])
        XCTAssertEqual(stack.ids, [0, 1])
        let c = stack.push(DetailScreen(title: "c"))
        XCTAssertEqual(c, 2)
        stack.pop(from: 1)
        XCTAssertEqual(stack.screens.map(\.title), ["a"])
        XCTAssertEqual(stack.push(DetailScreen(title: "d")), 3, "a popped id is not given again")
        XCTAssertEqual(stack[id: 3]?.title, "d")
        XCTAssertNil(stack[id: 1])
        stack[id: 0]?.title = "a!"
        XCTAssertEqual(stack.screens.map(\.title), ["a!", "d"])
        stack.pop(to: 0)
        XCTAssertEqual(stack.ids, [0])
        stack.pop()
        stack.pop()
        XCTAssertTrue(stack.isEmpty)
    }

    func testAnActionAddressedToOneScreenReachesItAndTheModelsInsideItAlone() async {
        let store = TestStore(model: NavigationRoot())
        await store.send(ScreenStack<DetailScreen>.Push(DetailScreen(title: "one"))) {
            $0.path.push(DetailScreen(title: "one"))
        }
        await store.send(ScreenStack<DetailScreen>.Push(DetailScreen(title: "two"))) {
            $0.path.push(DetailScreen(title: "two"))
        }
        await store.send(ScreenStack<DetailScreen>.ToElement(id: 1, DetailScreen.Step())) {
            $0.path[id: 1]?.counter.steps = 1
        }
        await store.send(DetailScreen.Step()) {
            // Unaddressed, it reaches every screen, as any action does.
            $0.path[id: 0]?.counter.steps = 1
            $0.path[id: 1]?.counter.steps = 2
        }
        await store.send(ScreenStack<DetailScreen>.PopFrom(id: 1)) { $0.path.pop(from: 1) }
        await store.send(ScreenStack<DetailScreen>.Pop()) { $0.path.pop() }
    }

    func testAScreenAsksToBeDismissedAndItsHolderDoesItWithNoCodeInTheParent() async {
        let store = TestStore(model: NavigationRoot(), middleware: [dismissOnSave])
        await store.send(ScreenStack<DetailScreen>.Push(DetailScreen(title: "a"))) {
            $0.path.push(DetailScreen(title: "a"))
        }
        await store.send(ScreenStack<DetailScreen>.Push(DetailScreen(title: "b"))) {
            $0.path.push(DetailScreen(title: "b"))
        }
        await store.send(DetailScreen.SaveTapped()) {
            $0.path[id: 0]?.saved = true
            $0.path[id: 1]?.saved = true
        }
        await store.receive(Dismiss<DetailScreen>.self) { $0.path.pop(from: 1) }
        XCTAssertEqual(store.state.path.ids, [0], "the topmost screen went, the one below stayed")
    }

    func testAPresentedScreenIsDismissedAndStaysDismissed() async {
        let store = TestStore(model: NavigationRoot(sheet: Presented(DetailScreen(title: "sheet"))))
        XCTAssertTrue(store.state.sheet.isPresented)
        await store.send(Dismiss<DetailScreen>()) {
            $0.sheet.screen = nil
            // The stack had no DetailScreen: nothing else changed.
        }
        XCTAssertFalse(store.state.sheet.isPresented)
        await sendUndeliverable(Dismiss<DetailScreen>(), to: store)
    }

    func testAStackOfSeveralScreenTypesDismissesTheTopmostOfTheType() async {
        var root = NavigationRoot()
        root.mixed = ScreenStack([
            .detail(DetailScreen(title: "a")), .editor(EditorScreen()), .detail(DetailScreen(title: "b")),
        ])
        let store = TestStore(model: root)
        await store.send(Dismiss<EditorScreen>()) { $0.mixed.pop(from: 1) }
        await sendUndeliverable(Dismiss<EditorScreen>(), to: store)
        await store.send(Dismiss<DetailScreen>()) { $0.mixed.pop() }
    }

    func testAPoppedScreensEffectsEnd() async {
        let clock = TestClock()
        let ticking = EffectHandler(effects: [
            Effect(model: DetailScreen.self, action: DetailScreen.SaveTapped.self) { _, _, send in
                for await _ in send.dependencies.clock.timer(interval: .seconds(1)) { await send(DetailScreen.Step()) }
            }
        ])
        let store = Store(
            model: NavigationRoot(), middleware: [ticking], dependencies: Dependencies { $0.clock = clock })
        store.effects.taskExecutor = MainQueueTaskExecutor.shared
        store.update(ScreenStack<DetailScreen>.Push(DetailScreen(title: "timer")))
        store.update(DetailScreen.SaveTapped())
        await clock.advance(by: .seconds(2))
        XCTAssertEqual(store.find(NavigationRoot.self)?.path[id: 0]?.counter.steps, 2)
        store.update(Dismiss<DetailScreen>())
        await clock.advance(by: .seconds(2))
        await MainQueueTaskExecutor.settle()
        XCTAssertEqual(store.effects.inFlightCount, 0, "the popped screen's timer was cancelled")
    }

    func testNavigationIsRecordedAndReplayed() throws {
        let log = MemoryLog()
        let store = Store(model: NavigationRoot(), middleware: [ActionRecorder(to: log)])
        store.update(ScreenStack<DetailScreen>.Push(DetailScreen(title: "a")))
        store.update(ScreenStack<DetailScreen>.Push(DetailScreen(title: "b")))
        store.update(ScreenStack<DetailScreen>.ToElement(id: 0, DetailScreen.Step()))
        store.update(ScreenStack<PathScreen>.Push(.editor(EditorScreen(text: "x"))))
        store.update(ScreenStack<DetailScreen>.PopFrom(id: 1))
        store.update(Dismiss<EditorScreen>())
        let outcome = try Replay.run(ActionLog(text: log.text), as: NavigationRoot.self)
        XCTAssertNil(outcome.divergence)
        XCTAssertEqual(outcome.replayed, 6)
        XCTAssertEqual(outcome.store.find(NavigationRoot.self), store.find(NavigationRoot.self))
        XCTAssertEqual(store.find(NavigationRoot.self)?.path.screens.map(\.counter.steps), [1])
        XCTAssertTrue(store.find(NavigationRoot.self)?.mixed.isEmpty == true)
    }
}
