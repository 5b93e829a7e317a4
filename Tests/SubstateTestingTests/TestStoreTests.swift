import Foundation
import Substate
import SubstateMachine
import SubstateMiddleware
import SubstateTestSupport
import SubstateTesting
import Synchronization
import Testing
import XCTest

struct Tally: Model, Equatable {
    var count = 0
    var label = ""
    struct Add: Action { let amount: Int }
    struct Label: Action { let text: String }
    struct Loaded: Action { let count: Int }
    mutating func update(action: Action) {
        switch action {
        case let add as Add: count += add.amount
        case let label as Label: self.label = label.text
        case let loaded as Loaded: count = loaded.count
        default: ()
        }
    }
}

/// Loads a count when asked: a service with a fixed answer.
final class FixedLoader: Service {
    var handledActions: [any Action.Type]? { [Tally.Label.self] }
    func handle(action: Action, send: Send) async { await send(Tally.Loaded(count: 42)) }
}

/// A board of columns of cards, with an editor in an enum sheet: models at every depth.
struct Card: Model, Identifiable, Equatable {
    let id: Int
    var title = ""
}

struct Column: Model, Equatable {
    var cards: [Card]
}

struct Editor: Model, Equatable {
    var draft = ""
}

struct Board: Model, Equatable {
    enum Sheet: Equatable { case edit(Editor) }
    var columns = [Column(cards: [Card(id: 1), Card(id: 2)]), Column(cards: [Card(id: 3)])]
    var sheet: Sheet? = .edit(Editor())
}

/// A price client with no test value.
struct LivePrices: DependencyKey, Sendable {
    var price: @Sendable () -> Int
    static let liveValue = LivePrices { 1 }
}

/// A price client with a test value.
struct TestedPrices: DependencyKey, Sendable {
    var price: @Sendable () -> Int
    static let liveValue = TestedPrices { 1 }
    static let testValue = TestedPrices { 3 }
}

/// Answers a label with a price from the dependencies.
final class PriceLookup: Service {
    var handledActions: [any Action.Type]? { [Tally.Label.self] }
    func handle(action: Action, send: Send) async {
        await send(Tally.Loaded(count: send.dependencies[LivePrices.self].price()))
    }
}

final class TestedPriceLookup: Service {
    var handledActions: [any Action.Type]? { [Tally.Label.self] }
    func handle(action: Action, send: Send) async {
        await send(Tally.Loaded(count: send.dependencies[TestedPrices.self].price()))
    }
}

/// Reads the clock, as an effect that waits would.
final class ClockReader: Service {
    var handledActions: [any Action.Type]? { [Tally.Label.self] }
    func handle(action: Action, send: Send) async { _ = send.dependencies.clock.now }
}

/// Captures XCTest failures instead of failing, so that a test can observe them.
final class FailureCapture: Sendable {
    let messages = Mutex<[String]>([])
}

@MainActor
final class TestStoreXCTests: XCTestCase {
    nonisolated let capture = FailureCapture()
    nonisolated(unsafe) var capturing = false  // Set and read on the main actor only, by these tests.

