import Foundation
import Substate
import SubstateMachine
import SubstateMiddleware
import SubstateTestSupport
import XCTest

/// The document's pure-reducer test, unchanged.
final class PureReducerTests: XCTestCase {
    func testLoginInput() {
        // Test that the correct state change and effect are requested
        let (state, effect) = Login.reduceInput(.init(), .didTapLoginButton)
        XCTAssertEqual(state?.isLoading, true)
        XCTAssertEqual(effect, .authenticate("user", "pass"))
    }

    func testTransitionHelpers() {
        XCTAssertNil(Login.undefined.0)
        XCTAssertNil(Login.identity.1)
        XCTAssertEqual(Login.nextState(.init(isLoading: true)).0, .init(isLoading: true))
        XCTAssertEqual(Login.run(.authenticate("a", "b")).1, .authenticate("a", "b"))
        let both = Login.transition(.init(user: "u"), .authenticate("a", "b"))
        XCTAssertEqual(both.0?.user, "u")
        XCTAssertEqual(both.1, .authenticate("a", "b"))
        var logged = false
        let unsafe = Login.unsafe { logged = true }
        XCTAssertTrue(logged)
        XCTAssertNil(unsafe.0)
    }

    func testStateMachineEventConvertible() {
        enum Action: StateMachineEventConvertible {
            case input(Login.Input)
            case ioResult(Login.IOResult)
            case onAppear
            static func map(_ action: Self) -> StateMachineEvent<Login.Input, Login.IOResult>? {
                switch action {
                case .input(let input): .input(input)
                case .ioResult(let result): .ioResult(result)
                default: nil
                }
            }
        }
        guard case .input(.didTapLoginButton) = Action.map(.input(.didTapLoginButton)) else { return XCTFail() }
        XCTAssertNil(Action.map(.onAppear))
    }
}

@MainActor
final class MachineNodeTests: XCTestCase {
    func testSingleShotEffectResultComesBackToTheNode() async {
        let client = AuthClient { name, _ in "signed in as \(name)" }
        let store = Store(model: MachineNode<Login>(.init()), middleware: [StateMachineRunner(Login(client: client))])
        store.update(MachineNode<Login>.Input(.didTapLoginButton))
        XCTAssertEqual(
            store.find(MachineNode<Login>.self)?.state.isLoading, true, "the input's transition is synchronous")
        await store.effects.waitForAll()
        XCTAssertEqual(store.find(MachineNode<Login>.self)?.state, .init(isLoading: false, user: "signed in as user"))
    }

    func testLongLivedSubscriptionRunsUntilCancelledAndItsStreamEnds() async {
        let (updates, feed) = AsyncStream<Int>.makeStream()
        let unsubscribed = Probe()
        let feature = Feed(
            fetchData: { "data" }, updates: updates, onUnsubscribe: { unsubscribed.record("ended") },
            analytics: Probe())
        let store = Store(model: MachineNode<Feed>(.init()), middleware: [StateMachineRunner(feature)])
        var reduced = store.actions().makeAsyncIterator()
        store.update(MachineNode<Feed>.Input(.subscribe))
        _ = await reduced.next()
        for value in [1, 2, 3] {
            feed.yield(value)
            _ = await reduced.next()
        }
        XCTAssertEqual(store.find(MachineNode<Feed>.self)?.state.updates, [1, 2, 3])
        store.update(Store.CancelEffects(id: MachineNode<Feed>.effectID("Feed")))
        await unsubscribed.wait(for: 1)
        feed.yield(4)
        await store.effects.waitForAll()
        XCTAssertEqual(store.find(MachineNode<Feed>.self)?.state.updates, [1, 2, 3])
    }

    func testFireAndForgetEffectProducesNoResult() async {
        let analytics = Probe()
        let feature = Feed(
            fetchData: { "" }, updates: AsyncStream { $0.finish() }, onUnsubscribe: {}, analytics: analytics)
        let store = Store(model: MachineNode<Feed>(.init()), middleware: [StateMachineRunner(feature)])
        let reduced = store.actions()
        store.update(MachineNode<Feed>.Input(.track))
        await store.effects.waitForAll()
        store.update(Counter.Increment())
        XCTAssertEqual(analytics.entries, ["event"])
        var kinds: [String] = []
        for await action in reduced {
            kinds.append(action is MachineNode<Feed>.Result ? "result" : "other")
            if action is Counter.Increment { break }
        }
        XCTAssertEqual(kinds, ["other", "other"], "no result came back")
    }

