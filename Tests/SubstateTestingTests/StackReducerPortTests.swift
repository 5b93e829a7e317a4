import Substate
import SubstateMiddleware
import SubstateTesting
import XCTest

// TCA's StackReducerTests, ported with its scenarios and expected values: actions addressed to
// one element start that element's effects, bound to it (its state, its cancellation ids, its
// lifetime), and a child dismisses itself from an effect.

/// The child of `testDismissFromChild`: appearing starts an effect that never ends (it sleeps on
/// a test clock nobody advances, as TCA's `Task.never()`), closing dismisses it from an effect.
struct ClosingChild: Model, Equatable {
    struct CloseButtonTapped: Action, Equatable {}
    struct OnAppear: Action, Equatable {}
    mutating func update(action: Action) {}
}

struct ClosingParent: Model, Equatable {
    var children = ScreenStack<ClosingChild>()
    struct PushChild: Action, Equatable {}
    mutating func update(action: Action) {
        if action is PushChild { children.push(ClosingChild()) }
    }
}

@MainActor
let closingEffects = EffectHandler(effects: [
    Effect(for: ClosingChild.OnAppear.self) { _, send in
        try await send.dependencies.clock.sleep(for: .seconds(1_000_000))
    },
    Effect(for: ClosingChild.CloseButtonTapped.self) { _, send in await send.dismiss() },
])

/// The child of `testSiblingCannotCancel` and `testMultipleChildEffects`.
struct CountingChild: Model, Equatable {
    var count = 0
    struct Cancel: Action, Equatable {}
    struct Response: Action, Equatable { let value: Int }
    struct Tap: Action, Equatable {}
    mutating func update(action: Action) {
        if let response = action as? Response { count = response.value }
    }
}

/// TCA's `Path` of two cases holding the same child.
enum CountingPath: Model, Equatable {
    case child1(CountingChild)
    case child2(CountingChild)
}

struct CountingParent: Model, Equatable {
    var path = ScreenStack<CountingPath>()
    var children = ScreenStack<CountingChild>()
}

/// `testSiblingCannotCancel`'s effects: a tap answers after a second, cancellable by id.
@MainActor
let siblingEffects = EffectHandler(effects: [
    Effect(for: CountingChild.Tap.self, id: "cancel") { _, send in
        try await send.dependencies.clock.sleep(for: .seconds(1))
        await send(CountingChild.Response(value: 42))
    },
    Effect.cancel(id: "cancel", on: CountingChild.Cancel.self),
])

/// `testMultipleChildEffects`' effects: a tap answers after as many seconds as the child's count.
@MainActor
let multipleEffects = EffectHandler(effects: [
    Effect(model: CountingChild.self, action: CountingChild.Tap.self) { child, _, send in
        try await send.dependencies.clock.sleep(for: .seconds(child.count))
        await send(CountingChild.Response(value: 42))
    }
])

@MainActor
final class StackReducerPortTests: XCTestCase {
    func testDismissFromChild() async {
        let store = TestStore(model: ClosingParent(), middleware: [closingEffects]) { $0.clock = TestClock() }
        await store.send(ClosingParent.PushChild()) { $0.children.push(ClosingChild()) }
        await store.send(ScreenStack<ClosingChild>.ToElement(id: 0, ClosingChild.OnAppear()))
        await store.send(ScreenStack<ClosingChild>.ToElement(id: 0, ClosingChild.CloseButtonTapped()))
        await store.receive(ScreenStack<ClosingChild>.PopFrom(id: 0)) { $0.children.pop() }
        // The never-ending effect ended with its screen: the store finishes with none running.
    }

    /// TCA's form of the same test: the push asserted by the id it got, `$0.children[id: 0] = ...`.
    func testDismissFromChildAssertedByElementID() async {
        let store = TestStore(model: ClosingParent(), middleware: [closingEffects]) { $0.clock = TestClock() }
        await store.send(ClosingParent.PushChild()) { $0.children[id: 0] = ClosingChild() }
        await store.send(ScreenStack<ClosingChild>.ToElement(id: 0, ClosingChild.OnAppear()))
        await store.send(ScreenStack<ClosingChild>.ToElement(id: 0, ClosingChild.CloseButtonTapped()))
        await store.receive(ScreenStack<ClosingChild>.PopFrom(id: 0)) { $0.children[id: 0] = nil }
    }

