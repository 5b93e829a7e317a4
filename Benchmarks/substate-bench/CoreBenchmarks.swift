import Substate

/// Passes every action on untouched: the cost of one link of the chain.
struct PassThrough: Middleware {
    func handle(_ action: Action, store: Store, next: Next) { next(action) }
}

/// A model holding a large array of plain values, which a dispatch must not touch.
struct Blob: Model {
    var numbers: [Int]
    var hits = 0
    var leaf = Item(id: 0)
    mutating func update(action: Action) {
        switch action {
        case is Bump: hits &+= 1
        case is Reset: hits = 0
        default: ()
        }
    }
}

let cycle: [any Action] = [Bump(), Toggle(id: 3), Bump(), Reset()]

/// An ``Item`` that is `Identifiable`, for rows in an identified array (``Item`` itself is not,
/// so that the loggers' figures, which show identified rows by id, stay as they were).
struct IdentifiedItem: Model, Identifiable {
    var item: Item
    var id: Int { item.id }
}

/// Rows in an identified array, walked as the array it keeps them in.
struct IdentifiedRows: Model {
    var rows: IdentifiedArrayOf<IdentifiedItem>
}

/// The same rows in an array.
struct ArrayRows: Model {
    var rows: [IdentifiedItem]
}

@MainActor
enum CoreBenchmarks {
    static func dispatch(models: Int, harness: Harness) -> Figure {
        var handRoot = Root(models: models)
        let store = Store(model: Root(models: models))
        let ops = max(40, 400_000 / models)
        let times = storeAgainstHand(store, ops: ops, harness: harness) { ops in
            var root = handRoot
            for i in 0..<ops { handWrittenUpdate(&root, cycle[i & 3]) }
            handRoot = root
        }
        blackHole(handRoot)
        let count = handRoot.modelCount
        return Figure(
            name: "dispatch, \(count) models", value: times["store"]! / times["hand"]!, unit: "x",
            target: models <= 50 ? 1.15 : 1.25,
            detail:
                "store \(Report.format(times["store"]!, 0)) ns vs hand-written \(Report.format(times["hand"]!, 0)) ns per action"
        )
    }

    /// The fixed cost of a dispatch: a store holding one model, against calling that model's
    /// `update` by hand with the action as an existential `Action`, which a store must pay.
    static func dispatchOneModel(harness: Harness) -> Figure {
        var hand = Item(id: 3)
        let store = Store(model: Item(id: 3))
        let times = storeAgainstHand(store, ops: 2_000_000, harness: harness) { ops in
            var item = hand
            for i in 0..<ops { handWrittenCall(&item, cycle[i & 3]) }
            hand = item
        }
        blackHole(hand)
        return Figure(
            name: "dispatch, 1 model vs its update called by hand", value: times["store"]! / times["hand"]!,
            unit: "x", target: 1.5,
            detail:
                "store \(Report.format(times["store"]!, 1)) ns vs update(action:) \(Report.format(times["hand"]!, 1)) ns per action"
        )
    }

    /// The store dispatching the actions of `cycle`, against the same actions applied by hand.
    /// The hand-written contender works on a local copy of its value: a captured `var` would
    /// pay a dynamic exclusivity check per call.
    private static func storeAgainstHand(
        _ store: Store, ops: Int, harness: Harness, hand: @escaping (Int) -> Void
    ) -> [String: Double] {
        // Ratios within 15 % of each other, from rounds of tens of milliseconds that a busy
        // machine slows at random: more rounds give each contender's fastest a fair chance.
        harness.withRounds(atLeast: 15).compare([
            ("hand", ops, hand),
            ("store", ops, { ops in for i in 0..<ops { store.update(cycle[i & 3]) } }),
        ])
    }

    static func middleware(harness: Harness) -> Figure {
        let links = 10
        let bare = Store(model: Root(models: 10))
        let chained = Store(
            model: Root(models: 10), middleware: Array(repeating: PassThrough(), count: links))
        let ops = 100_000
        let times = harness.compare([
            ("bare", ops, { ops in for i in 0..<ops { bare.update(cycle[i & 3]) } }),
            ("chained", ops, { ops in for i in 0..<ops { chained.update(cycle[i & 3]) } }),
        ])
        let perLink = max(0, times["chained"]! - times["bare"]!) / Double(links)
        return Figure(
            name: "pass-through middleware", value: perLink, unit: "ns", target: 50,
            detail:
                "per middleware per action (\(links) links: \(Report.format(times["chained"]!, 0)) ns vs none: \(Report.format(times["bare"]!, 0)) ns)"
        )
    }