    func testMergeRunsInParallelAndConcatInOrderAtAnyDepth() async {
        let gate = Gate()
        let probe = Probe()
        let store = Store(
            model: MachineNode<Steps>(.init()), middleware: [StateMachineRunner(Steps(gate: gate, probe: probe))])
        store.update(MachineNode<Steps>.Input(.parallel))
        await probe.wait(for: 2)
        XCTAssertEqual(Set(probe.entries), ["start a", "start b"], "both started before either finished")
        gate.open()
        await store.effects.waitForAll()
        XCTAssertEqual(Set(store.find(MachineNode<Steps>.self)!.state.done), ["a", "b"])

        let sequential = Probe()
        let open = Gate()
        open.open()
        let ordered = Store(
            model: MachineNode<Steps>(.init()), middleware: [StateMachineRunner(Steps(gate: open, probe: sequential))])
        ordered.update(MachineNode<Steps>.Input(.sequential))
        await ordered.effects.waitForAll()
        XCTAssertEqual(ordered.find(MachineNode<Steps>.self)?.state.done, ["step 1", "step 2", "step 3"])
        XCTAssertEqual(sequential.entries, ["start step 1", "start step 2", "start step 3"])

        let nested = Probe()
        let nestedStore = Store(
            model: MachineNode<Steps>(.init()), middleware: [StateMachineRunner(Steps(gate: open, probe: nested))])
        nestedStore.update(MachineNode<Steps>.Input(.nested))
        await nestedStore.effects.waitForAll()
        let done = nestedStore.find(MachineNode<Steps>.self)!.state.done
        XCTAssertEqual(Set(done.prefix(2)), ["x", "y"])
        XCTAssertEqual(done.last, "after both")
    }

    func testParentModelObservesTheNodesResultsAndState() async {
        struct Screen: Model {
            var login = MachineNode<Login>(.init())
            var banner = ""
            mutating func update(action: Action) {
                if let result = action as? MachineNode<Login>.Result, case .authenticated(let user?) = result.ioResult {
                    banner = "Welcome, \(user)"
                }
                if login.state.isLoading { banner = "Signing in…" }
            }
        }
        let store = Store(
            model: Screen(), middleware: [StateMachineRunner(Login(client: AuthClient { name, _ in name }))])
        store.update(MachineNode<Login>.Input(.didTapLoginButton))
        XCTAssertEqual(store.find(Screen.self)?.banner, "Signing in…", "the parent saw the child already updated")
        await store.effects.waitForAll()
        XCTAssertEqual(store.find(Screen.self)?.banner, "Welcome, user")
    }

    func testManyInstancesInputsAddressOneOrAllAndResultsReturnToTheirOwn() async {
        struct Downloads: Model {
            var files = ["a", "b", "c"].map { MachineNode<Download>(.init(), id: NodeID($0)) }
        }
        let feature = Download {
            AsyncStream { continuation in
                for size in [10, 20] { continuation.yield(size) }
                continuation.finish()
            }
        }
        let store = Store(model: Downloads(), middleware: [StateMachineRunner(feature)])
        store.update(MachineNode<Download>.Input(.start, to: "b"))
        await store.effects.waitForAll()
        XCTAssertEqual(store.find(Downloads.self)?.files.map(\.state.progress), [0, 2, 0])
        store.update(MachineNode<Download>.Input(.start))
        await store.effects.waitForAll()
        XCTAssertEqual(store.find(Downloads.self)?.files.map(\.state.progress), [2, 4, 2])
        XCTAssertEqual(store.find(Downloads.self)?.files.map(\.state.bytes), [[10, 20], [10, 20, 10, 20], [10, 20]])
    }

