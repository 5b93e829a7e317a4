import Substate
import SubstateMiddleware
import Synchronization
import Testing
import XCTest

@testable import SubstateTesting

// The test store's TCA ergonomics: the task `send` returns, `.off(showSkippedAssertions:)`,
// the test clock's `advance()`, and receiving one case of a result or one element's action.

/// A counter whose effect ticks every second until cancelled, or three times and then
/// finishes when bounded.
struct ErgoTicker: Model, Equatable {
    var ticks = 0
    var label = ""
    var isFinished = false
    struct Start: Action {}
    struct StartBounded: Action {}
    struct Tick: Action {}
    struct Finished: Action {}
    struct Label: Action { let text: String }

    mutating func update(action: Action) {
        switch action {
        case is Tick: ticks += 1
        case is Finished: isFinished = true
        case let label as Label: self.label = label.text
        default: break
        }
    }
}

@MainActor
let ergoTickerEffects = EffectHandler(effects: [
    Effect(for: ErgoTicker.Start.self) { _, send in
        while true {
            try await send.dependencies.clock.sleep(for: .seconds(1))
            await send(ErgoTicker.Tick())
        }
    },
    Effect(for: ErgoTicker.StartBounded.self) { _, send in
        for _ in 0..<3 {
            try await send.dependencies.clock.sleep(for: .seconds(1))
            await send(ErgoTicker.Tick())
        }
        await send(ErgoTicker.Finished())
    },
])

/// A fact loaded by an effect, answered with a `Result` whose error is not `Equatable`.
struct ErgoFact: Model, Equatable {
    struct Offline: Error {}
    var fact: String?
    var failed = false
    struct Load: Action { let fails: Bool }
    struct Response: Action { let result: Result<String, Offline> }

    mutating func update(action: Action) {
        guard let response = action as? Response else { return }
        switch response.result {
        case .success(let fact): self.fact = fact
        case .failure: failed = true
        }
    }
}

@MainActor
let ergoFactEffects = EffectHandler(effects: [
    Effect(for: ErgoFact.Load.self) { load, send in
        await send(ErgoFact.Response(result: load.fails ? .failure(ErgoFact.Offline()) : .success("42 is good")))
    }
])

/// Players on a stack, each with its own ticking effect, whose ticks reach it addressed to it.
struct ErgoPlayer: Model, Equatable {
    var elapsed = 0
    struct Play: Action {}
    struct Tick: Action {}
    mutating func update(action: Action) { if action is Tick { elapsed += 1 } }
}

struct ErgoPlaylist: Model, Equatable {
    var path = ScreenStack<ErgoPlayer>([ErgoPlayer(), ErgoPlayer()])
    mutating func update(action: Action) {}
}

@MainActor
let ergoPlayerEffects = EffectHandler(effects: [
    Effect(model: ErgoPlayer.self, action: ErgoPlayer.Play.self) { _, _, send in
        try await send.dependencies.clock.sleep(for: .seconds(1))
        await send(ErgoPlayer.Tick())
    }
])

/// Rows loaded together, each answered by an action targeted at it.
struct ErgoRow: Model, Equatable, Identifiable {
    let id: Int
    var isLoaded = false
    struct Loaded: TargetedAction {
        typealias Target = ErgoRow
        let targetID: Int
    }
    mutating func update(action: Action) {
        if let loaded = action as? Loaded, loaded.targetID == id { isLoaded = true }
    }
}

struct ErgoRows: Model, Equatable {
    var rows = [ErgoRow(id: 1), ErgoRow(id: 2)]
    struct LoadAll: Action {}
    mutating func update(action: Action) {}
}

@MainActor
let ergoRowEffects = EffectHandler(effects: [
    Effect(for: ErgoRows.LoadAll.self) { _, send in
        await send(ErgoRow.Loaded(targetID: 1))
        await send(ErgoRow.Loaded(targetID: 2))
    }
])

/// A search field debounced by no time at all: its query waits for the clock to run what is
/// due now.
struct ErgoSearch: Model, Equatable {
    var query = ""
    struct Query: Action, DebouncedAction {
        let text: String
        var debounce: Debounce { Debounce(.zero) }
    }
    mutating func update(action: Action) { if let query = action as? Query { self.query = query.text } }
}

