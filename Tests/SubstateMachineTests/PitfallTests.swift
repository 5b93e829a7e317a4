import Substate
import SubstateMachine
import SubstateMiddleware
import SubstateTestSupport
import XCTest

/// Search-as-you-type in miniature: a debounced input whose effect echoes the text.
public struct Typing: StateMachine {
    public struct State: Equatable, Sendable {
        public var text = ""
        public var echoed = ""
    }
    public enum Input: Sendable { case typed(String) }
    public enum IOEffect: Sendable { case echo(String) }
    public enum IOResult: Sendable { case echoed(String) }

    public static func reduceInput(_ state: State, _ input: Input) -> Transition {
        switch input {
        case .typed(let text): transition(State(text: text, echoed: state.echoed), .echo(text))
        }
    }

    public static func reduceIOResult(_ state: State, _ ioResult: IOResult) -> Transition {
        switch ioResult {
        case .echoed(let text): nextState(State(text: state.text, echoed: text))
        }
    }

    public func runIOEffect(_ ioEffect: IOEffect) -> IOResultStream {
        switch ioEffect {
        case .echo(let text): .single { .echoed(text) }
        }
    }
}

/// Holds every input of `Typing` and lets the last one through when asked, by the `next` it
/// kept: what a debouncer does.
@MainActor
final class HoldInputs: Middleware {
    private var held: (action: any Action, next: Next)?
    func handle(_ action: Action, store: Store, next: Next) {
        guard action is MachineNode<Typing>.Input else { return next(action) }
        held = (action, next)
    }
    func release() {
        guard let held else { return }
        self.held = nil
        held.next(held.action)
    }
}

struct Screen: Model {
    var login = MachineNode<Login>(.init())
}

/// The StateMachine bridge where users fall: middleware order, node identity, missing runners,
/// duplicate ids, and actions of the app's own that convert to machine events.
@MainActor
final class PitfallTests: XCTestCase {
    private let client = AuthClient { name, _ in "signed in \(name)" }

    func testTheRunnerWorksWhereverItSitsBeforeOrAfterMiddlewareThatDelaysInputs() async {
        struct Field: Model {
            var typing = MachineNode<Typing>(.init())
        }
        for runnerFirst in [true, false] {
            let runner = StateMachineRunner(Typing())
            let holder = HoldInputs()
            let store = Store(model: Field(), middleware: runnerFirst ? [runner, holder] : [holder, runner])
            store.update(MachineNode<Typing>.Input(.typed("s")))
            store.update(MachineNode<Typing>.Input(.typed("sw")))
            holder.release()
            await store.effects.waitForAll()
            XCTAssertEqual(
                store.find(Field.self)?.typing.state, .init(text: "sw", echoed: "sw"), "runner first: \(runnerFirst)")
        }
    }

    func testAReplacedNodesStreamNeverFeedsTheFreshNode() async {
        struct Replace: Action {}
        struct Page: Model {
            var feed = MachineNode<Feed>(.init(), id: "feed")
            mutating func update(action: Action) {
                if action is Replace { feed = MachineNode<Feed>(.init(), id: "feed") }
            }
        }
        let (updates, continuation) = AsyncStream<Int>.makeStream()
        let unsubscribed = Probe()
        let feed = Feed(
            fetchData: { "" }, updates: updates, onUnsubscribe: { unsubscribed.record("unsubscribed") },
            analytics: Probe())
        let store = Store(model: Page(), middleware: [StateMachineRunner(feed)])
        store.update(MachineNode<Feed>.Input(.subscribe))
        store.update(Replace())
        await unsubscribed.wait(for: 1)
        continuation.yield(7)
        continuation.finish()
        await store.effects.waitForAll()
        XCTAssertEqual(store.find(Page.self)?.feed.state.updates, [], "the old node's stream was cancelled")
    }

    func testANodeWithoutItsRunnerIsReportedOnce() async {
        var received: [Diagnostic] = []
        let store = Store(model: Screen()) { received.append($0) }
        store.update(MachineNode<Login>.Input(.didTapLoginButton))
        XCTAssertEqual(received.map(\.kind), [.missingMiddleware])
        XCTAssertTrue(received[0].message.contains("no StateMachineRunner<Login> is in the middleware list"))
        var served: [Diagnostic] = []
        _ = Store(model: Screen(), middleware: [StateMachineRunner(Login(client: client))]) { served.append($0) }
        XCTAssertEqual(served, [])
    }