    nonisolated override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        if capturing {
            capture.messages.withLock { $0.append(description) }
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    private func captured(_ body: () async -> Void) async -> [String] {
        capturing = true
        await body()
        capturing = false
        return capture.messages.withLock { messages in
            defer { messages = [] }
            return messages
        }
    }

    func testSendAssertsTheWholeStateChange() async {
        let store = TestStore(model: Tally())
        await store.send(Tally.Add(amount: 2)) { $0.count = 2 }
        await store.send(Tally.Label(text: "two")) { $0.label = "two" }
        await store.finish()
    }

    func testAMismatchFailsWithAReadableDiffThroughXCTest() async {
        let failures = await captured {
            let store = TestStore(model: Tally())
            store.send(Tally.Add(amount: 2)) { $0.count = 3 }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures[0].contains("State after Tally.Add differs from the expected state"), failures[0])
        XCTAssertTrue(failures[0].contains("Tally.count: 3 → 2"), failures[0])
    }

    func testReceiveAssertsActionsProducedByServicesAndEffects() async {
        let store = TestStore(model: Tally(), middleware: [FixedLoader()])
        await store.send(Tally.Label(text: "load")) { $0.label = "load" }
        await store.receive(Tally.Loaded.self) { $0.count = 42 }
        await store.finish()
    }

    func testExhaustiveStoresFailOnUnreceivedActions() async {
        let failures = await captured {
            let store = TestStore(model: Tally(), middleware: [FixedLoader()])
            await store.send(Tally.Label(text: "load")) { $0.label = "load" }
            await store.store.effects.waitForAll()
            await store.finish()
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures[0].hasSuffix("1 action(s) were produced but not received: Tally.Loaded"), "\(failures)")
    }

    /// A runaway effect's actions are counted by type, and no more than twenty runs are named.
    func testUnreceivedActionsAreListedInRunsOfOneType() async {
        let failures = await captured {
            let store = TestStore(model: Tally())
            for _ in 0..<500 { store.store.effects.run { send in await send(Tally.Add(amount: 1)) } }
            await store.store.effects.waitForAll()
            store.store.effects.run { send in
                for index in 0..<25 {
                    await send(index.isMultiple(of: 2) ? Tally.Loaded(count: index) : Tally.Add(amount: 0))
                }
            }
            await store.store.effects.waitForAll()
            await store.finish()
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures[0].hasSuffix(
                "525 action(s) were produced but not received: Tally.Add ×500, Tally.Loaded, Tally.Add, Tally.Loaded, "
                    + "Tally.Add, Tally.Loaded, Tally.Add, Tally.Loaded, Tally.Add, Tally.Loaded, Tally.Add, Tally.Loaded, "
                    + "Tally.Add, Tally.Loaded, Tally.Add, Tally.Loaded, Tally.Add, Tally.Loaded, Tally.Add, Tally.Loaded, and 6 more"
            ),
            "\(failures)")
    }

    func testNonExhaustiveStoresOnlyCheckWhatTheTestAsks() async {
        let failures = await captured {
            let store = TestStore(model: Tally(), middleware: [FixedLoader()], exhaustive: false)
            await store.send(Tally.Label(text: "load")) { $0.label = "load" }
            // The loader's answer (42) arrived while the first send let its effect run.
            await store.send(Tally.Add(amount: 1)) { $0.count = 43 }
            await store.finish()
        }
        XCTAssertEqual(failures, [])
    }

    func testATestMissingItsMiddlewareFailsAtOnceNamingWhatItHolds() async {
        let started = ContinuousClock.now
        let failures = await captured {
            let store = TestStore(model: Tally())
            await store.send(Tally.Label(text: "load")) { $0.label = "load" }
            await store.receive(Tally.Loaded.self) { $0.count = 42 }
        }
        XCTAssertLessThan(started.duration(to: .now), .seconds(5), "not the receive timeout")
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures[0].hasSuffix(
                "Expected to receive Tally.Loaded, but nothing can arrive: no effect is running and no middleware holds an action for later. The last action sent, Tally.Label, started nothing, and this TestStore's middleware list is empty: an effect that answers it runs in an EffectHandler; pass the app's middleware."
            ), failures[0])

        let named = await captured {
            let store = TestStore(model: Tally(), middleware: [ActionLogger(output: { _ in })])
            await store.send(Tally.Label(text: "load")) { $0.label = "load" }
            await store.receive(Tally.Loaded.self)
        }
        XCTAssertTrue(named.first?.contains("middleware list holds ActionLogger:") == true, "\(named)")
    }

    func testAReceiveThatCannotArriveSaysWhatTheLastActionStartedAndHowItEnded() async {
        let effects = EffectHandler(effects: [
            Effect(for: Tally.Label.self) { _, _ in },  // answers nothing
            Effect(for: Tally.Label.self, id: "wait") { _, send in
                try await send.dependencies.clock.sleep(for: .seconds(10))
            },
            Effect.cancel(id: "wait", on: Tally.Add.self),
        ])
        let failures = await captured {
            let store = TestStore(model: Tally(), middleware: [effects]) { $0.clock = TestClock() }
            await store.send(Tally.Label(text: "load")) { $0.label = "load" }
            await store.send(Tally.Add(amount: 1)) { $0.count = 1 }
            await store.receive(Tally.Loaded.self)
        }
        XCTAssertEqual(failures.count, 1, "\(failures)")
        XCTAssertTrue(
            failures.first?.hasSuffix(
                "Expected to receive Tally.Loaded, but nothing can arrive: no effect is running and no middleware holds an action for later. The last action sent, Tally.Add, started nothing, and this TestStore's middleware list holds EffectHandler."
            ) == true, "\(failures)")

        let started = await captured {
            let store = TestStore(model: Tally(), middleware: [effects]) { $0.clock = TestClock() }
            await store.send(Tally.Label(text: "load")) { $0.label = "load" }
            store.store.effects.cancel(id: "wait")
            await store.receive(Tally.Loaded.self)
        }
        XCTAssertEqual(started.count, 1, "\(started)")
        XCTAssertTrue(
            started.first?.hasSuffix(
                "Expected to receive Tally.Loaded, but nothing can arrive: no effect is running and no middleware holds an action for later. The last action sent, Tally.Label, started 2 effect(s), all ended: 1 finished, 1 cancelled."
            ) == true, "\(started)")
    }