    func testSettingAScreenForAnIDTheStackDoesNotHoldPushesItWithThatID() {
        var stack = ScreenStack<ClosingChild>()
        stack[id: 0] = ClosingChild()
        XCTAssertEqual(stack.ids, [0])
        XCTAssertEqual(stack.push(ClosingChild()), 1, "the next push takes the next id")
        stack[id: 5] = nil
        XCTAssertEqual(stack.ids, [0, 1], "removing an id the stack does not hold does nothing")
        stack[id: 5] = ClosingChild()
        XCTAssertEqual(stack.push(ClosingChild()), 6)
        XCTAssertEqual(stack.ids, [0, 1, 5, 6])
    }

    func testSiblingCannotCancel() async {
        typealias Path = ScreenStack<CountingPath>
        let clock = TestClock()
        let store = TestStore(
            model: CountingParent(path: Path([.child1(CountingChild()), .child2(CountingChild())])),
            middleware: [siblingEffects]
        ) { $0.clock = clock }

        await store.send(Path.ToElement(id: 0, CountingChild.Tap()))
        await store.send(Path.ToElement(id: 1, CountingChild.Tap()))
        await store.send(Path.ToElement(id: 0, CountingChild.Cancel()))
        await clock.advance(by: .seconds(1))
        await store.receive(Path.ToElement(id: 1, CountingChild.Response(value: 42))) {
            $0.path[id: 1] = .child2(CountingChild(count: 42))
        }

        await store.send(Path.ToElement(id: 0, CountingChild.Tap()))
        await store.send(Path.ToElement(id: 1, CountingChild.Tap()))
        await store.send(Path.ToElement(id: 1, CountingChild.Cancel()))
        await clock.advance(by: .seconds(1))
        await store.receive(Path.ToElement(id: 0, CountingChild.Response(value: 42))) {
            $0.path[id: 0] = .child1(CountingChild(count: 42))
        }
    }

    func testMultipleChildEffects() async {
        typealias Children = ScreenStack<CountingChild>
        let clock = TestClock()
        let store = TestStore(
            model: CountingParent(children: Children([CountingChild(count: 1), CountingChild(count: 2)])),
            middleware: [multipleEffects]
        ) { $0.clock = clock }

        await store.send(Children.ToElement(id: 0, CountingChild.Tap()))
        await store.send(Children.ToElement(id: 1, CountingChild.Tap()))
        await clock.advance(by: .seconds(1))
        await store.receive(Children.ToElement(id: 0, CountingChild.Response(value: 42))) {
            $0.children[id: 0]?.count = 42
        }
        await clock.advance(by: .seconds(1))
        await store.receive(Children.ToElement(id: 1, CountingChild.Response(value: 42))) {
            $0.children[id: 1]?.count = 42
        }
    }

    func testChildEffectCancellation() async {
        let store = TestStore(
            model: ClosingParent(children: ScreenStack([ClosingChild()])), middleware: [closingEffects]
        ) { $0.clock = TestClock() }
        await store.send(ScreenStack<ClosingChild>.ToElement(id: 0, ClosingChild.OnAppear()))
        await store.send(ScreenStack<ClosingChild>.PopFrom(id: 0)) { $0.children[id: 0] = nil }
    }

    /// TCA's `testSendActionWithIDThatDoesNotExist` and `testPopIDThatDoesNotExist`, and a pop
    /// of an empty stack: each is dropped with one diagnostic naming what is missing, and the
    /// other screens are untouched.
    func testActionsForMissingElementsAreDroppedWithOneDiagnosticEach() async {
        let diagnostics = Diagnostics()
        let store = Store(
            model: CountingParent(children: ScreenStack([CountingChild(count: 1)])), middleware: [multipleEffects],
            onDiagnostic: { diagnostics.list.append($0) })
        store.update(ScreenStack<CountingChild>.ToElement(id: 999, CountingChild.Tap()))
        store.update(ScreenStack<CountingChild>.PopFrom(id: 999))
        store.update(ScreenStack<CountingPath>.Pop())
        XCTAssertEqual(diagnostics.list.map(\.kind), Array(repeating: .undeliverableAction, count: 3))
        XCTAssertEqual(
            diagnostics.list.map(\.message),
            [
                "ScreenStack<CountingChild>.ToElement<CountingChild.Tap> was dropped: no screen with id #999 is on a ScreenStack<CountingChild>; it was popped, or never pushed",
                "ScreenStack<CountingChild>.PopFrom was dropped: no screen with id #999 is on a ScreenStack<CountingChild>; it was popped, or never pushed",
                "ScreenStack<CountingPath>.Pop was dropped: no ScreenStack<CountingPath> in the tree holds a screen to pop",
            ])
        XCTAssertEqual(store.find(CountingParent.self)?.children.screens, [CountingChild(count: 1)])
        XCTAssertEqual(store.effects.inFlightCount, 0, "the missing element's effect did not start")
    }

