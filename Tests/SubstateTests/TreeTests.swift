import Substate
import XCTest

@MainActor
final class TreeTests: XCTestCase {
    func testEveryActionReachesEveryModelChildrenFirstInDeclarationOrder() async {
        let store = Store(model: Parent())
        store.update(Tick(ticker: Ticker()))
        let parent = store.find(Parent.self)!
        let order = [
            parent.first, parent.plain.leaf, parent.list[0], parent.list[1], parent.maybe!,
            parent.map["only"]!, parent.existential as! Leaf, parent.generic.inner,
        ].map(\.seenAt)
        XCTAssertEqual(order, Array(1...8), "fields in declaration order, array elements in index order")
        XCTAssertEqual(parent.seenAt, 9, "the parent comes after its children")
        XCTAssertTrue(parent.childrenFirst, "the parent's update sees its children already updated")
    }

    func testFindReturnsTheShallowestModelAndFindAllReturnsTreeOrder() async {
        let store = Store(model: Parent())
        XCTAssertEqual(store.find(Leaf.self)?.id, 1)
        XCTAssertEqual(store.findAll(Leaf.self).map(\.id), [1, 2, 3, 4, 5, 6, 7, 8])
        XCTAssertEqual(store.find(Wrapper<Leaf>.self)?.inner.id, 8)
        XCTAssertNil(store.find(Counter.self))
        XCTAssertEqual(store.findAll(Counter.self).count, 0)
    }

    func testFindByProtocol() async {
        struct Screens: Model {
            var news = NewsScreen()
            var products = ProductsScreen()
            var counter = Counter()
        }
        let store = Store(model: Screens())
        XCTAssertEqual(store.findAll((any Clickable).self).map(\.clicks), [0, 0])
        XCTAssertNotNil(store.find((any Clickable).self) as? Tracker<NewsScreen>)
        XCTAssertEqual(
            store.findAll((any Model).self).count, 7,
            "the root, two screens, two trackers, a counter and its sub-counter")
    }

    func testTheTreeMayChangeShapeBetweenActions() async {
        struct Board: Model {
            var cards: [Leaf] = []
            var selected: Leaf?
            var byName: [String: Leaf] = [:]
            struct Add: Action {}
            struct Remove: Action {}
            struct Select: Action {}
            struct Deselect: Action {}

            mutating func update(action: Action) {
                switch action {
                case is Add:
                    cards.append(Leaf(cards.count))
                    byName["\(cards.count)"] = Leaf(100 + cards.count)
                case is Remove:
                    cards.removeFirst()
                    byName.removeValue(forKey: byName.keys.sorted().first!)
                case is Select: selected = Leaf(42)
                case is Deselect: selected = nil
                default: ()
                }
            }
        }
        let store = Store(model: Board())
        store.update(Board.Add())
        store.update(Board.Add())
        store.update(Board.Select())
        store.update(Tick(ticker: Ticker()))
        var board = store.find(Board.self)!
        XCTAssertEqual(
            board.cards.map(\.updates), [3, 2], "an element added by its parent receives the actions after it")
        XCTAssertEqual(board.selected?.updates, 1)
        XCTAssertEqual(board.byName.values.map(\.updates).sorted(), [2, 3])
        store.update(Board.Remove())
        store.update(Board.Deselect())
        store.update(Tick(ticker: Ticker()))
        board = store.find(Board.self)!
        XCTAssertEqual(board.cards.map(\.id), [1])
        XCTAssertEqual(board.cards[0].updates, 5)
        XCTAssertNil(board.selected)
        XCTAssertEqual(store.findAll(Leaf.self).count, 2)
    }

    func testDispatchMutatesInPlaceWithoutCopyingLargeValues() async {
        struct Document: Model {
            var bytes = [UInt8](repeating: 7, count: 4_000_000)
            var text = String(repeating: "substate ", count: 100_000)
            var edits = 0
            var sections = [Leaf(1), Leaf(2)]
            struct Edit: Action {}
            mutating func update(action: Action) {
                if action is Edit {
                    edits += 1
                    bytes[0] &+= 1
                }
            }
        }
        struct Workspace: Model {
            var documents = [Document()]
            var current: Document? = Document()
        }
        let store = Store(model: Workspace())
        // Read without subscribing: an observed store keeps each model's previous value while
        // it updates, so that a change made in place copies the buffer (ChangeTrackingTests).
        func addresses() -> [UInt?] {
            let workspace = store.lookup(Workspace.self)!
            return [workspace.documents[0], workspace.current!].flatMap { document in
                [
                    document.bytes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) },
                    document.text.utf8.withContiguousStorageIfAvailable { UInt(bitPattern: $0.baseAddress) },
                    document.sections.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) },
                ]
            }
        }
        let before = addresses()
        XCTAssertFalse(before.contains(nil))
        for _ in 0..<5 { store.update(Document.Edit()) }
        XCTAssertEqual(addresses(), before, "no buffer was copied, not even the one the models wrote to")
        XCTAssertEqual(store.find(Document.self)?.edits, 5)
        XCTAssertEqual(store.find(Document.self)?.bytes[0], 12)
    }

    func testDeepTreesDoNotOverflowTheStack() async {
        struct Level: Model {
            var depth: Int
            var children: [Level] = []
            var payload: [UInt64] = []
            var updates = 0
            mutating func update(action: Action) { updates += 1 }
        }
        let depth = 800
        var level = Level(depth: depth, payload: [UInt64](repeating: 1, count: 1_000_000))  // 8 MB at the bottom
        for d in stride(from: depth - 1, through: 0, by: -1) {
            level = Level(depth: d, children: [level])
        }
        let store = Store(model: level)
        for _ in 0..<3 { store.update(Tick(ticker: Ticker())) }
        let all = store.findAll(Level.self)
        XCTAssertEqual(all.count, depth + 1)
        XCTAssertTrue(all.allSatisfy { $0.updates == 4 }, "Start and three ticks reached every level")
        XCTAssertEqual(all.last?.payload.count, 1_000_000)
        XCTAssertEqual(store.find(Level.self)?.depth, 0)
    }

    func testRecursiveTypesWithoutModelsAreNotWalked() async {
        struct JSONTree: Sendable {
            var name: String
            var children: [JSONTree]
        }
        struct Viewer: Model {
            var tree = JSONTree(name: "root", children: [JSONTree(name: "leaf", children: [])])
            var leaf = Leaf(1)
        }
        let store = Store(model: Viewer())
        store.update(Tick(ticker: Ticker()))
        XCTAssertEqual(store.find(Leaf.self)?.seenAt, 1)
        XCTAssertEqual(store.findAll(Leaf.self).count, 1)
    }

    func testActionsDispatchedDuringADispatchAreQueuedInOrder() async {
        let store = Store(model: Counter(), middleware: [EchoOnce()])
        store.update(Counter.Increment())
        // EchoOnce dispatched Reset(10) then Decrement while handling Increment; both ran after it.
        XCTAssertEqual(store.find(Counter.self)?.value, 9)
    }
}

protocol Clickable { var clicks: Int { get } }
extension Tracker: Clickable {}

/// Dispatches two actions while handling an Increment, and checks they wait for it.
struct EchoOnce: Middleware {
    func handle(_ action: Action, store: Store, next: Next) {
        if action is Counter.Increment {
            store.update(Counter.Reset(to: 10))
            store.update(Counter.Decrement())
            XCTAssertEqual(store.find(Counter.self)?.value, 0, "queued actions wait for the current one")
        }
        next(action)
    }
}
