import Substate
import XCTest

/// Models inside enum payloads, tuples and contiguous arrays are part of the tree.
@MainActor
final class EnumTreeTests: XCTestCase {
    func testModelsInEnumPayloadsReceiveEveryActionChildrenFirstInTreeOrder() async {
        let store = Store(model: Navigator())
        store.update(Tick(ticker: Ticker()))
        let leaves = store.findAll(Leaf.self)
        XCTAssertEqual(leaves.map(\.id), Array(1...14), "every leaf, in tree order")
        XCTAssertEqual(leaves.map(\.seenAt), Array(1...11) + [13, 14, 15], "each once, in tree order")
        XCTAssertEqual(leaves.map(\.updates), Array(repeating: 2, count: 14), "Start and the tick")
        guard case .busy(_, let since) = store.find(Mode.self) else { return XCTFail("the enum model updated") }
        XCTAssertEqual(since, 12, "an enum model updates after the model in its payload")
        XCTAssertEqual(store.find(Navigator.self)?.seenAt, 16, "the parent comes last")
    }

    func testFindSeesModelsInsideEnums() async {
        struct Root: Model {
            var screen: Screen = .detail(id: 1, Leaf(40))
            var deeper = Wrapper(inner: Leaf(41))
        }
        let store = Store(model: Root())
        XCTAssertEqual(store.find(Leaf.self)?.id, 40, "an enum payload sits at the depth of its enum")
        XCTAssertEqual(store.findAll(Leaf.self).map(\.id), [40, 41])
    }

    func testACaseChangeBetweenActionsChangesWhatIsWalked() async {
        struct Switch: Action { let screen: Screen }
        struct Root: Model {
            var screen: Screen = .empty
            mutating func update(action: Action) {
                if let change = action as? Switch { screen = change.screen }
            }
        }
        let store = Store(model: Root())
        XCTAssertEqual(store.findAll(Leaf.self).count, 0)
        store.update(Switch(screen: .settings(page: Leaf(1), extra: Leaf(2))))
        store.update(Tick(ticker: Ticker()))
        XCTAssertEqual(store.findAll(Leaf.self).map(\.updates), [1, 1], "the new case's models, from the next action")
        store.update(Switch(screen: .list(Leaf(3))))
        store.update(Tick(ticker: Ticker()))
        XCTAssertEqual(store.findAll(Leaf.self).map(\.id), [3])
        XCTAssertEqual(store.findAll(Leaf.self).map(\.updates), [1])
    }

    func testReplaceAndRestoreReachModelsInsideEnums() async {
        struct Tracked: Model, Equatable {
            var count = 0
        }
        enum Holder: Sendable {
            case one(Tracked)
            case two(Tracked, Tracked)
        }
        struct Root: Model {
            var holders: [Holder] = [.one(Tracked()), .two(Tracked(), Tracked())]
        }
        let store = Store(model: Root())
        store.update(Store.Replace(model: Tracked(count: 5)))
        XCTAssertEqual(store.findAll(Tracked.self).map(\.count), [5, 5, 5])
        store.update(Store.Restore(models: [Tracked(count: 1), Tracked(count: 2), Tracked(count: 3)]))
        XCTAssertEqual(store.findAll(Tracked.self).map(\.count), [1, 2, 3])
    }

    func testLocatedRestorePutsModelsBackInsideEnumsTuplesAndExistentials() async {
        struct Root: Model {
            var navigator = Navigator()
            var any: any Model = Leaf(99)
        }
        let store = Store(model: Root())
        let before = store.locatedModels(Leaf.self)
        XCTAssertEqual(before.map(\.model.id), Array(1...14) + [99])
        store.update(Tick(ticker: Ticker()))
        XCTAssertTrue(store.findAll(Leaf.self).allSatisfy { $0.updates == 2 })
        store.update(Store.Restore(located: before.map { ($0.location, $0.model) }))
        // Restored to 1, then the Restore itself reached each leaf. The leaf in `mode` was in the
        // `.idle` case, which the tick changed to `.busy`: its place is gone, and it is skipped.
        var expected = Array(repeating: 2, count: 15)
        expected[10] = 3
        XCTAssertEqual(store.findAll(Leaf.self).map(\.updates), expected, "each back in its place")
        XCTAssertEqual(store.findAll(Leaf.self).map(\.id), Array(1...14) + [99])
    }

