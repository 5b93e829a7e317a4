import Substate

/// Screens of a navigation stack, as an app writes them: an enum of screen models.
enum Screen: Sendable {
    case list(Leaf)
    case detail(id: Int, Leaf)
    case settings(page: Leaf, extra: Leaf)
    case empty
}

/// A destination presented over a screen: one payload case, the rest without.
enum Destination: Sendable {
    case sheet(Leaf)
    case none
}

/// A recursive enum: a chain of leaves, each case's payload in a heap box.
indirect enum Chain: Sendable {
    case end
    case link(Leaf, next: Chain?)

    var leaves: [Leaf] {
        var leaves: [Leaf] = []
        var current: Chain? = self
        while case .link(let leaf, let next)? = current {
            leaves.append(leaf)
            current = next
        }
        return leaves
    }
}

/// An enum that is itself a model: it updates after the model in its payload.
enum Mode: Model {
    case idle(Leaf)
    case busy(Leaf, since: Int)

    mutating func update(action: Action) {
        guard let tick = action as? Tick else { return }
        switch self {
        case .idle(let leaf): self = .busy(leaf, since: tick.ticker.next())
        case .busy(let leaf, _): self = .idle(leaf)
        }
    }
}

/// A navigation model with models in enums in every place an enum can sit.
struct Navigator: Model {
    var destination: Destination? = .sheet(Leaf(1))
    var path: [Screen] = [.list(Leaf(2)), .detail(id: 7, Leaf(3)), .empty, .settings(page: Leaf(4), extra: Leaf(5))]
    var byName: [String: Screen] = ["home": .list(Leaf(6))]
    var result: Result<Leaf, Never> = .success(Leaf(7))
    var nested: Result<Screen, Never>? = .success(.detail(id: 1, Leaf(8)))
    var chain: Chain = .link(Leaf(9), next: .link(Leaf(10), next: nil))
    var mode = Mode.idle(Leaf(11))
    var pair = (Leaf(12), Leaf(13))
    var contiguous: ContiguousArray<Leaf> = [Leaf(14)]
    var seenAt = -1

    mutating func update(action: Action) {
        if let tick = action as? Tick { seenAt = tick.ticker.next() }
    }
}