    func testOneRunnerRunsTheEffectsOfEveryStoreMadeFromOneList() async {
        let runner = StateMachineRunner(Login(client: client))
        let first = Store(model: Screen(), middleware: [runner])
        let second = Store(model: Screen(), middleware: [runner])
        second.update(MachineNode<Login>.Input(.didTapLoginButton))
        await second.effects.waitForAll()
        XCTAssertEqual(second.find(Screen.self)?.login.state, .init(isLoading: false, user: "signed in user"))
        first.update(MachineNode<Login>.Input(.didTapLoginButton))
        await first.effects.waitForAll()
        XCTAssertEqual(first.find(Screen.self)?.login.state, .init(isLoading: false, user: "signed in user"))
    }

    func testNodesSharingAnIdAreReported() async {
        struct Twins: Model {
            var first = MachineNode<Login>(.init())
            var second = MachineNode<Login>(.init())
        }
        var received: [Diagnostic] = []
        let store = Store(model: Twins(), middleware: [StateMachineRunner(Login(client: client))]) {
            received.append($0)
        }
        store.update(MachineNode<Login>.Input(.didTapLoginButton))
        store.update(MachineNode<Login>.Input(.didTapLoginButton))
        await store.effects.waitForAll()
        XCTAssertEqual(received.map(\.kind), [.duplicateNodeID], "once")
        XCTAssertEqual(received.first?.member, "Login")
    }

    func testAnAppsOwnActionThatConvertsToMachineEventsDrivesTheNode() async {
        enum LoginAction: Action, StateMachineEventConvertible {
            case input(Login.Input)
            case ioResult(Login.IOResult)
            case onAppear

            static func map(_ action: Self) -> StateMachineEvent<Login.Input, Login.IOResult>? {
                switch action {
                case .input(let input): .input(input)
                case .ioResult(let result): .ioResult(result)
                case .onAppear: nil
                }
            }
        }
        let store = Store(model: Screen(), middleware: [StateMachineRunner(Login(client: client))])
        store.update(LoginAction.onAppear)
        XCTAssertEqual(store.find(Screen.self)?.login.state, .init(), "not an event of the machine")
        store.update(LoginAction.input(.didTapLoginButton))
        XCTAssertEqual(store.find(Screen.self)?.login.state.isLoading, true, "the input reached the node")
        await store.effects.waitForAll()
        XCTAssertEqual(store.find(Screen.self)?.login.state, .init(isLoading: false, user: "signed in user"))
        store.update(LoginAction.ioResult(.authenticated("someone else")))
        XCTAssertEqual(store.find(Screen.self)?.login.state.user, "someone else", "a result reaches it too")
    }

    func testADebouncedActionOfTheAppsOwnTimesAFeaturesInputs() async {
        enum Typed: Action, StateMachineEventConvertible, DebouncedAction {
            case input(Typing.Input)
            case ioResult(Typing.IOResult)
            var debounce: Debounce { Debounce(.milliseconds(100)) }
            static func map(_ action: Self) -> StateMachineEvent<Typing.Input, Typing.IOResult>? {
                switch action {
                case .input(let input): .input(input)
                case .ioResult(let result): .ioResult(result)
                }
            }
        }
        struct Field: Model {
            var typing = MachineNode<Typing>(.init())
        }
        let clock = TestClock()
        let store = Store(model: Field(), middleware: [ActionDebouncer(clock: clock), StateMachineRunner(Typing())])
        store.update(Typed.input(.typed("s")))
        store.update(Typed.input(.typed("sw")))
        XCTAssertEqual(store.find(Field.self)?.typing.state, .init(), "nothing before the pause")
        await clock.advance(by: .milliseconds(100))
        await store.effects.waitForAll()
        XCTAssertEqual(store.find(Field.self)?.typing.state, .init(text: "sw", echoed: "sw"), "one input, the last")
    }

    func testNodeActionsLogWhatTheyCarryNotTheirOutbox() async {
        var lines: [String] = []
        let store = Store(
            model: Screen(), middleware: [ActionLogger { lines.append($0) }, StateMachineRunner(Login(client: client))])
        store.update(MachineNode<Login>.Input(.didTapLoginButton))
        await store.effects.waitForAll()
        let logged = lines.filter { $0.contains("MachineNode") }.joined(separator: "\n")
        XCTAssertFalse(logged.contains("outbox"), logged)
        XCTAssertTrue(logged.contains("MachineNode<Login>.Input(input: .didTapLoginButton, target: nil)"), logged)
    }
}
