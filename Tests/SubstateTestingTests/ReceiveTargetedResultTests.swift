import Substate
import SubstateMiddleware
import XCTest

@testable import SubstateTesting

/// A row whose download reports its progress in a `Result`, addressed to the row.
struct ProgressRow: Model, Equatable, Identifiable {
    struct Offline: Error {}
    let id: Int
    var progress = 0
    var failed = false
    struct Answer: TargetedAction {
        typealias Target = ProgressRow
        let targetID: Int
        let result: Result<Int, Offline>
    }

    mutating func update(action: Action) {
        guard let answer = action as? Answer, answer.targetID == id else { return }
        switch answer.result {
        case .success(let progress): self.progress = progress
        case .failure: failed = true
        }
    }
}

struct ProgressRows: Model, Equatable {
    var rows = [ProgressRow(id: 1), ProgressRow(id: 2)]
    /// Asks the effect to send these actions, in order.
    struct Play: Action { let actions: [any Action] }
    struct Other: Action {}
    mutating func update(action: Action) {}
}

@MainActor
let progressRowEffects = EffectHandler(effects: [
    Effect(for: ProgressRows.Play.self) { play, send in
        for action in play.actions { await send(action) }
    }
])

final class ReceiveTargetedResultTests: FailureCapturingTestCase {
    private func play(_ actions: any Action...) -> ProgressRows.Play { ProgressRows.Play(actions: actions) }

    func testTheTargetTheSuccessAndThePredicateMatchTogether() async {
        let failures = await captured {
            let store = TestStore(model: ProgressRows(), middleware: [progressRowEffects])
            await store.send(play(ProgressRow.Answer(targetID: 2, result: .success(50))))
            await store.receive(ProgressRow.Answer.self, target: 2, \.result, successWhere: { $0 == 50 }) {
                $0.rows[1].progress = 50
            }
            await store.send(play(ProgressRow.Answer(targetID: 1, result: .success(10))))
            await store.receive(ProgressRow.Answer.self, target: 1, \.result) { $0.rows[0].progress = 10 }
            await store.finish()
        }
        XCTAssertEqual(failures.map(\.message), [])
    }

    func testAnActionOfAnotherTypeIsNamed() async {
        var line = 0
        let failures = await captured {
            let store = TestStore(model: ProgressRows(), middleware: [progressRowEffects])
            await store.send(play(ProgressRows.Other()))
            line = #line + 1
            await store.receive(ProgressRow.Answer.self, target: 2, \.result, successWhere: { $0 == 50 })
        }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertEqual(
            failures.map(\.message),
            [
                "Expected to receive ProgressRow.Answer for target 2 carrying .success that satisfies the predicate,"
                    + " received ProgressRows.Other (not a ProgressRow.Answer)."
            ])
    }

    func testAnotherTargetIsNamed() async {
        var line = 0
        let failures = await captured {
            let store = TestStore(model: ProgressRows(), middleware: [progressRowEffects])
            await store.send(play(ProgressRow.Answer(targetID: 1, result: .success(50))))
            line = #line + 1
            await store.receive(ProgressRow.Answer.self, target: 2, \.result, successWhere: { $0 == 50 })
        }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertEqual(
            failures.map(\.message),
            [
                "Expected to receive ProgressRow.Answer for target 2 carrying .success that satisfies the predicate,"
                    + " received ProgressRow.Answer for target 1 (the target differs)."
            ])
    }

    func testAFailureIsNamedWithItsError() async {
        var line = 0
        let failures = await captured {
            let store = TestStore(model: ProgressRows(), middleware: [progressRowEffects])
            await store.send(play(ProgressRow.Answer(targetID: 2, result: .failure(ProgressRow.Offline()))))
            line = #line + 1
            await store.receive(ProgressRow.Answer.self, target: 2, \.result) { $0.rows[1].failed = true }
        }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertEqual(
            failures.map(\.message),
            [
                "Expected to receive ProgressRow.Answer for target 2 carrying .success,"
                    + " received ProgressRow.Answer for target 2 carrying .failure(Offline()) (the result is not .success)."
            ])
    }

    func testASuccessThatFailsThePredicateIsNamedWithItsValue() async {
        var line = 0
        let failures = await captured {
            let store = TestStore(model: ProgressRows(), middleware: [progressRowEffects])
            await store.send(play(ProgressRow.Answer(targetID: 2, result: .success(40))))
            line = #line + 1
            await store.receive(ProgressRow.Answer.self, target: 2, \.result, successWhere: { $0 == 50 })
        }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertEqual(
            failures.map(\.message),
            [
                "Expected to receive ProgressRow.Answer for target 2 carrying .success that satisfies the predicate,"
                    + " received ProgressRow.Answer for target 2 carrying .success(40) (the success value does not"
                    + " satisfy the predicate)."
            ])
    }

    func testAMismatchBeforeTheMatchSaysWhatCameFirst() async {
        var line = 0
        let failures = await captured {
            let store = TestStore(model: ProgressRows(), middleware: [progressRowEffects])
            await store.send(
                play(
                    ProgressRow.Answer(targetID: 1, result: .success(50)),
                    ProgressRow.Answer(targetID: 2, result: .success(50))))
            line = #line + 1
            await store.receive(ProgressRow.Answer.self, target: 2, \.result, successWhere: { $0 == 50 }) {
                $0.rows[1].progress = 50
            }
        }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertEqual(
            failures.map(\.message),
            [
                "Received ProgressRow.Answer for target 1 (the target differs) before ProgressRow.Answer for target 2"
                    + " carrying .success that satisfies the predicate."
            ])
    }
}