    func testPayloadsAreMutatedInPlace() async {
        struct Document: Model {
            var bytes = [UInt8](repeating: 7, count: 1_000_000)
            var edits = 0
            struct Edit: Action {}
            mutating func update(action: Action) {
                if action is Edit {
                    edits += 1
                    bytes[0] &+= 1
                }
            }
        }
        enum Tab: Sendable {
            case editor(Document)
            case split(left: Document, right: Document)
            case blank
        }
        indirect enum History: Sendable {
            case entry(Document, previous: History?)
        }
        struct Root: Model {
            var tabs: [Tab] = [.editor(Document()), .split(left: Document(), right: Document()), .blank]
            var history: History = .entry(Document(), previous: .entry(Document(), previous: nil))
        }
        let store = Store(model: Root())
        // Read without subscribing: an observed store keeps each model's previous value while
        // it updates, so that a change made in place copies the buffer (ChangeTrackingTests).
        func addresses() -> [UInt?] {
            store.lookupAll(Document.self).map { document in
                document.bytes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
            }
        }
        let before = addresses()
        XCTAssertEqual(before.count, 5)
        for _ in 0..<5 { store.update(Document.Edit()) }
        XCTAssertEqual(addresses(), before, "no payload was copied, not even in a shared-nothing indirect box")
        XCTAssertEqual(store.findAll(Document.self).map(\.edits), [5, 5, 5, 5, 5])
    }

    func testACopyOfTheStateKeepsItsIndirectPayloads() async {
        struct Root: Model {
            var chain: Chain = .link(Leaf(1), next: .link(Leaf(2), next: nil))
        }
        let store = Store(model: Root())
        let before = store.find(Root.self)!
        store.update(Tick(ticker: Ticker()))
        XCTAssertEqual(
            before.chain.leaves.map(\.updates), [1, 1], "a copy taken earlier shares boxes, and keeps its values")
        XCTAssertEqual(store.find(Root.self)!.chain.leaves.map(\.updates), [2, 2])
    }

    func testAnArrayOfClassesHoldingModelsIsReportedWithItsPath() async {
        final class LeafBox: Sendable {
            let leaf = Leaf(1)
        }
        struct Root: Model {
            var boxes = [LeafBox()]
        }
        var received: [Diagnostic] = []
        _ = Store(model: Root()) { received.append($0) }
        XCTAssertEqual(received.map(\.kind), [.classInstance])
        XCTAssertEqual(received.first?.path, "Root.boxes[]")
        XCTAssertEqual(received.first?.typeName, "LeafBox")
    }

    func testWhatCannotBeWalkedIsReportedOnceWithItsPathFromTheRoot() async {
        final class Cache: Sendable {
            let leaf = Leaf(1)
        }
        final class ModelClass: Model {}
        struct Deep: Model {
            var cached: Result<Cache, Never> = .success(Cache())
        }
        enum Panel: Sendable {
            case plain(Int)
            case deep(Deep)
        }
        struct Root: Model {
            var panels: [String: [Panel?]] = [:]
            var set: Set<Int> = []
            var leaves: Set<Leaf> = []
            var model = ModelClass()
            var anything: any Sendable = [Leaf(2)]
            var nothing: any Sendable = "text"
        }
        var received: [Diagnostic] = []
        let store = Store(model: Root()) { received.append($0) }
        store.update(Tick(ticker: Ticker()))
        XCTAssertEqual(
            received.map(\.path).sorted(),
            ["Root.anything", "Root.leaves", "Root.model", "Root.panels[][]?.deep.cached.success"])
        XCTAssertEqual(
            Set(received.map(\.kind)), [.classInstance, .unwalkableCollection, .unopenedExistential])
        let deep = received.first { $0.path.hasSuffix("success") }
        XCTAssertEqual(deep?.typeName, "Cache")
        XCTAssertEqual(
            deep?.message,
            "Root.panels[][]?.deep.cached.success is of type Cache, which is a class holding models; the store only walks value types, so those models are not updated. Make Cache a struct."
        )
    }
}

extension Leaf: Hashable {
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
