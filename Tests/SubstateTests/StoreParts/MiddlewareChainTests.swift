import XCTest

@testable import Substate

@MainActor
final class MiddlewareChainTests: XCTestCase {
    private final class Passing: Middleware {
        func handle(_ action: Action, store: Store, next: Next) { next(action) }
    }

    func testLinksRunFromTheFirstMiddlewareToTheTreeAndAllAreReleasedTogether() async {
        let first = Passing()
        let second = Passing()
        var chain = MiddlewareChain(middleware: [first, second])
        XCTAssertFalse(chain.reducesDirectly)
        XCTAssertNil(chain.head, "no links before the store is complete")
        let store = Store(model: Leaf(1))
        chain.link(to: store, lifetime: StoreLifetime(onDiagnostic: { _ in }))

        var links: [Substate.ChainLink] = []
        var link = chain.head
        while let current = link {
            links.append(current)
            link = (current as? MiddlewareLink)?.next.link
        }
        XCTAssertEqual(links.count, 3)
        XCTAssert((links[0] as? MiddlewareLink)?.middleware as AnyObject? === first)
        XCTAssert((links[1] as? MiddlewareLink)?.middleware as AnyObject? === second)
        XCTAssert(links[2] is ReduceLink)
        XCTAssert(links.allSatisfy { !$0.isReleased })
        chain.release()
        XCTAssert(links.allSatisfy(\.isReleased))
    }

    func testAChainWithoutMiddlewareReducesDirectly() async {
        XCTAssertTrue(MiddlewareChain(middleware: []).reducesDirectly)
    }
}
