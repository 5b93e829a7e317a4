import Foundation
import Substate
import SubstateReplay
import SubstateTestSupport
import XCTest

@testable import SubstateMiddleware

struct Diary: Model, Equatable, Codable {
    var entries: [String] = []
    var limit = 2
    mutating func update(action: Action) {
        if let write = action as? Write { entries.append(write.text) }
    }
}

struct Write: Action, Codable { let text: String }
struct SignedIn: Action, Codable, TriggeringAction {
    let user: String
    var trigger: (any Action)? { Write(text: "welcome \(user)") }
}
struct Reset: Action, Codable, MultipleTriggeringAction {
    var triggers: [any Action] { [Write(text: "one"), Write(text: "two")] }
}
struct Ping: Action, Codable, TriggeringAction { var trigger: (any Action)? { Pong() } }
struct Pong: Action, Codable, TriggeringAction { var trigger: (any Action)? { Ping() } }
struct Legacy: Action, Codable { let text: String }
struct Lookup: Action, Codable { let word: String }

@MainActor
final class ActionTriggerTests: XCTestCase {
    private func origins(of store: Store) -> () -> [String] {
        var seen: [String] = []
        store.observeReductions { action, origin in seen.append("\(type(of: action)) \(origin)") }
        return { seen }
    }

    func testActionsNameTheirFollowUpsWhichComeRightAfterInOrder() async {
        let store = Store(model: Diary(), middleware: [ActionTrigger()])
        let seen = origins(of: store)
        store.update(SignedIn(user: "ada"))
        store.update(Reset())
        XCTAssertEqual(store.find(Diary.self)?.entries, ["welcome ada", "one", "two"])
        XCTAssertEqual(
            seen(), ["SignedIn app", "Write middleware", "Reset app", "Write middleware", "Write middleware"])
    }

    func testRulesReadAsSentences() async {
        let trigger = ActionTrigger([
            .after(
                Write.self,
                if: { write, tree in write.text.hasPrefix("!") && (tree.find(Diary.self)?.entries.count ?? 0) < 3 },
                dispatch: { write, tree in
                    Write(text: "echo \(write.text) at \(tree.find(Diary.self)?.entries.count ?? 0)")
                }),
            .replacing(Legacy.self, with: { legacy, _ in Write(text: "modern \(legacy.text)") }),
            .after(Lookup.self, perform: { lookup, _ in Write(text: "found \(lookup.word)") }),
        ])
        let store = Store(model: Diary(), middleware: [trigger])
        store.update(Write(text: "plain"))
        store.update(Write(text: "!loud"))
        store.update(Legacy(text: "save"))
        store.update(Lookup(word: "swift"))
        await store.effects.waitForAll()
        XCTAssertEqual(
            store.find(Diary.self)?.entries,
            ["plain", "!loud", "echo !loud at 2", "modern save", "found swift"])
    }

    func testActionsTriggeringEachOtherAreStoppedWithADiagnosticNeverAHang() async {
        var received: [Diagnostic] = []
        let store = Store(model: Diary(), middleware: [ActionTrigger(depthLimit: 10)]) { received.append($0) }
        store.update(Ping())
        XCTAssertEqual(received.map(\.kind), [.triggerLoop])
        store.update(Write(text: "still working"))
        XCTAssertEqual(store.find(Diary.self)?.entries, ["still working"])
    }

    func testTriggeredActionsAreRecordedAndNotTriggeredAgainDuringReplay() async throws {
        let log = MemoryLog()
        let store = Store(model: Diary(), middleware: [ActionTrigger(), ActionRecorder(to: log, digestEvery: 1)])
        store.update(SignedIn(user: "ada"))
        let replay = try Replay.run(try ActionLog(lines: log.lines), as: Diary.self, middleware: [ActionTrigger()])
        XCTAssertNil(replay.divergence)
        XCTAssertEqual(replay.store.find(Diary.self)?.entries, ["welcome ada"], "once: from the log")
    }
}