    func testRemovingANodeCancelsItsEffects() async {
        struct Downloads: Model {
            var files = ["a", "b"].map { MachineNode<Download>(.init(), id: NodeID($0)) }
            struct Remove: Action { let id: NodeID }
            mutating func update(action: Action) {
                if let remove = action as? Remove { files.removeAll { $0.id == remove.id } }
            }
        }
        let ended = Probe()
        let (chunksOfA, feedA) = AsyncStream<Int>.makeStream()
        feedA.onTermination = { _ in ended.record("a ended") }
        let feature = Download { chunksOfA }
        let store = Store(model: Downloads(), middleware: [StateMachineRunner(feature)])
        var reduced = store.actions().makeAsyncIterator()
        store.update(MachineNode<Download>.Input(.start, to: "a"))
        _ = await reduced.next()
        feedA.yield(1)
        _ = await reduced.next()
        XCTAssertTrue(store.effects.isRunning(id: MachineNode<Download>.effectID("a")))
        store.update(Downloads.Remove(id: "a"))
        XCTAssertFalse(store.effects.isRunning(id: MachineNode<Download>.effectID("a")))
        await ended.wait(for: 1)
        await store.effects.waitForAll()
        XCTAssertEqual(store.find(Downloads.self)?.files.map(\.id), ["b"])
    }

    func testAStateMachineCanBeTheRootAndHoldOrdinaryModels() async {
        struct Shell: StateMachine {
            struct State: Sendable {
                var counter = Counter()
                var started = false
            }
            enum Input: Sendable { case start }
            enum IOEffect: Sendable { case none }
            typealias IOResult = Never
            static func reduceInput(_ state: State, _ input: Input) -> Transition {
                var state = state
                state.started = true
                state.counter.value += 100
                return nextState(state)
            }
            static func reduceIOResult(_ state: State, _ ioResult: Never) -> Transition {}
            func runIOEffect(_ ioEffect: IOEffect) -> IOResultStream { .init { $0.finish() } }
        }
        let store = Store(model: MachineNode<Shell>(.init()), middleware: [StateMachineRunner(Shell())])
        store.update(Counter.Increment())
        XCTAssertEqual(store.find(Counter.self)?.value, 1, "the model inside the machine's state is updated")
        store.update(MachineNode<Shell>.Input(.start))
        XCTAssertEqual(store.find(Counter.self)?.value, 101)
        XCTAssertEqual(store.find(MachineNode<Shell>.self)?.state.started, true)
    }
}

struct Counter: Model, Equatable {
    var value = 0
    struct Increment: Action {}
    mutating func update(action: Action) { if action is Increment { value += 1 } }
}

@MainActor
final class MachineNodePlacementTests: XCTestCase {
    func testANodeInAnOptionalWorksWhilePresentAndResultsPassEveryMiddleware() async {
        struct Screen: Model {
            var sheet: MachineNode<Login>? = nil
            struct Present: Action {}
            mutating func update(action: Action) {
                if action is Present { sheet = MachineNode(.init()) }
            }
        }
        var logged: [String] = []
        let store = Store(
            model: Screen(),
            middleware: [
                ActionLogger(filter: false, output: { logged.append($0.components(separatedBy: "\n")[0]) }),
                StateMachineRunner(Login(client: AuthClient { name, _ in name })),
            ])
        store.update(MachineNode<Login>.Input(.didTapLoginButton))
        XCTAssertNil(store.find(MachineNode<Login>.self), "no node, nothing happens")
        store.update(Screen.Present())
        store.update(MachineNode<Login>.Input(.didTapLoginButton))
        await store.effects.waitForAll()
        XCTAssertEqual(store.find(Screen.self)?.sheet?.state.user, "user")
        XCTAssertTrue(
            logged.contains { $0.hasPrefix("MachineNode<Login>.Result(") && $0.hasSuffix("(effect)") }, "\(logged)")
    }
}

@MainActor
final class CancelInFlightTests: XCTestCase {
    func testANodesNewEffectCancelsItsRunningOneWhenAsked() async {
        let gate = Gate()
        let probe = Probe()
        let steps = Steps(gate: gate, probe: probe)
        let store = Store(
            model: MachineNode<Steps>(.init()), middleware: [StateMachineRunner(steps, cancelsInFlight: true)])
        store.update(MachineNode<Steps>.Input(.sequential))
        await probe.wait(for: 1)
        store.update(MachineNode<Steps>.Input(.parallel))
        await probe.wait(for: 3)
        gate.open()
        await store.effects.waitForAll()
        XCTAssertEqual(Set(store.find(MachineNode<Steps>.self)!.state.done), ["a", "b"], "the sequence was cancelled")
    }
}
