import Foundation
import Substate
import SubstateMiddleware
import SubstateTestSupport
import SubstateTesting
import Testing
import XCTest

/// A cart for the shop tests: a total and a flag, and a payment effect's answer.
struct Cart: Model, Equatable, Codable {
    var totalCents = 0
    var items = 0
    var isPaid = false
    struct Add: Action, Codable { let cents: Int }
    struct Pay: Action, Codable {}
    struct Paid: Action, Equatable, Codable { let total: Int }
    mutating func update(action: Action) {
        switch action {
        case let add as Add:
            totalCents += add.cents
            items += 1
        case is Paid: isPaid = true
        default: ()
        }
    }
}

/// Answers `Pay` with `Paid`, from an effect that waits at a gate first when given one.
struct Payments: Middleware {
    var gate: Gate?
    func handle(_ action: Action, store: Store, next: Next) {
        next(action)
        guard action is Cart.Pay else { return }
        let total = store.find(Cart.self)?.totalCents ?? 0
        store.effects.run { [gate] send in
            await gate?.wait()
            await send(Cart.Paid(total: total))
        }
    }
}

@MainActor
final class TestStoreReportingTests: FailureCapturingTestCase {
    func testAFailureIsReportedAtTheTestsOwnLine() async {
        var lines: [Int] = []
        let failures = await captured {
            let store = TestStore(model: Cart(), middleware: [Payments()])
            lines.append(#line + 1)
            await store.send(Cart.Add(cents: 3)) { $0.totalCents = 4 }
            await store.send(Cart.Pay())
            lines.append(#line + 1)
            await store.receive(Cart.Add.self, timeout: .seconds(1))
            await store.send(Cart.Pay())
            await store.store.effects.waitForAll()
            lines.append(#line + 1)
            await store.finish()
        }
        XCTAssertEqual(failures.map(\.line), lines)
        XCTAssertEqual(Set(failures.map(\.file)), ["\(#filePath)"], "this test's file, not the library's")
    }

    func testReleasingAStoreWithAnEffectStillRunningFailsWhereTheStoreWasMade() async {
        let gate = Gate()
        var madeAt = 0
        let failures = await captured {
            madeAt = #line + 1
            let store = TestStore(model: Cart(), middleware: [Payments(gate: gate)])
            store.send(Cart.Pay())
        }
        XCTAssertEqual(failures.map(\.line), [madeAt])
        XCTAssertEqual(
            failures.first?.message,
            "1 effect(s) were still running when the test store was released; receive what they send and await store.finish(), or cancel them."
        )
    }

    func testAnEffectThatSentItsLastActionIsNeverTakenForALeak() async {
        // The effect returns, on another thread or on the main actor (a service), just after the
        // test received its action: releasing the store at once must not count it, however the
        // threads interleave.
        for round in 0..<200 {
            let failures = await captured {
                let store = TestStore(model: Cart(), middleware: [Payments()])
                await store.send(Cart.Pay())
                await store.receive(Cart.Paid.self) { $0.isPaid = true }
            }
            XCTAssertEqual(failures.map(\.message), [], "round \(round)")
            let serviceFailures = await captured {
                let store = TestStore(model: Tally(), middleware: [FixedLoader()])
                await store.send(Tally.Label(text: "load")) { $0.label = "load" }
                await store.receive(Tally.Loaded.self) { $0.count = 42 }
            }
            XCTAssertEqual(serviceFailures.map(\.message), [], "round \(round), a service")
        }
    }

    func testNonExhaustiveStoresAssertOnlyWhatTheTestSets() async {
        let failures = await captured {
            let store = TestStore(model: Cart(), middleware: [Payments()], exhaustive: false)
            await store.send(Cart.Add(cents: 1)) { $0.totalCents = 1 }  // items changed too: not asserted
            await store.send(Cart.Pay())
            await store.send(Cart.Add(cents: 2)) { $0.totalCents = 3 }
            await store.store.effects.waitForAll()
            store.skipReceivedActions()
            XCTAssertEqual(store.skippedActions.map { "\(type(of: $0))" }, ["Paid"])
            await store.send(Cart.Add(cents: 5)) { $0.totalCents = 99 }
        }
        XCTAssertEqual(failures.count, 1, "\(failures.map(\.message))")
        XCTAssertTrue(failures[0].message.contains("Cart.totalCents: 99 → 8"), failures[0].message)
    }

    func testExhaustiveStoresStillAssertTheWholeState() async {
        let failures = await captured {
            let store = TestStore(model: Cart())
            store.send(Cart.Add(cents: 1)) { $0.totalCents = 1 }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures[0].message.contains("Cart.items: 0 → 1"), failures[0].message)
    }

    func testReceivingByValueShowsADiffOfThePayload() async {
        let failures = await captured {
            let store = TestStore(model: Cart(), middleware: [Payments()])
            await store.send(Cart.Add(cents: 3)) {
                $0.totalCents = 3
                $0.items = 1
            }
            await store.send(Cart.Pay())
            await store.receive(Cart.Paid(total: 4)) { $0.isPaid = true }
            await store.finish()
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(
            failures.first?.message,
            "Received Cart.Paid differs from the expected one (expected → actual):\nCart.Paid.total: 4 → 3")
        let clean = await captured {
            let store = TestStore(model: Cart(), middleware: [Payments()])
            await store.send(Cart.Pay())
            await store.receive(Cart.Paid(total: 0)) { $0.isPaid = true }
            await store.finish()
        }
        XCTAssertEqual(clean.map(\.message), [])
    }
}

/// In Swift Testing, a failure is an issue at the test's own line too.
@MainActor
@Suite struct TestStoreLocationTests {
    @Test func aFailureIsAnIssueAtTheTestsLine() async {
        let line = #line + 3
        withKnownIssue {
            let store = TestStore(model: Cart())
            store.send(Cart.Add(cents: 2)) { $0.totalCents = 3 }
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == #fileID
                && issue.comments.contains { $0.rawValue.contains("Cart.totalCents: 3 → 2") }
        }
    }
}