    func testADependencyNobodyReplacedFailsTheTestNamingItsKey() async {
        let failures = await captured {
            let store = TestStore(model: Tally(), middleware: [PriceLookup()])
            await store.send(Tally.Label(text: "price")) { $0.label = "price" }
            await store.receive(Tally.Loaded.self) { $0.count = 1 }
            await store.finish()
        }
        XCTAssertEqual(failures.count, 1, "\(failures)")
        XCTAssertTrue(
            failures.first?.hasSuffix(
                "LivePrices was read in a test store that does not set it, and LivePrices has no test value: it gave its live value. Set it in the test store's dependencies (TestStore(...) { $0[LivePrices.self] = ... }), or give LivePrices a `static let testValue`."
            ) == true, "\(failures)")

        let setInPart = await captured {
            let store = TestStore(model: Tally(), middleware: [PriceLookup()]) {
                $0[LivePrices.self].price = { 8 }  // a write of one endpoint, not a read
            }
            await store.send(Tally.Label(text: "price")) { $0.label = "price" }
            await store.receive(Tally.Loaded.self) { $0.count = 8 }
            await store.finish()
        }
        XCTAssertEqual(setInPart, [])

        let set = await captured {
            let store = TestStore(model: Tally(), middleware: [PriceLookup()]) {
                $0[LivePrices.self] = LivePrices { 7 }
            }
            await store.send(Tally.Label(text: "price")) { $0.label = "price" }
            await store.receive(Tally.Loaded.self) { $0.count = 7 }
            await store.finish()
        }
        XCTAssertEqual(set, [], "a key the test sets is quiet")

        let declared = await captured {
            let store = TestStore(model: Tally(), middleware: [TestedPriceLookup()])
            await store.send(Tally.Label(text: "price")) { $0.label = "price" }
            await store.receive(Tally.Loaded.self) { $0.count = 3 }
            await store.finish()
        }
        XCTAssertEqual(declared, [], "a key with a test value gives it")

        let clock = await captured {
            let store = TestStore(model: Tally(), middleware: [ClockReader()])
            await store.send(Tally.Label(text: "clock")) { $0.label = "clock" }
            await store.finish()
        }
        XCTAssertEqual(
            clock,
            [
                "failed - The clock (dependencies.clock) was read in a test store that does not set it: it gave its live value. Set it in the test store's dependencies: TestStore(...) { $0.clock = TestClock() }."
            ])

        let live = Store(model: Tally(), middleware: [PriceLookup()])
        live.update(Tally.Label(text: "price"))
        await live.effects.waitForAll()
        XCTAssertEqual(live.find(Tally.self)?.count, 1, "outside tests, the live value")
    }

