import XCTest

@testable import Substate

@MainActor
final class ListenerPartsTests: XCTestCase {
    private struct Ping: Action { let n: Int }

    func testReductionObserversAreToldInTheOrderTheyRegisteredUntilRemoved() async {
        var observers = ReductionObservers()
        XCTAssertTrue(observers.isEmpty)
        var log: [String] = []
        let first = observers.add { action, origin in log.append("first \((action as! Ping).n) \(origin)") }
        _ = observers.add { action, _ in log.append("second \((action as! Ping).n)") }
        observers.tell(Ping(n: 1), origin: .effect)
        observers.remove(first)
        observers.remove(first)
        observers.tell(Ping(n: 2), origin: .app)
        XCTAssertEqual(log, ["first 1 effect", "second 1", "second 2"])
    }

    func testSubscriptionsReceiveEveryActionUntilRemovedAndEndWithTheStore() async {
        let store = Store(model: Leaf(1))
        var subscriptions = Subscriptions()
        var received: [Int] = []
        var finished = 0
        let id = subscriptions.add(
            .init(receive: { _, action in received.append((action as! Ping).n) }, finish: { finished += 1 }))
        _ = subscriptions.add(.init(receive: { _, _ in }, finish: { finished += 1 }))
        subscriptions.deliver(Ping(n: 1), from: store)
        subscriptions.remove(id)
        subscriptions.deliver(Ping(n: 2), from: store)
        XCTAssertEqual(received, [1])
        subscriptions.finishAll()
        XCTAssertEqual(finished, 1, "a removed consumer is not finished by the store")
    }

    func testTheStoreTellsListenersOnlyWhileAnyIsRegistered() async {
        let store = Store(model: Leaf(1))
        var seen: [Int] = []
        let observation = store.observeReductions { action, _ in if let ping = action as? Ping { seen.append(ping.n) } }
        store.update(Ping(n: 1))
        observation.cancel()
        store.update(Ping(n: 2))
        XCTAssertEqual(seen, [1])
    }
}
