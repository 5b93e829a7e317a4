import Substate
import Synchronization

/// Hands out increasing numbers, so models can record the order in which they were updated.
final class Ticker: Sendable {
    private let count = Mutex(0)
    func next() -> Int {
        count.withLock {
            $0 += 1; return $0
        }
    }
}

/// An action that each ``Leaf`` answers by recording when it was reached.
struct Tick: Action { let ticker: Ticker }

struct Leaf: Model, Equatable {
    var id: Int
    var seenAt = -1
    var updates = 0

    init(_ id: Int) { self.id = id }

    mutating func update(action: Action) {
        updates += 1
        if let tick = action as? Tick { seenAt = tick.ticker.next() }
    }
}

/// A plain struct between models: not a model itself, walked through.
struct Plain {
    var leaf = Leaf(2)
}

struct Wrapper<Inner: Model>: Model {
    var inner: Inner
}

/// A model whose fields exercise every place a model can sit.
struct Parent: Model {
    var first = Leaf(1)
    var plain = Plain()
    var list = [Leaf(3), Leaf(4)]
    var maybe: Leaf? = Leaf(5)
    var none: Leaf? = nil
    var map = ["only": Leaf(6)]
    var existential: any Model = Leaf(7)
    var generic = Wrapper(inner: Leaf(8))
    var seenAt = -1
    /// Whether every child had already been updated when this parent's update ran.
    var childrenFirst = false

    mutating func update(action: Action) {
        guard let tick = action as? Tick else { return }
        let children = [first, plain.leaf, list[0], list[1], maybe!, map["only"]!, existential as! Leaf, generic.inner]
        childrenFirst = children.allSatisfy { $0.seenAt > 0 }
        seenAt = tick.ticker.next()
    }
}