    func testAssertChecksTheStateWithoutAnAction() async {
        let store = TestStore(model: Tally())
        await store.send(Tally.Add(amount: 2)) { $0.count = 2 }
        store.assert { $0.count = 2 }
        let failures = await captured { store.assert { $0.count = 3 } }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures[0].contains("The state differs from the asserted one"), "\(failures)")
        XCTAssertTrue(failures[0].contains("Tally.count: 3 → 2"), "\(failures)")
        await store.finish()
    }

    func testWithExhaustivityOffSkipsWhatItDoesNotAssertThenComesBack() async {
        let failures = await captured {
            let store = TestStore(model: Tally(), middleware: [FixedLoader()])
            await store.withExhaustivity(.off) {
                await store.send(Tally.Label(text: "load"))  // the label and the load are not asserted
            }
            XCTAssertTrue(store.isExhaustive, "back to the store's own")
            await store.send(Tally.Add(amount: 1)) { $0.count = 43 }
            await store.finish()
        }
        XCTAssertEqual(failures, [])
    }

    func testModifyChangesANestedModelByTypeAndIdInsideEnumsAndArrays() async {
        var board = Board()
        board.modify(Card.self) { $0.title = "first" }
        XCTAssertEqual(board.columns[0].cards[0].title, "first")
        board.modify(Card.self, id: 3) { $0.title = "third" }
        XCTAssertEqual(board.columns[1].cards[0].title, "third")
        board.modify(Editor.self) { $0.draft = "x" }
        XCTAssertEqual(board.sheet, .edit(Editor(draft: "x")))
        let failures = await captured {
            var empty = Board()
            empty.sheet = nil
            empty.modify(Editor.self) { $0.draft = "y" }
            empty.modify(Card.self, id: 99) { $0.title = "z" }
        }
        XCTAssertEqual(
            failures,
            [
                "failed - modify: no Editor in Board, looked through its fields, optionals, enum payloads, arrays and dictionaries; none is there.",
                "failed - modify: no Card with id 99 in Board, looked through its fields, optionals, enum payloads, arrays and dictionaries; 3 Card are there.",
            ])
    }

    func testADiagnosticOfTheTreeFailsTheTestWhereTheStoreWasMade() async {
        struct Frozen: Model, Equatable {
            let tally = Tally()  // a let field: the store cannot update it
        }
        let failures = await captured {
            let store = TestStore(model: Frozen())
            await store.finish()
        }
        XCTAssertEqual(failures.count, 1, "\(failures)")
        XCTAssertTrue(failures.first?.contains("failed - substate: ") == true, "\(failures)")
        XCTAssertTrue(failures.first?.contains("tally") == true, "\(failures)")
    }

    func testReceivingTheWrongActionIsReported() async {
        let failures = await captured {
            let store = TestStore(model: Tally(), middleware: [FixedLoader()])
            await store.send(Tally.Label(text: "load")) { $0.label = "load" }
            await store.receive(Tally.Add.self, timeout: .seconds(1))
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures[0].hasSuffix("Expected to receive Tally.Add, received Tally.Loaded."), "\(failures)")
    }

    func testTimingWithTheTestClock() async {
        struct Query: DebouncedAction {
            let text: String
            var debounce: Debounce { Debounce(.milliseconds(300)) }
        }
        struct Search: Model, Equatable {
            var query = ""
            mutating func update(action: Action) { if let query = action as? Query { self.query = query.text } }
        }
        let clock = TestClock()
        let store = TestStore(model: Search(), middleware: [ActionDebouncer(clock: clock)])
        await store.send(Query(text: "s"))
        await store.send(Query(text: "sw"))
        await clock.advance(by: .milliseconds(300))
        await store.receive(Query.self) { $0.query = "sw" }
        await store.finish()
    }
}

// The document's login and fetch flows, with the test dependencies passed to the runner.
struct Login: StateMachine {
    struct State: Equatable, Sendable {
        var isLoading = false
        var user: String?
    }
    enum Input: Sendable { case didTapLoginButton }
    enum IOEffect: Equatable, Sendable { case authenticate(String, String) }
    enum IOResult: Sendable { case authenticated(String) }

    let authenticate: @Sendable (String, String) async -> String

    static func reduceInput(_ state: State, _ input: Input) -> Transition {
        transition(State(isLoading: true), .authenticate("user", "pass"))
    }

    static func reduceIOResult(_ state: State, _ ioResult: IOResult) -> Transition {
        switch ioResult {
        case .authenticated(let user): nextState(State(isLoading: false, user: user))
        }
    }

    func runIOEffect(_ ioEffect: IOEffect) -> IOResultStream {
        switch ioEffect {
        case .authenticate(let name, let password): .single { .authenticated(await authenticate(name, password)) }
        }
    }
}

@MainActor
final class StateMachineFlowTests: XCTestCase {
    func testLoginFlowWithAMockedDependency() async {
        let store = TestStore(
            model: MachineNode<Login>(.init()),
            middleware: [StateMachineRunner(Login(authenticate: { name, _ in "mock \(name)" }))])
        await store.send(MachineNode<Login>.Input(.didTapLoginButton)) {
            $0.state.isLoading = true
        }
        await store.receive(MachineNode<Login>.Result.self) {
            $0.state.isLoading = false
            $0.state.user = "mock user"
        }
        await store.finish()
    }
}

/// The same assertions from Swift Testing: failures are recorded as issues there.
@MainActor
@Suite struct TestStoreSwiftTestingTests {
    @Test func sendAndReceiveInSwiftTesting() async {
        let store = TestStore(model: Tally(), middleware: [FixedLoader()])
        await store.send(Tally.Label(text: "load")) { $0.label = "load" }
        await store.receive(Tally.Loaded.self) { $0.count = 42 }
        await store.finish()
    }

    @Test func aMismatchIsRecordedAsASwiftTestingIssue() async {
        withKnownIssue {
            let store = TestStore(model: Tally())
            store.send(Tally.Add(amount: 2)) { $0.count = 3 }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("Tally.count: 3 → 2") }
        }
    }
}