@MainActor
final class TestStoreErgonomicsTests: FailureCapturingTestCase {
    private func ticker(_ clock: TestClock, exhaustive: Bool = true) -> TestStore<ErgoTicker> {
        TestStore(model: ErgoTicker(), middleware: [ergoTickerEffects], exhaustive: exhaustive) { $0.clock = clock }
    }

    // MARK: TestStoreTask

    func testCancellingTheTaskEndsTheEffectsItsSendStarted() async {
        let clock = TestClock()
        let failures = await captured {
            let store = ticker(clock)
            let task = await store.send(ErgoTicker.Start())
            XCTAssertFalse(task.isCancelled)
            await clock.advance(by: .seconds(1))
            await store.receive(ErgoTicker.Tick.self) { $0.ticks = 1 }
            await task.cancel()
            XCTAssertTrue(task.isCancelled)
            XCTAssertEqual(store.store.effects.inFlightCount, 0, "the cancelled effect has ended")
            await clock.advance(by: .seconds(5))  // it ticks no more
            await store.finish()
        }
        XCTAssertEqual(failures.map(\.message), [])
    }

    func testCancellingATaskLeavesTheEffectsOfOtherSendsRunning() async {
        let clock = TestClock()
        let failures = await captured {
            let store = ticker(clock)
            let first = await store.send(ErgoTicker.Start())
            let second = { store.send(ErgoTicker.Start()) }()  // the synchronous send returns its task too
            await first.cancel()
            XCTAssertTrue(first.isCancelled)
            XCTAssertFalse(second.isCancelled)
            await clock.advance(by: .seconds(1))
            await store.receive(ErgoTicker.Tick.self) { $0.ticks = 1 }  // one tick: the second loop's
            await second.cancel()
            await store.finish()
        }
        XCTAssertEqual(failures.map(\.message), [])
    }

    func testFinishWaitsForTheEffectsToEndByThemselves() async {
        let clock = TestClock()
        let failures = await captured {
            let store = ticker(clock)
            let task = await store.send(ErgoTicker.StartBounded())
            await clock.advance(by: .seconds(3))
            await store.receive(ErgoTicker.Tick.self) { $0.ticks = 1 }
            await store.receive(ErgoTicker.Tick.self) { $0.ticks = 2 }
            await store.receive(ErgoTicker.Tick.self) { $0.ticks = 3 }
            await store.receive(ErgoTicker.Finished.self) { $0.isFinished = true }
            await task.finish()
            XCTAssertFalse(task.isCancelled, "it finished; it was not cancelled")
            XCTAssertEqual(store.store.effects.inFlightCount, 0)
        }
        XCTAssertEqual(failures.map(\.message), [])
    }

    func testFinishFailsAtItsLineWhenTheEffectsRunOn() async {
        let clock = TestClock()
        var line = 0
        let failures = await captured {
            let store = ticker(clock)
            let task = await store.send(ErgoTicker.Start())
            line = #line + 1
            await task.finish(timeout: .milliseconds(20))
            await task.cancel()
            await store.finish()
        }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertEqual(Set(failures.map(\.file)), ["\(#filePath)"])
        XCTAssertEqual(
            failures.first?.message,
            "Expected the 1 effect(s) ErgoTicker.Start started to finish, but 1 still running after 0.02 seconds."
                + " Advance the test clock they wait on, or cancel the task.")
    }

    func testATaskOfASendThatStartedNothingIsCancelledAndFinished() async {
        let failures = await captured {
            let store = ticker(TestClock())
            let task = await store.send(ErgoTicker.Label(text: "a")) { $0.label = "a" }
            XCTAssertTrue(task.isCancelled, "as TCA's task for an action without effects")
            await task.finish()
            await task.cancel()
        }
        XCTAssertEqual(failures.map(\.message), [])
    }

    func testATaskOutlivingItsTestStoreDoesNothing() async {
        var task: TestStoreTask?
        let failures = await captured {
            let store = ticker(TestClock())
            task = await store.send(ErgoTicker.Start())
            await task?.cancel()
        }
        await task?.cancel()
        await task?.finish()
        XCTAssertEqual(task?.isCancelled, true)
        XCTAssertEqual(failures.map(\.message), [])
    }

    // MARK: Exhaustivity

