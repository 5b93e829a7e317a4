import Substate
import XCTest

/// A level of a tree as deep as its data: each node holds the next in an array.
struct ArrayNode: Model {
    var depth: Int
    var children: [ArrayNode] = []
    var updates = 0
    var bottom: Bottom?
    mutating func update(action: Action) { updates += 1 }
}

/// A level of a chain held through an optional `indirect` enum, as a linked list of models.
struct ChainNode: Model {
    var depth: Int
    var next: ChainLink?
    var updates = 0
    var bottom: Bottom?
    mutating func update(action: Action) { updates += 1 }
}

indirect enum ChainLink: Sendable {
    case node(ChainNode)
}

/// The model at the very bottom of a deep tree.
struct Bottom: Model, Equatable {
    var value = 0
    struct Set: Action { let value: Int }
    mutating func update(action: Action) {
        if let set = action as? Set { value = set.value }
    }
}

/// Trees tens of thousands of levels deep work with every operation the store performs, on
/// the main thread's ordinary stack.
@MainActor
final class DeepTreeTests: XCTestCase {
    static let depth = 20_000

    static func arrayTree(depth: Int = depth) -> ArrayNode {
        var node = ArrayNode(depth: depth, bottom: Bottom())
        for level in stride(from: depth - 1, through: 0, by: -1) { node = ArrayNode(depth: level, children: [node]) }
        return node
    }

    static func chainTree(depth: Int = depth) -> ChainNode {
        var node = ChainNode(depth: depth, bottom: Bottom())
        for level in stride(from: depth - 1, through: 0, by: -1) { node = ChainNode(depth: level, next: .node(node)) }
        return node
    }

    func testEveryOperationWorksOnAnArrayTreeTwentyThousandLevelsDeep() async {
        var diagnostics: [Diagnostic] = []
        let store = Store(model: Self.arrayTree()) { diagnostics.append($0) }
        store.update(Tick(ticker: Ticker()))
        XCTAssertEqual(store.find(Bottom.self), Bottom(), "find reaches the deepest model")
        store.update(Bottom.Set(value: 7))
        XCTAssertEqual(store.find(Bottom.self)?.value, 7, "dispatch reaches the deepest model")
        let all = store.findAll(ArrayNode.self)
        XCTAssertEqual(all.count, Self.depth + 1)
        XCTAssertEqual(all.last?.depth, Self.depth)
        XCTAssertEqual(all.last?.updates, 3, "Start, the tick and the set reached the bottom")
        store.update(Store.Replace(model: Bottom(value: 9)))
        XCTAssertEqual(store.find(Bottom.self)?.value, 9)
        store.update(Store.Restore(models: [Bottom(value: 11)]))
        XCTAssertEqual(store.find(Bottom.self)?.value, 11)
        XCTAssertEqual(diagnostics, [])
    }

    func testEveryOperationWorksOnAChainTwentyThousandLevelsDeep() async {
        let store = Store(model: Self.chainTree())
        store.update(Tick(ticker: Ticker()))
        store.update(Bottom.Set(value: 3))
        XCTAssertEqual(store.find(Bottom.self)?.value, 3)
        let all = store.findAll(ChainNode.self)
        XCTAssertEqual(all.count, Self.depth + 1)
        XCTAssertEqual(all.last?.updates, 3)
        store.update(Store.Replace(model: Bottom(value: 5)))
        XCTAssertEqual(store.find(Bottom.self)?.value, 5)
    }
}
