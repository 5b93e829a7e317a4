import Substate

/// A screen of a navigation stack: an enum whose cases carry models.
enum NavScreen: Sendable {
    case item(Item)
    case detail(Detail)
    case blank
}

/// A navigation stack of 1,000 screens, two thirds of them items.
struct NavigationRoot: Model {
    var path: [NavScreen] = (0..<1_000).map { index in
        switch index % 3 {
        case 0: .item(Item(id: index))
        case 1: .detail(Detail())
        default: .item(Item(id: index))
        }
    }
}

/// The same stack updated by hand, each payload taken out, updated and put back, so that it
/// is uniquely referenced while it changes: the usual way to change an enum payload in place.
func handWrittenUpdate(_ root: inout NavigationRoot, _ action: any Action) {
    for index in root.path.indices {
        switch root.path[index] {
        case .item(var item):
            root.path[index] = .blank
            item.update(action: action)
            root.path[index] = .item(item)
        case .detail(var detail):
            root.path[index] = .blank
            detail.update(action: action)
            root.path[index] = .detail(detail)
        case .blank:
            break
        }
    }
}

/// A tree as deep as its data: each level holds the next in an array.
struct DeepLevel: Model {
    var children: [DeepLevel] = []
    var count = 0
    mutating func update(action: Action) {
        if action is Bump { count &+= 1 }
    }

    static func chain(depth: Int) -> DeepLevel {
        var level = DeepLevel()
        for _ in 0..<depth { level = DeepLevel(children: [level]) }
        return level
    }
}

/// A model at the bottom of a deep tree, for `find`.
struct DeepBottom: Model {
    var children: [DeepBottom] = []
}

@MainActor
enum EnumBenchmarks {
    /// Dispatch into models inside enum payloads, against the hand-written switch.
    static func payloads(harness: Harness) -> Figure {
        var hand = NavigationRoot()
        let store = Store(model: NavigationRoot())
        let ops = 2_000
        let times = harness.compare([
            ("hand", ops, { ops in for i in 0..<ops { handWrittenUpdate(&hand, cycle[i & 3]) } }),
            ("store", ops, { ops in for i in 0..<ops { store.update(cycle[i & 3]) } }),
        ])
        blackHole(hand)
        return Figure(
            name: "dispatch into 1,000 models in enum payloads vs hand-written switch",
            value: times["store"]! / times["hand"]!, unit: "x", target: 2,
            detail:
                "store \(Report.format(times["store"]! / 1000, 1)) µs vs hand-written \(Report.format(times["hand"]! / 1000, 1)) µs per action"
        )
    }

    /// A tree 20,000 levels deep: dispatch, and find of the deepest model, per level.
    static func deepTree(harness: Harness) -> [Figure] {
        let depth = 20_000
        let store = Store(model: DeepLevel.chain(depth: depth))
        var hand = DeepLevel.chain(depth: 1_000)
        func handUpdate(_ level: inout DeepLevel, _ action: any Action) {
            for index in level.children.indices { handUpdate(&level.children[index], action) }
            level.update(action: action)
        }
        let times = harness.compare([
            ("dispatch", 5, { ops in for _ in 0..<ops { store.update(Bump()) } }),
            ("find", 5, { ops in for _ in 0..<ops { blackHole(store.findAll(DeepLevel.self).count) } }),
            ("hand", 100, { ops in for _ in 0..<ops { handUpdate(&hand, Bump()) } }),
        ])
        blackHole(hand)
        let perLevel = times["dispatch"]! / Double(depth)
        let handPerLevel = times["hand"]! / 1_000
        return [
            Figure(
                name: "dispatch through a tree 20,000 levels deep vs hand-written recursion 1,000 deep",
                value: perLevel / handPerLevel, unit: "x", target: .infinity,
                detail:
                    "\(Report.format(perLevel, 1)) ns vs \(Report.format(handPerLevel, 1)) ns per level; recursion this deep by hand overflows the stack"
            ),
            Figure(
                name: "findAll through a tree 20,000 levels deep", value: times["find"]! / Double(depth), unit: "ns",
                target: .infinity, detail: "per level, \(Report.format(times["find"]! / 1_000_000, 1)) ms in all"),
        ]
    }
}
