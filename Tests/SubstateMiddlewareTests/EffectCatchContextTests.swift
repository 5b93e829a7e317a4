import Substate
import SubstateMiddleware
import XCTest

/// A row whose load fails, and whose failure must name it.
struct LoadingRow: Model, Equatable, Identifiable {
    struct Offline: Error {}
    let id: Int
    var failures: [String] = []
    /// Loads the row; the effect that answers throws.
    struct Load: TargetedAction {
        typealias Target = LoadingRow
        let targetID: Int
        let source: String
    }
    struct Failed: TargetedAction {
        typealias Target = LoadingRow
        let targetID: Int
        let reason: String
    }

    mutating func update(action: Action) {
        if let failed = action as? Failed, failed.targetID == id { failures.append(failed.reason) }
    }
}

struct LoadingRows: Model, Equatable {
    var rows = [LoadingRow(id: 1), LoadingRow(id: 2), LoadingRow(id: 3)]
}

@MainActor
final class EffectCatchContextTests: XCTestCase {
    private func failures(after load: LoadingRow.Load, with effect: Effect) async -> [[String]] {
        let store = Store(model: LoadingRows(), middleware: [EffectHandler(effects: [effect])])
        store.update(load)
        await store.effects.waitForAll()
        return store.find(LoadingRows.self)!.rows.map(\.failures)
    }

    func testTheActionFormsCatchWithTheActionThatStartedThem() async {
        let sending = Effect(
            for: LoadingRow.Load.self,
            catch: { error, load in LoadingRow.Failed(targetID: load.targetID, reason: "\(load.source): \(error)") }
        ) { _, _ in throw LoadingRow.Offline() }
        let sent = await failures(after: LoadingRow.Load(targetID: 2, source: "send"), with: sending)
        XCTAssertEqual(sent, [[], ["send: Offline()"], []])

        let returning = Effect(
            for: LoadingRow.Load.self,
            catch: { _, load in LoadingRow.Failed(targetID: load.targetID, reason: load.source) }
        ) { _ -> (any Action)? in throw LoadingRow.Offline() }
        let returned = await failures(after: LoadingRow.Load(targetID: 3, source: "return"), with: returning)
        XCTAssertEqual(returned, [[], [], ["return"]])
    }

    func testTheModelFormsCatchWithTheRowTheyRanFor() async {
        let sending = Effect(
            model: LoadingRow.self, action: LoadingRow.Load.self,
            catch: { _, row, load in LoadingRow.Failed(targetID: row.id, reason: "row \(row.id), \(load.source)") }
        ) { _, _, _ in throw LoadingRow.Offline() }
        let sent = await failures(after: LoadingRow.Load(targetID: 2, source: "send"), with: sending)
        XCTAssertEqual(sent, [[], ["row 2, send"], []])

        let returning = Effect(
            model: LoadingRow.self, action: LoadingRow.Load.self,
            catch: { _, row, _ in LoadingRow.Failed(targetID: row.id, reason: "row \(row.id)") }
        ) { _, _ -> (any Action)? in throw LoadingRow.Offline() }
        let returned = await failures(after: LoadingRow.Load(targetID: 1, source: "return"), with: returning)
        XCTAssertEqual(returned, [["row 1"], [], []])

        let conditional = Effect(
            model: LoadingRow.self, action: LoadingRow.Load.self,
            catch: { _, row, _ in LoadingRow.Failed(targetID: row.id, reason: "when") },
            when: { _, after in after.failures.isEmpty }
        ) { _, _, _ in throw LoadingRow.Offline() }
        let when = await failures(after: LoadingRow.Load(targetID: 3, source: "when"), with: conditional)
        XCTAssertEqual(when, [[], [], ["when"]])
    }

    func testAHandlerOfTheErrorAloneStillCompilesAndRuns() async {
        let effect = Effect(for: LoadingRow.Load.self, catch: { _ in LoadingRow.Failed(targetID: 1, reason: "alone") })
        {
            _, _ in throw LoadingRow.Offline()
        }
        let failed = await failures(after: LoadingRow.Load(targetID: 2, source: ""), with: effect)
        XCTAssertEqual(failed, [["alone"], [], []])
    }
}
