import Substate
import XCTest

/// Records what passes it, under a name, into a shared journal.
@MainActor
final class Journal {
    var entries: [String] = []
}

struct Recording: Middleware {
    let name: String
    let journal: Journal
    func handle(_ action: Action, store: Store, next: Next) {
        journal.entries.append("\(name):\(action)")
        next(action)
    }
}

struct Swallowing<A: Action>: Middleware {
    func handle(_ action: Action, store: Store, next: Next) {
        if action is A { return }
        next(action)
    }
}

struct Replacing: Middleware {
    func handle(_ action: Action, store: Store, next: Next) {
        next(action is Counter.Increment ? Counter.Reset(to: 50) : action)
    }
}

/// Reads the counter before and after the rest of the pipeline.
struct BeforeAfter: Middleware {
    let journal: Journal
    func handle(_ action: Action, store: Store, next: Next) {
        let before = store.find(Counter.self)!.value
        next(action)
        journal.entries.append("\(before)->\(store.find(Counter.self)!.value)")
    }
}

/// Holds actions back until told to release them.
@MainActor
final class Holding: Middleware {
    var held: [(any Action, Next)] = []
    func handle(_ action: Action, store: Store, next: Next) {
        if action is Counter.Increment { held.append((action, next)) } else { next(action) }
    }
    func release() {
        let released = held
        held = []
        for (action, next) in released { next(action) }
    }
}

@MainActor
final class MiddlewareTests: XCTestCase {
    func testMiddlewareSeesActionsInListOrderBeforeTheTree() async {
        let journal = Journal()
        let store = Store(
            model: Counter(),
            middleware: [Recording(name: "a", journal: journal), Recording(name: "b", journal: journal)])
        store.update(Counter.Increment())
        XCTAssertEqual(journal.entries, ["a:Start()", "b:Start()", "a:Increment()", "b:Increment()"])
        XCTAssertEqual(store.find(Counter.self)?.value, 1)
    }

    func testMiddlewareCanSwallowAnAction() async {
        let journal = Journal()
        let store = Store(
            model: Counter(),
            middleware: [Swallowing<Counter.Decrement>(), Recording(name: "after", journal: journal)])
        store.update(Counter.Decrement())
        store.update(Counter.Increment())
        XCTAssertEqual(store.find(Counter.self)?.value, 1)
        XCTAssertEqual(journal.entries, ["after:Start()", "after:Increment()"], "later middleware never saw it")
    }

    func testMiddlewareCanReplaceAnAction() async {
        let store = Store(model: Counter(), middleware: [Replacing()])
        store.update(Counter.Increment())
        XCTAssertEqual(store.find(Counter.self)?.value, 50)
    }

    func testMiddlewareReadsStateBeforeAndAfterTheReduce() async {
        let journal = Journal()
        let store = Store(model: Counter(), middleware: [BeforeAfter(journal: journal)])
        store.update(Counter.Increment())
        store.update(Counter.Reset(to: 7))
        XCTAssertEqual(journal.entries, ["0->0", "0->1", "1->7"])
    }

    func testActionsDispatchedByMiddlewarePassTheWholeChainAfterTheCurrentOne() async {
        let journal = Journal()
        let store = Store(
            model: Counter(),
            middleware: [Recording(name: "first", journal: journal), EchoOnce(), BeforeAfter(journal: journal)])
        store.update(Counter.Increment())
        XCTAssertEqual(
            journal.entries,
            [
                "first:Start()", "0->0",
                "first:Increment()", "0->1",
                "first:Reset(to: 10)", "1->10",
                "first:Decrement()", "10->9",
            ])
    }

    func testMiddlewareCanDelayAnActionByKeepingNext() async {
        let holding = Holding()
        let journal = Journal()
        let store = Store(model: Counter(), middleware: [holding, BeforeAfter(journal: journal)])
        store.update(Counter.Increment())
        store.update(Counter.Increment())
        XCTAssertEqual(store.find(Counter.self)?.value, 0, "held actions have not reached the tree")
        holding.release()
        XCTAssertEqual(store.find(Counter.self)?.value, 2)
        XCTAssertEqual(journal.entries, ["0->0", "0->1", "1->2"], "released actions pass the rest of the chain")
    }
}