    /// Two screens of one type on a stack keep their own effects: popping the top one stops its
    /// timer and leaves the bottom one's ticking; popping the bottom one stops the rest.
    func testTwoScreensOfOneTypeOnAStackEachKeepTheirOwnTimer() async {
        typealias Stack = ScreenStack<TickingScreen>
        let clock = TestClock()
        let store = Store(
            model: TickingApp(), middleware: [tickingEffects], dependencies: Dependencies { $0.clock = clock })
        store.effects.taskExecutor = MainQueueTaskExecutor.shared
        store.update(Stack.Push(TickingScreen(name: "bottom")))
        store.update(Stack.Push(TickingScreen(name: "top")))
        store.update(Stack.ToElement(id: 0, TickingScreen.Start()))
        store.update(Stack.ToElement(id: 1, TickingScreen.Start()))
        await clock.advance(by: .seconds(2))
        XCTAssertEqual(store.find(TickingApp.self)?.path.screens.map(\.ticks), [2, 2])
        store.update(Stack.PopFrom(id: 1))
        await clock.advance(by: .seconds(3))
        XCTAssertEqual(store.find(TickingApp.self)?.path.screens.map(\.ticks), [5], "the bottom one goes on")
        await MainQueueTaskExecutor.settle()
        XCTAssertEqual(store.effects.inFlightCount, 1, "the top one's timer was cancelled")
        store.update(Stack.PopFrom(id: 0))
        await clock.advance(by: .seconds(3))
        await MainQueueTaskExecutor.settle()
        XCTAssertEqual(store.effects.inFlightCount, 0, "the bottom one's timer stopped with it")
    }

    /// An action for one screen is logged as the screen's place and the action it receives.
    func testAnAddressedActionIsLoggedWithItsAddress() async {
        let lines = Diagnostics()
        let store = Store(
            model: CountingParent(children: ScreenStack([CountingChild(), CountingChild()])),
            middleware: [ActionLogger(output: { lines.text.append($0) })])
        store.update(ScreenStack<CountingChild>.ToElement(id: 1, CountingChild.Response(value: 7)))
        XCTAssertEqual(
            lines.text.last, "CountingParent.children.elements[id: #1] ← CountingChild.Response(value: 7)")
    }

    func testAnEmptiedStackEqualsANewOne() async {
        let store = TestStore(model: ClosingParent(), middleware: [closingEffects])
        await store.send(ClosingParent.PushChild()) { $0.children.push(ClosingChild()) }
        await store.send(ScreenStack<ClosingChild>.PopFrom(id: 0)) { $0.children = ScreenStack() }
        XCTAssertEqual(store.state.children, ScreenStack())
    }
}

/// Keeps the diagnostics a store reports, and lines a logger prints.
@MainActor
final class Diagnostics {
    var list: [Diagnostic] = []
    var text: [String] = []
}

/// A screen with a timer that ticks its own count: two of them on one stack.
struct TickingScreen: Model, Equatable {
    var name: String
    var ticks = 0
    struct Start: Action, Equatable {}
    struct Tick: Action, Equatable {}
    mutating func update(action: Action) {
        if action is Tick { ticks += 1 }
    }
}

struct TickingApp: Model, Equatable {
    var path = ScreenStack<TickingScreen>()
}

@MainActor
let tickingEffects = EffectHandler(effects: [
    Effect(for: TickingScreen.Start.self) { _, send in
        for await _ in send.dependencies.clock.timer(interval: .seconds(1)) { await send(TickingScreen.Tick()) }
    }
])