    func testOffWithoutArgumentsIsOffWithoutSkippedAssertions() async {
        XCTAssertEqual(TestStore<ErgoTicker>.Exhaustivity.off, .off(showSkippedAssertions: false))
        let clock = TestClock()
        let failures = await captured {
            let store = ticker(clock)
            await store.withExhaustivity(.off) {
                await store.send(ErgoTicker.StartBounded())
                await clock.advance(by: .seconds(3))
            }
            XCTAssertEqual(store.skippedActions.count, 4)
            XCTAssertTrue(store.isExhaustive, "back to the store's own")
            store.exhaustivity = .off(showSkippedAssertions: true)
            XCTAssertFalse(store.isExhaustive)
            store.isExhaustive = true
            XCTAssertEqual(store.exhaustivity, .on)
        }
        XCTAssertEqual(failures.map(\.message), [])
    }

    func testSkippedAssertionsAreNotesNotFailuresUnderXCTest() async {
        // Under XCTest on Linux they are notes on standard output; what fails stays a failure.
        let clock = TestClock()
        var lines: [Int] = []
        var failedAt = 0
        let reported = Mutex<[(message: String, line: UInt)]>([])
        let failures = await SkippedAssertions.observing({ message, at in
            reported.withLock { $0.append((message, at.line)) }
        }) {
            await captured {
                let store = ticker(clock)
                lines.append(#line + 1)
                await store.withExhaustivity(.off(showSkippedAssertions: true)) {
                    lines.append(#line + 1)
                    await store.send(ErgoTicker.Label(text: "a"))  // the label is not asserted
                    await store.send(ErgoTicker.StartBounded())
                    await clock.advance(by: .seconds(3))
                    lines.append(#line + 1)
                    await store.receive(ErgoTicker.Finished.self) { $0.isFinished = true }  // nor the ticks
                    failedAt = #line + 1
                    await store.send(ErgoTicker.Label(text: "b")) { $0.label = "c" }
                    await store.send(ErgoTicker.StartBounded())
                    await clock.advance(by: .seconds(3))  // its actions are left to the end of the part
                }
                await store.finish()
            }
        }
        XCTAssertEqual(failures.map(\.line), [failedAt])
        XCTAssertTrue(failures.first?.message.hasPrefix("State after ErgoTicker.Label differs") == true)
        let notes = reported.withLock { $0 }
        XCTAssertEqual(notes.map { Int($0.line) }, [lines[1], lines[2], lines[0]])
        XCTAssertEqual(
            notes.map(\.message),
            [
                "Skipped assertions: State after ErgoTicker.Label differs from the expected state (expected → actual):\n"
                    + "ErgoTicker.label: \"\" → \"a\"",
                "Skipped assertions: 3 received action(s) skipped before ErgoTicker.Finished: ErgoTicker.Tick ×3",
                "Skipped assertions: 4 received action(s) skipped at the end of the non-exhaustive part:"
                    + " ErgoTicker.Tick ×3, ErgoTicker.Finished",
            ])
    }

    // MARK: TestClock.advance()

    /// The synchronous `advance(by:)`, which an async test reaches only through sync code.
    private func advanceSynchronously(_ clock: TestClock, by duration: Duration) {
        clock.advance(by: duration)
    }

    func testTheSynchronousAdvanceRunsWhatIsDueNowWithoutMovingTime() {
        let clock = TestClock()
        let store = Store(model: ErgoSearch(), middleware: [ActionDebouncer(clock: clock)])
        store.update(ErgoSearch.Query(text: "s"))
        XCTAssertEqual(store.find(ErgoSearch.self)?.query, "", "held until the clock runs what is due")
        clock.advance()
        XCTAssertEqual(store.find(ErgoSearch.self)?.query, "s")
        XCTAssertEqual(clock.now, TestClock.Instant(offset: .zero))
    }

    func testTheAsyncAdvanceRunsWhatIsDueNowWithoutMovingTime() async {
        let clock = TestClock()
        let failures = await captured {
            let store = TestStore(model: ErgoSearch(), middleware: [ActionDebouncer(clock: clock)])
            await store.send(ErgoSearch.Query(text: "s"))
            await clock.advance()
            await store.receive(ErgoSearch.Query.self) { $0.query = "s" }
            XCTAssertEqual(clock.now, TestClock.Instant(offset: .zero))
            await store.finish()
        }
        XCTAssertEqual(failures.map(\.message), [])
    }

    func testTheAsyncAdvanceLetsWhatTheSynchronousOneWokeRun() async {
        let clock = TestClock()
        let failures = await captured {
            let store = ticker(clock)
            await store.send(ErgoTicker.StartBounded())
            await clock.advance()  // not due yet: nothing runs
            XCTAssertEqual(clock.now, TestClock.Instant(offset: .zero))
            advanceSynchronously(clock, by: .seconds(1))  // wakes the sleeper, which has not run yet
            await clock.advance()
            XCTAssertEqual(clock.now, TestClock.Instant(offset: .seconds(1)))
            await store.receive(ErgoTicker.Tick.self) { $0.ticks = 1 }
            await clock.advance(by: .seconds(2))
            await store.receive(ErgoTicker.Tick.self) { $0.ticks = 2 }
            await store.receive(ErgoTicker.Tick.self) { $0.ticks = 3 }
            await store.receive(ErgoTicker.Finished.self) { $0.isFinished = true }
            await store.finish()
        }
        XCTAssertEqual(failures.map(\.message), [])
    }

    // MARK: Receiving a result's case, an element's action, a target's action

    func testReceivingACaseOfAResult() async {
        let failures = await captured {
            let store = TestStore(model: ErgoFact(), middleware: [ergoFactEffects])
            await store.send(ErgoFact.Load(fails: false))
            await store.receive(ErgoFact.Response.self, \.result, is: .success) { $0.fact = "42 is good" }
            await store.send(ErgoFact.Load(fails: true))
            await store.receive(ErgoFact.Response.self, \.result, is: .failure) { $0.failed = true }
            await store.finish()
        }
        XCTAssertEqual(failures.map(\.message), [])
    }

    func testReceivingTheOtherCaseOfAResultSaysWhatArrived() async {
        var line = 0
        let failures = await captured {
            let store = TestStore(model: ErgoFact(), middleware: [ergoFactEffects])
            await store.send(ErgoFact.Load(fails: true))
            line = #line + 1
            await store.receive(ErgoFact.Response.self, \.result, is: .success)
            await store.send(ErgoFact.Load(fails: false))
            await store.receive(ErgoFact.Response.self, \.result, is: .failure)
        }
        XCTAssertEqual(failures.map(\.line), [line, line + 2])
        XCTAssertEqual(
            failures.map(\.message),
            [
                "Expected to receive ErgoFact.Response carrying .success, received ErgoFact.Response carrying .failure(Offline()).",
                "Expected to receive ErgoFact.Response carrying .failure, received ErgoFact.Response carrying .success(42 is good).",
            ])
    }

    func testReceivingAnElementsAction() async {
        let clock = TestClock()
        let failures = await captured {
            let store = TestStore(model: ErgoPlaylist(), middleware: [ergoPlayerEffects]) { $0.clock = clock }
            await store.send(ScreenStack<ErgoPlayer>.ToElement(id: 1, ErgoPlayer.Play()))
            await clock.advance(by: .seconds(1))
            await store.receive(ErgoPlayer.Tick.self, element: 1) { $0.path[id: 1]?.elapsed = 1 }
            await store.finish()
        }
        XCTAssertEqual(failures.map(\.message), [])
    }

    func testReceivingAnotherElementsActionSaysWhichArrived() async {
        let clock = TestClock()
        var line = 0
        let failures = await captured {
            let store = TestStore(model: ErgoPlaylist(), middleware: [ergoPlayerEffects]) { $0.clock = clock }
            await store.send(ScreenStack<ErgoPlayer>.ToElement(id: 1, ErgoPlayer.Play()))
            await clock.advance(by: .seconds(1))
            line = #line + 1
            await store.receive(ErgoPlayer.Tick.self, element: 0) { $0.path[id: 0]?.elapsed = 1 }
        }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertEqual(
            failures.map(\.message),
            ["Expected to receive ErgoPlayer.Tick for element #0, received ErgoPlayer.Tick for element #1."])
    }

    func testReceivingATargetedAction() async {
        var line = 0
        let failures = await captured {
            let store = TestStore(model: ErgoRows(), middleware: [ergoRowEffects])
            await store.send(ErgoRows.LoadAll())
            await store.receive(ErgoRow.Loaded.self, target: 1) { $0.rows[0].isLoaded = true }
            await store.receive(ErgoRow.Loaded.self, target: 2) { $0.rows[1].isLoaded = true }

            await store.send(ErgoRows.LoadAll())
            line = #line + 1
            await store.receive(ErgoRow.Loaded.self, target: 2)
        }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertEqual(
            failures.map(\.message), ["Received ErgoRow.Loaded for target 1 before ErgoRow.Loaded for target 2."])
    }
}

/// In Swift Testing, what `.off(showSkippedAssertions: true)` skipped is a known issue at the
/// line of the step that skipped it, and never fails the test.
@MainActor
@Suite(.serialized) struct TestStoreSkippedAssertionTests {
    /// The skipped assertions reported while the body ran, with their lines.
    private func skipped(_ body: () async -> Void) async -> [(message: String, line: Int, fileID: String)] {
        let reported = Mutex<[(message: String, line: Int, fileID: String)]>([])
        await SkippedAssertions.observing({ message, at in
            // Other suites run beside this one: only this file's reports are its own.
            guard "\(at.fileID)".hasSuffix("TestStoreErgonomicsTests.swift") else { return }
            reported.withLock { $0.append((message, Int(at.line), "\(at.fileID)")) }
        }) {
            await body()
        }
        return reported.withLock { $0 }
    }

    @Test func skippedAssertionsAreKnownIssuesAtTheirSteps() async {
        // Were they failures, this test would fail: each is a known issue.
        let clock = TestClock()
        var lines: [Int] = []
        let skipped = await skipped {
            let store = TestStore(model: ErgoTicker(), middleware: [ergoTickerEffects]) { $0.clock = clock }
            store.exhaustivity = .off(showSkippedAssertions: true)
            store.timeout = .milliseconds(20)
            lines.append(#line + 1)
            await store.send(ErgoTicker.Label(text: "a"))
            await store.send(ErgoTicker.StartBounded())
            await clock.advance(by: .seconds(3))
            lines.append(#line + 1)
            await store.receive(ErgoTicker.Finished.self) { $0.isFinished = true }
            await store.send(ErgoTicker.StartBounded())
            await clock.advance(by: .seconds(3))
            lines.append(#line + 1)
            await store.send(ErgoTicker.Label(text: "b")) { $0.label = "b" }
            await store.send(ErgoTicker.Start())
            await clock.advance(by: .seconds(1))
            lines.append(#line + 1)
            await store.finish()
        }
        #expect(skipped.map(\.line) == [lines[0], lines[1], lines[2], lines[3], lines[3]])
        #expect(skipped.allSatisfy { $0.fileID == #fileID })
        #expect(
            skipped.map(\.message) == [
                "Skipped assertions: State after ErgoTicker.Label differs from the expected state (expected → actual):\n"
                    + "ErgoTicker.label: \"\" → \"a\"",
                "Skipped assertions: 3 received action(s) skipped before ErgoTicker.Finished: ErgoTicker.Tick ×3",
                "Skipped assertions: 4 received action(s) skipped before sending ErgoTicker.Label:"
                    + " ErgoTicker.Tick ×3, ErgoTicker.Finished",
                "Skipped assertions: 1 effect(s) still running at the end of the test.",
                "Skipped assertions: 1 received action(s) skipped at the end of the test: ErgoTicker.Tick",
            ])
    }

    @Test func offWithoutSkippedAssertionsReportsNothing() async {
        let skipped = await skipped {
            let store = TestStore(model: ErgoTicker(), middleware: [ergoTickerEffects], exhaustive: false)
            await store.send(ErgoTicker.Label(text: "a"))
            await store.send(ErgoTicker.Label(text: "b")) { $0.label = "b" }
        }
        #expect(skipped.isEmpty)
    }

    @Test func aRealFailureInsideStaysAFailure() async {
        let line = #line + 5
        let skipped = await skipped {
            await withKnownIssue {
                let store = TestStore(model: ErgoTicker())
                await store.withExhaustivity(.off(showSkippedAssertions: true)) {
                    await store.send(ErgoTicker.Label(text: "a")) { $0.label = "b" }
                }
            } matching: { issue in
                issue.sourceLocation?.line == line
                    && issue.comments.contains { $0.rawValue.hasPrefix("State after ErgoTicker.Label differs") }
            }
        }
        #expect(skipped.isEmpty)
    }
}