    static func find(harness: Harness) -> Figure {
        let store = Store(model: Root(models: 10_000))
        let times = harness.compare([
            ("find", 20_000, { ops in for _ in 0..<ops { blackHole(store.find(Header.self)) } }),
            ("walk", 40, { ops in for _ in 0..<ops { store.update(Bump()) } }),
        ])
        return Figure(
            name: "find shallow model, 10,000 models", value: times["find"]! / times["walk"]!, unit: "x", target: 0.01,
            detail:
                "find \(Report.format(times["find"]!, 0)) ns vs full dispatch \(Report.format(times["walk"]! / 1000, 1)) µs"
        )
    }

    /// A dispatch over rows in an `IdentifiedArray`, against the same rows in an `Array`: the
    /// store walks the array the identified one keeps, one field further.
    static func identifiedRows(harness: Harness) -> Figure {
        let items = (0..<1_000).map { IdentifiedItem(item: Item(id: $0)) }
        let array = Store(model: ArrayRows(rows: items))
        let identified = Store(model: IdentifiedRows(rows: IdentifiedArray(uniqueElements: items)))
        let ops = 4_000
        let times = harness.withRounds(atLeast: 15).compare([
            ("array", ops, { ops in for i in 0..<ops { array.update(cycle[i & 3]) } }),
            ("identified", ops, { ops in for i in 0..<ops { identified.update(cycle[i & 3]) } }),
        ])
        return Figure(
            name: "dispatch, 1,000 rows in an IdentifiedArray vs an Array",
            value: times["identified"]! / times["array"]!,
            unit: "x", target: 1.1,
            detail:
                "identified \(Report.format(times["identified"]!, 0)) ns vs array \(Report.format(times["array"]!, 0)) ns per action"
        )
    }

    static func largeArrays(harness: Harness) -> Figure {
        let small = Store(model: Blob(numbers: Array(repeating: 1, count: 1_000)))
        let large = Store(model: Blob(numbers: Array(repeating: 1, count: 1_000_000)))
        let ops = 200_000
        let times = harness.compare([
            ("small", ops, { ops in for i in 0..<ops { small.update(cycle[i & 3]) } }),
            ("large", ops, { ops in for i in 0..<ops { large.update(cycle[i & 3]) } }),
        ])
        return Figure(
            name: "non-model array 1,000,000 vs 1,000", value: times["large"]! / times["small"]!, unit: "x",
            target: 1.25,
            detail: "dispatch \(Report.format(times["large"]!, 0)) ns vs \(Report.format(times["small"]!, 0)) ns")
    }

    static func routing(harness: Harness) -> [Figure] {
        let routed = Store(model: RoutedRoot(models: 10_000))
        let broadcast = Store(model: Root(models: 10_000))
        var handRoot = RoutedRoot(models: 10_000)
        let theme: [any Action] = [ThemeChanged(dark: true), ThemeChanged(dark: false)]
        let times = harness.compare([
            ("routed", 100_000, { ops in for i in 0..<ops { routed.update(theme[i & 1]) } }),
            ("broadcast", 40, { ops in for i in 0..<ops { broadcast.update(theme[i & 1]) } }),
            (
                "hand", 100_000,
                { ops in
                    for i in 0..<ops { handRoot.header.update(action: theme[i & 1]) }
                }
            ),
        ])
        blackHole(handRoot)
        let count = handRoot.modelCount
        return [
            Figure(
                name: "routed action, \(count) models", value: times["routed"]! / times["broadcast"]!, unit: "x",
                target: 0.01,
                detail:
                    "reaches 1 model: \(Report.format(times["routed"]!, 0)) ns vs full broadcast \(Report.format(times["broadcast"]! / 1000, 1)) µs"
            ),
            Figure(
                name: "routed action vs hand-written call", value: times["routed"]! / times["hand"]!, unit: "x",
                target: 5,
                detail:
                    "routed \(Report.format(times["routed"]!, 0)) ns vs its update called by hand \(Report.format(times["hand"]!, 0)) ns"
            ),
        ]
    }
}
