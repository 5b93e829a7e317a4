import XCTest

@testable import Substate

final class ActionQueueTests: XCTestCase {
    private struct Named: Action { let name: String }

    private func name(_ action: (any Action)?) -> String? { (action as? Named)?.name }

    func testActionsDispatchedDuringAnotherWaitInOrderWithTheirOrigins() {
        var queue = ActionQueue()
        XCTAssertFalse(queue.isDispatching)
        queue.begin(from: .app)
        XCTAssertTrue(queue.isDispatching)
        XCTAssertEqual(queue.origin, .app)
        queue.enqueue(Named(name: "a"), origin: .middleware)
        queue.enqueue(Named(name: "b"), origin: .effect)
        XCTAssertTrue(queue.hasWaiting)

        XCTAssertEqual(name(queue.takeNext()), "a")
        XCTAssertEqual(queue.origin, .middleware)
        // One handled action dispatches another: it waits behind those already waiting.
        queue.enqueue(Named(name: "c"), origin: .store)
        XCTAssertEqual(name(queue.takeNext()), "b")
        XCTAssertEqual(queue.origin, .effect)
        XCTAssertEqual(name(queue.takeNext()), "c")
        XCTAssertEqual(queue.origin, .store)
        XCTAssertNil(queue.takeNext())
        XCTAssertFalse(queue.hasWaiting)
        queue.end()
        XCTAssertFalse(queue.isDispatching)
    }

    func testAnEmptiedQueueStartsAgainFromItsFirstAction() {
        var queue = ActionQueue()
        queue.begin(from: .app)
        queue.enqueue(Named(name: "a"), origin: .app)
        XCTAssertEqual(name(queue.takeNext()), "a")
        XCTAssertNil(queue.takeNext())
        queue.end()

        queue.begin(from: .effect)
        XCTAssertFalse(queue.hasWaiting)
        queue.enqueue(Named(name: "b"), origin: .middleware)
        XCTAssertEqual(name(queue.takeNext()), "b")
        XCTAssertNil(queue.takeNext())
    }

    @MainActor
    func testAStoreHandlesActionsDispatchedByMiddlewareAfterTheCurrentOneInOrder() async {
        final class Echo: Middleware {
            var seen: [String] = []
            func handle(_ action: Action, store: Store, next: Next) {
                if let named = action as? Named {
                    seen.append("\(named.name) from \(store.dispatchOrigin)")
                    if named.name == "first" {
                        store.update(Named(name: "second"))
                        store.update(Named(name: "third"))
                    }
                }
                next(action)
            }
        }
        let echo = Echo()
        let store = Store(model: Leaf(1), middleware: [echo])
        store.update(Named(name: "first"))
        XCTAssertEqual(echo.seen, ["first from app", "second from middleware", "third from middleware"])
        XCTAssertEqual(store.find(Leaf.self)?.updates, 4, "Start and the three actions")
    }
}
