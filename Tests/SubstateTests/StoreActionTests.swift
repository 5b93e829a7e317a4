import Substate
import XCTest

/// Registers its own configuration model when the store starts.
struct Configured: Middleware {
    struct Settings: Model, Equatable {
        var enabled = true
        struct Toggle: Action {}
        mutating func update(action: Action) { if action is Toggle { enabled.toggle() } }
    }
    func handle(_ action: Action, store: Store, next: Next) {
        next(action)
        if action is Store.Start {
            store.update(Store.Register(model: Settings()))
            store.update(Store.Register(model: Settings(enabled: false)))
        }
    }
}

@MainActor
final class StoreActionTests: XCTestCase {
    func testStartIsSentOnceThroughTheWholePipeline() async {
        let journal = Journal()
        let store = Store(model: Leaf(1), middleware: [Recording(name: "m", journal: journal)])
        XCTAssertEqual(journal.entries, ["m:Start()"])
        XCTAssertEqual(store.find(Leaf.self)?.updates, 1, "models receive Start too")
    }

    func testMiddlewareRegistersAModelThatReceivesActionsAndIsFound() async {
        let store = Store(model: Counter(), middleware: [Configured()])
        XCTAssertEqual(store.find(Configured.Settings.self)?.enabled, true, "the second registration was ignored")
        store.update(Configured.Settings.Toggle())
        XCTAssertEqual(store.find(Configured.Settings.self)?.enabled, false)
        XCTAssertEqual(store.findAll(Configured.Settings.self).count, 1)
    }

    func testRegisteredModelsReceiveTheActionsTheyTakeWhateverWasDispatchedBefore() async {
        struct Routed: Model {
            var bumps = 0
            struct Bump: Action {}
            static var handledActions: [any Action.Type]? { [Bump.self] }
            mutating func update(action: Action) { if action is Bump { bumps += 1 } }
        }
        struct Everything: Model {
            var seen: [String] = []
            mutating func update(action: Action) { seen.append("\(type(of: action))") }
        }
        let store = Store(model: Counter())
        store.update(Store.Register(model: Routed()))
        store.update(Routed.Bump())
        store.update(Counter.Increment())
        store.update(Routed.Bump())
        // The list of registered models changes: the routes known so far are found again.
        store.update(Store.Register(model: Everything()))
        store.update(Routed.Bump())
        store.update(Counter.Increment())
        XCTAssertEqual(store.find(Routed.self)?.bumps, 3)
        XCTAssertEqual(store.find(Everything.self)?.seen, ["Register", "Bump", "Increment"])
        XCTAssertEqual(store.find(Counter.self)?.value, 2)
    }

    func testReplaceReplacesEveryModelOfThatTypeAndOnlyThose() async {
        struct Screens: Model {
            var news = NewsScreen()
            var again = NewsScreen()
            var products = ProductsScreen()
        }
        let store = Store(model: Screens())
        store.update(Store.Replace(model: Tracker<NewsScreen>(clicks: 5)))
        XCTAssertEqual(store.findAll(Tracker<NewsScreen>.self).map(\.clicks), [5, 5])
        XCTAssertEqual(store.find(Tracker<ProductsScreen>.self)?.clicks, 0)
    }

    func testReplaceReachesRegisteredModelsAndTheRoot() async {
        let store = Store(model: Counter(), middleware: [Configured()])
        store.update(Store.Replace(model: Configured.Settings(enabled: false)))
        XCTAssertEqual(store.find(Configured.Settings.self)?.enabled, false)
        store.update(Store.Replace(model: Counter(value: 3)))
        XCTAssertEqual(store.find(Counter.self)?.value, 3)
    }

    func testReplaceOfARecursiveModelDoesNotDescendIntoTheNewValue() async {
        struct Node: Model, Equatable {
            var name: String
            var children: [Node] = []
        }
        let store = Store(model: Node(name: "root", children: [Node(name: "a"), Node(name: "b")]))
        store.update(Store.Replace(model: Node(name: "new", children: [Node(name: "child")])))
        XCTAssertEqual(store.find(Node.self), Node(name: "new", children: [Node(name: "child")]))
    }

    func testSendFromAnotherIsolationIsHandledInOrderOnTheMainActor() async {
        let store = Store(model: Counter())
        let stream = store.actions()
        await Task.detached {
            for value in 1...20 { store.send(Counter.Reset(to: value)) }
        }.value
        var seen: [Int] = []
        for await action in stream {
            seen.append((action as! Counter.Reset).to)
            if seen.count == 20 { break }
        }
        XCTAssertEqual(seen, Array(1...20))
        XCTAssertEqual(store.find(Counter.self)?.value, 20)
    }
}

@MainActor
final class RestoreTests: XCTestCase {
    func testRestorePutsBackModelsOfATypeInTreeOrder() async {
        struct Screens: Model {
            var news = NewsScreen()
            var products = ProductsScreen()
            var list = [Leaf(1), Leaf(2), Leaf(3)]
        }
        let store = Store(model: Screens())
        let saved = store.findAll(Leaf.self)
        store.update(Tick(ticker: Ticker()))
        XCTAssertNotEqual(store.findAll(Leaf.self), saved)
        store.update(Store.Restore(models: saved + [Tracker<NewsScreen>(clicks: 9)]))
        XCTAssertEqual(store.findAll(Leaf.self).map(\.seenAt), [-1, -1, -1])
        XCTAssertEqual(
            store.findAll(Leaf.self).map(\.updates), [2, 2, 2], "saved after Start, restored, then reached by Restore")
        XCTAssertEqual(store.find(Tracker<NewsScreen>.self)?.clicks, 9)
        XCTAssertEqual(store.find(Tracker<ProductsScreen>.self)?.clicks, 0, "types not mentioned are left alone")
    }

    func testRestoreMatchesFindAllForNestedModelsOfTheSameType() async {
        struct Node: Model, Equatable {
            var name: String
            var children: [Node] = []
        }
        struct Forest: Model {
            var first = Node(name: "a", children: [Node(name: "a1")])
            var second = Node(name: "b")
        }
        let store = Store(model: Forest())
        let saved = store.findAll(Node.self)
        XCTAssertEqual(saved.map(\.name), ["a", "a1", "b"])
        store.update(Store.Replace(model: Node(name: "x")))
        store.update(Store.Restore(models: saved))
        XCTAssertEqual(store.findAll(Node.self), saved)
    }
}
