import Foundation
import Substate
import SubstateMachine
import SubstateMiddleware
import SubstateReplay
import SubstateTesting
import XCTest

/// The live price lookup the Testing article's client would call; never reached in tests.
func fetchPrice(_ sku: String) async throws -> Int { sku.count }

/// The examples of the Testing article, compiled and run as written there.
@MainActor
final class TestingGuideTests: XCTestCase {
    struct Search: Model, Equatable {
        var query = ""
        struct Query: Action, DebouncedAction {
            let text: String
            var debounce: Debounce { Debounce(.milliseconds(300)) }
        }
        mutating func update(action: Action) { if let query = action as? Query { self.query = query.text } }
    }

    struct PricingAPI: DependencyKey, Sendable {
        var price: @Sendable (String) async throws -> Int
        static let liveValue = PricingAPI { sku in try await fetchPrice(sku) }
        static let testValue = PricingAPI { _ in 100 }  // what tests get unless they set another
    }

    func testATestValueIsWhatATestStoreGives() async throws {
        let store = TestStore(model: Cart())
        let tested = try await store.store.dependencies[PricingAPI.self].price("abc")
        let live = try await Store(model: Cart()).dependencies[PricingAPI.self].price("abc")
        XCTAssertEqual(tested, 100)
        XCTAssertEqual(live, 3)
    }

    func testPartsOfATestAndAssertions() async {
        let store = TestStore(model: Cart(), middleware: [Payments()])
        await store.send(Cart.Add(cents: 3)) {
            $0.totalCents = 3
            $0.items = 1
        }
        await store.withExhaustivity(.off) {
            await store.send(Cart.Pay())  // its Paid arrives and is skipped when the block ends
        }
        store.assert { $0.modify(Cart.self) { $0.isPaid = true } }
        await store.finish()
    }

    func testPlainStores() async {
        let store = Store(model: Cart())
        store.update(Cart.Add(cents: 250))
        XCTAssertEqual(store.find(Cart.self)?.totalCents, 250)
    }

    func testExhaustiveTests() async {
        let store = TestStore(model: Cart(), middleware: [Payments()])
        await store.send(Cart.Add(cents: 3)) {
            $0.totalCents = 3
            $0.items = 1
        }
        await store.send(Cart.Pay())
        await store.receive(Cart.Paid(total: 3)) { $0.isPaid = true }
        await store.finish()
    }

    func testReceivingByPredicate() async {
        let store = TestStore(model: Cart(), middleware: [Payments()])
        await store.send(Cart.Add(cents: 3)) {
            $0.totalCents = 3
            $0.items = 1
        }
        await store.send(Cart.Pay())
        await store.receive(where: { ($0 as? Cart.Paid)?.total ?? 0 > 0 }) { $0.isPaid = true }
        await store.finish()
    }

    func testNonExhaustiveTests() async {
        let store = TestStore(model: Cart(), middleware: [Payments()], exhaustive: false)
        await store.send(Cart.Add(cents: 1)) { $0.totalCents = 1 }  // items changed too: not asserted
        await store.send(Cart.Pay())  // its Paid is not received: skipped
        await store.store.effects.waitForAll()
    }

    func testTiming() async {
        let clock = TestClock()
        let store = TestStore(model: Search(), middleware: [ActionDebouncer(clock: clock)])
        await store.send(Search.Query(text: "s"))
        await store.send(Search.Query(text: "sw"))
        await clock.advance(by: .milliseconds(300))
        await store.receive(Search.Query.self) { $0.query = "sw" }
        await store.finish()
    }

    func testDependencies() async {
        let store = TestStore(model: Notebook(), middleware: [Stamper()]) {
            $0.date = .constant(Date(timeIntervalSince1970: 1_800_000_000))
            $0.uuid = .incrementing
            $0[ShopAPI.self] = .mock
        }
        await store.send(Notebook.Price(sku: "abc"))
        await store.receive(Notebook.Priced(cents: 300)) { $0.priceCents = 300 }
        await store.finish()
    }

    func testStateMachineFeatures() async {
        let (state, effect) = Login.reduceInput(.init(), .didTapLoginButton)
        XCTAssertEqual(state, .init(isLoading: true))
        XCTAssertEqual(effect, .authenticate("user", "pass"))

        let store = TestStore(
            model: MachineNode<Login>(.init()),
            middleware: [StateMachineRunner(Login(authenticate: { name, _ in "mock \(name)" }))])
        await store.send(MachineNode<Login>.Input(.didTapLoginButton)) { $0.state.isLoading = true }
        await store.receive(MachineNode<Login>.Result.self) {
            $0.state.isLoading = false
            $0.state.user = "mock user"
        }
        await store.finish()
    }

    func testARecordedSessionAsATest() async throws {
        let recorder = MemoryLog()
        let app = Store(model: Cart(), middleware: [Payments(), ActionRecorder(to: recorder)])
        app.update(Cart.Add(cents: 3))
        app.update(Cart.Pay())
        await app.effects.waitForAll()
        let recordedLines = recorder.lines

        let log = try ActionLog(lines: recordedLines)
        let replay = try Replay.run(log, as: Cart.self)
        XCTAssertNil(replay.divergence)
        XCTAssertEqual(replay.store.find(Cart.self)?.isPaid, true)
    }
}
