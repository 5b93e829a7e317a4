import Substate
import XCTest

@testable import SubstateMiddleware

/// The order of the middleware list decides what each one sees.
@MainActor
final class OrderTests: XCTestCase {
    func testALoggerBeforeADebouncerSeesEveryActionAndOneAfterItSeesOnlyWhatPasses() async {
        let clock = TestClock()
        let before = Lines()
        let after = Lines()
        let store = Store(
            model: Leaf(),
            middleware: [
                ActionLogger(filter: true, output: before.output), ActionDebouncer(clock: clock),
                ActionLogger(filter: true, output: after.output),
            ])
        play([(0, Query(name: "s")), (30, Query(name: "sw")), (60, Query(name: "swi"))], on: store, clock: clock)
        XCTAssertEqual(before.entries.count, 3)
        XCTAssertEqual(
            after.entries,
            [
                #"Query(name: "swi", debounce: Debounce(interval: 0.1 seconds, edge: .trailing, maxWait: nil, key: nil))  (middleware)"#
            ])
        XCTAssertEqual(store.find(Leaf.self)?.received, ["swi"])
    }
}

extension Query: LoggedAction {}
