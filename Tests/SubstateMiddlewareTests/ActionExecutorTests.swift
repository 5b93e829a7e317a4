import Foundation
import Substate
import SubstateReplay
import SubstateTestSupport
import XCTest

@testable import SubstateMiddleware

struct Inbox: Model, Equatable, Codable {
    var messages: [String] = []
    var errors: [String] = []
    mutating func update(action: Action) {
        if let got = action as? Got { messages.append(got.text) }
        if let failed = action as? FetchFailed { errors.append(failed.reason) }
    }
}

struct Got: Action, Codable { let text: String }
struct FetchFailed: Action, Codable { let reason: String }
struct Broken: Error, CustomStringConvertible { var description: String { "offline" } }

/// Waits on the store's clock, then answers with one message.
struct FetchLater: Action, Codable, ExecutableAction {
    let text: String
    var executionID: EffectID? { "fetch" }
    var cancelsInFlight: Bool { true }
    func execute(dependencies: Dependencies) async throws -> (any Action)? {
        try await dependencies.clock.sleep(for: .seconds(1))
        return Got(text: text)
    }
}

/// Sends several results over time.
struct Stream: Action, Codable, ExecutableAction {
    func execute(dependencies: Dependencies, send: Send) async throws {
        for word in ["one", "two", "three"] { await send(Got(text: word)) }
    }
}

/// Fails, into an action.
struct FetchBroken: Action, Codable, ExecutableAction {
    func execute(dependencies: Dependencies) async throws -> (any Action)? { throw Broken() }
    func failure(_ error: any Error) -> (any Action)? { FetchFailed(reason: "\(error)") }
}

@MainActor
final class ActionExecutorTests: XCTestCase {
    func testAnActionsWorkRunsAfterItReachedTheTreeOnTheStoresClock() async {
        let clock = TestClock()
        let store = Store(
            model: Inbox(), middleware: [ActionExecutor()], dependencies: Dependencies { $0.clock = clock })
        store.update(FetchLater(text: "first"))
        store.update(FetchLater(text: "second"))  // cancels the first: same id, cancelsInFlight
        await clock.waitForSleepers(1)
        await clock.advance(by: .seconds(1))
        await store.effects.waitForAll()
        XCTAssertEqual(store.find(Inbox.self)?.messages, ["second"])
    }

    func testSeveralResultsAndFailures() async {
        let store = Store(model: Inbox(), middleware: [ActionExecutor()])
        store.update(Stream())
        store.update(FetchBroken())
        await store.effects.waitForAll()
        XCTAssertEqual(store.find(Inbox.self)?.messages, ["one", "two", "three"])
        XCTAssertEqual(store.find(Inbox.self)?.errors, ["offline"])
    }

    func testNothingRunsDuringReplay() async throws {
        let log = MemoryLog()
        let store = Store(model: Inbox(), middleware: [ActionExecutor(), ActionRecorder(to: log, digestEvery: 1)])
        store.update(Stream())
        await store.effects.waitForAll()
        let replay = try Replay.run(try ActionLog(lines: log.lines), as: Inbox.self, middleware: [ActionExecutor()])
        XCTAssertNil(replay.divergence)
        XCTAssertEqual(replay.store.find(Inbox.self)?.messages, ["one", "two", "three"], "once, from the log")
        XCTAssertEqual(replay.store.effects.inFlightCount, 0)
    }
}
