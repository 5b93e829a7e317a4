import Observation
import Substate
import SubstateMiddleware
import SubstateReplay
import SubstateTestSupport
import XCTest

// The store's walker, checked against an obviously right reference on random tree shapes.
//
// A shape is a type built at run time from generic pieces (arrays, contiguous arrays,
// dictionaries, optionals, dictionaries of optionals, enum payloads, `any Model` fields, plain
// structs, pairs, and models that change their own containers), four to six levels deep. Each
// piece also knows how to reduce an action by hand: its children first, then its own
// `update(action:)`. The store must reach the same state after every action, in every
// tracking mode, and its finds, locations and recorded changes must agree with a `Mirror`
// walk of the same value.

/// Where random values and ids come from; ids are unique within a tree.
struct WalkGen {
    var rng: SplitMix64

    mutating func below(_ bound: Int) -> Int { Int(rng.next() % UInt64(bound)) }

    /// A random id: 48 bits, so that ids made anywhere in a tree, at any time, never meet.
    mutating func id() -> Int { Int(rng.next() >> 16) }
}

/// A piece of a random tree.
protocol WalkNode: Sendable, Equatable, Codable {
    /// A random value of this shape.
    static func make(_ gen: inout WalkGen) -> Self
    /// The hand-written reduction: children first, in tree order, then the node's own update.
    /// Calls `changed` for every model whose own update changed it.
    mutating func reduceByHand(_ action: any Action, _ changed: (any Model) -> Void)
}

/// Raises the count of the leaves and nodes with a tag.
struct Bump: UndoableAction, Codable {
    static let undoableModels: [any Model.Type] = [WalkLeaf.self]
    let tag: Int
}

/// Makes the nodes with a tag change their own containers: add, drop, reverse, rebuild.
struct Reshape: Action, Codable {
    let tag: Int
    let kind: Int
    let seed: UInt64
}

/// The smallest model: a counter with a tag.
struct WalkLeaf: Model, Identifiable, WalkNode {
    var id: Int
    var tag: Int
    var count = 0

    static func make(_ gen: inout WalkGen) -> WalkLeaf { WalkLeaf(id: gen.id(), tag: gen.below(4)) }

    mutating func update(action: Action) {
        if let bump = action as? Bump, bump.tag == tag { count += 1 }
    }

    mutating func reduceByHand(_ action: any Action, _ changed: (any Model) -> Void) {
        let before = self
        update(action: action)
        if self != before { changed(self) }
    }
}

/// A model that holds its children in a field, an array and a dictionary, and changes those
/// containers itself.
struct WalkModel<Child: WalkNode>: Model, Identifiable, WalkNode {
    var id: Int
    var tag: Int
    var count = 0
    var child: Child
    var list: [Child]
    var keyed: [Int: Child]
    var nextKey: Int

    static func make(_ gen: inout WalkGen) -> WalkModel {
        let list = (0..<gen.below(3)).map { _ in Child.make(&gen) }
        var keyed: [Int: Child] = [:]
        for key in 0..<gen.below(3) { keyed[key] = Child.make(&gen) }
        return WalkModel(
            id: gen.id(), tag: gen.below(4), child: Child.make(&gen), list: list, keyed: keyed, nextKey: keyed.count)
    }

    mutating func update(action: Action) {
        if let bump = action as? Bump, bump.tag == tag { count += 1 }
        guard let reshape = action as? Reshape, reshape.tag == tag else { return }
        // New ids come from the action, so a replayed or hand-reduced tree makes the same ones.
        var gen = WalkGen(rng: SplitMix64(seed: reshape.seed &+ UInt64(truncatingIfNeeded: id)))
        switch reshape.kind {
        case 0: list.append(Child.make(&gen))
        case 1: if !list.isEmpty { list.removeFirst() }
        case 2: list.reverse()
        case 3:
            keyed[nextKey] = Child.make(&gen)
            nextKey += 1
        case 4: if let key = keyed.keys.min() { keyed[key] = nil }
        default: child = Child.make(&gen)
        }
    }

    mutating func reduceByHand(_ action: any Action, _ changed: (any Model) -> Void) {
        child.reduceByHand(action, changed)
        for index in list.indices { list[index].reduceByHand(action, changed) }
        for key in keyed.keys { keyed[key]!.reduceByHand(action, changed) }
        let before = self
        update(action: action)
        if self != before { changed(self) }
    }
}

struct ArrayOf<Element: WalkNode>: WalkNode {
    var items: [Element]
    static func make(_ gen: inout WalkGen) -> ArrayOf { ArrayOf(items: (0..<gen.below(3)).map { _ in .make(&gen) }) }
    mutating func reduceByHand(_ action: any Action, _ changed: (any Model) -> Void) {
        for index in items.indices { items[index].reduceByHand(action, changed) }
    }
}

struct ContiguousOf<Element: WalkNode>: WalkNode {
    var items: ContiguousArray<Element>
    static func make(_ gen: inout WalkGen) -> ContiguousOf {
        ContiguousOf(items: ContiguousArray((0..<gen.below(3)).map { _ in .make(&gen) }))
    }
    mutating func reduceByHand(_ action: any Action, _ changed: (any Model) -> Void) {
        for index in items.indices { items[index].reduceByHand(action, changed) }
    }
}

struct DictionaryOf<Element: WalkNode>: WalkNode {
    var items: [String: Element]
    static func make(_ gen: inout WalkGen) -> DictionaryOf {
        var items: [String: Element] = [:]
        for key in 0..<gen.below(3) { items["k\(key)"] = .make(&gen) }
        return DictionaryOf(items: items)
    }
    mutating func reduceByHand(_ action: any Action, _ changed: (any Model) -> Void) {
        for key in items.keys { items[key]!.reduceByHand(action, changed) }
    }
}

struct OptionalOf<Element: WalkNode>: WalkNode {
    var item: Element?
    static func make(_ gen: inout WalkGen) -> OptionalOf { OptionalOf(item: gen.below(4) == 0 ? nil : .make(&gen)) }
    mutating func reduceByHand(_ action: any Action, _ changed: (any Model) -> Void) {
        item?.reduceByHand(action, changed)
    }
}

struct OptionalsByKey<Element: WalkNode>: WalkNode {
    var items: [Int: Element?]
    static func make(_ gen: inout WalkGen) -> OptionalsByKey {
        var items: [Int: Element?] = [:]
        for key in 0..<gen.below(3) { items[key] = gen.below(3) == 0 ? .some(nil) : .make(&gen) }
        return OptionalsByKey(items: items)
    }
    mutating func reduceByHand(_ action: any Action, _ changed: (any Model) -> Void) {
        for key in items.keys { items[key]!?.reduceByHand(action, changed) }
    }
}

enum EnumOf<Element: WalkNode>: WalkNode {
    case empty
    case one(Element)
    case two(first: Element, second: Element)
    case named(label: String, value: Element)

    static func make(_ gen: inout WalkGen) -> EnumOf {
        switch gen.below(4) {
        case 0: .empty
        case 1: .one(.make(&gen))
        case 2: .two(first: .make(&gen), second: .make(&gen))
        default: .named(label: "n", value: .make(&gen))
        }
    }

    mutating func reduceByHand(_ action: any Action, _ changed: (any Model) -> Void) {
        switch self {
        case .empty: break
        case .one(var element):
            element.reduceByHand(action, changed)
            self = .one(element)
        case .two(var first, var second):
            first.reduceByHand(action, changed)
            second.reduceByHand(action, changed)
            self = .two(first: first, second: second)
        case .named(let label, var value):
            value.reduceByHand(action, changed)
            self = .named(label: label, value: value)
        }
    }
}

/// An `any Model` field holding a model of a known type.
struct ExistentialOf<Element: WalkNode & Model>: WalkNode {
    var content: any Model

    static func make(_ gen: inout WalkGen) -> ExistentialOf { ExistentialOf(content: Element.make(&gen)) }

    static func == (lhs: ExistentialOf, rhs: ExistentialOf) -> Bool {
        (lhs.content as? Element) == (rhs.content as? Element)
    }

    init(content: any Model) { self.content = content }
    init(from decoder: any Decoder) throws { content = try Element(from: decoder) }
    func encode(to encoder: any Encoder) throws { try (content as! Element).encode(to: encoder) }

    mutating func reduceByHand(_ action: any Action, _ changed: (any Model) -> Void) {
        var element = content as! Element
        element.reduceByHand(action, changed)
        content = element
    }
}

/// A plain struct (no model) between two levels, with a field that holds no models.
struct PlainOf<Element: WalkNode>: WalkNode {
    var note = "plain"
    var inner: Element
    static func make(_ gen: inout WalkGen) -> PlainOf { PlainOf(inner: .make(&gen)) }
    mutating func reduceByHand(_ action: any Action, _ changed: (any Model) -> Void) {
        inner.reduceByHand(action, changed)
    }
}

/// Two subtrees of different shapes side by side.
struct Pair<First: WalkNode, Second: WalkNode>: WalkNode {
    var first: First
    var second: Second
    static func make(_ gen: inout WalkGen) -> Pair { Pair(first: .make(&gen), second: .make(&gen)) }
    mutating func reduceByHand(_ action: any Action, _ changed: (any Model) -> Void) {
        first.reduceByHand(action, changed)
        second.reduceByHand(action, changed)
    }
}

/// The root of a random tree: a model, so that the store takes it.
struct WalkRoot<Content: WalkNode>: Model, WalkNode {
    var content: Content
    var actions = 0

    static func make(_ gen: inout WalkGen) -> WalkRoot { WalkRoot(content: .make(&gen)) }

    mutating func update(action: Action) {
        if action is Bump || action is Reshape { actions += 1 }
    }

    mutating func reduceByHand(_ action: any Action, _ changed: (any Model) -> Void) {
        content.reduceByHand(action, changed)
        let before = self
        update(action: action)
        if self != before { changed(self) }
    }
}

/// Builds a random shape: a type `levels` pieces deep, chosen by the generator.
enum WalkShape {
    static func type(_ gen: inout WalkGen, levels: Int) -> any WalkNode.Type {
        guard levels > 0 else { return WalkLeaf.self }
        let inner = type(&gen, levels: levels - 1)
        return wrap(inner, &gen, levels: levels)
    }

    private static func wrap<T: WalkNode>(_ inner: T.Type, _ gen: inout WalkGen, levels: Int) -> any WalkNode.Type {
        switch gen.below(11) {
        case 0: return ArrayOf<T>.self
        case 1: return ContiguousOf<T>.self
        case 2: return DictionaryOf<T>.self
        case 3: return OptionalOf<T>.self
        case 4: return OptionalsByKey<T>.self
        case 5: return EnumOf<T>.self
        case 6: return PlainOf<T>.self
        case 7: return WalkModel<T>.self
        case 8: return ExistentialOf<WalkModel<T>>.self
        case 9: return pair(T.self, type(&gen, levels: max(0, levels - 2)))
        default: return WalkModel<T>.self
        }
    }

    private static func pair<A: WalkNode>(_: A.Type, _ second: any WalkNode.Type) -> any WalkNode.Type {
        func make<S: WalkNode>(_: S.Type) -> any WalkNode.Type { Pair<A, S>.self }
        return make(second)
    }
}

/// The tracking modes a store can be in: each turns on a different reader of what changed.
enum WalkMode: Int, CaseIterable, CustomStringConvertible {
    case none, diffLogger, wholeLogger, undoer, observer, recorder, modelRecorder, all

    var description: String {
        ["none", "diff logger", "whole logger", "undoer", "observer", "recorder", "model recorder", "all"][rawValue]
    }

    @MainActor
    func middleware() -> [any Middleware] {
        switch self {
        case .none, .observer: []
        case .diffLogger: [ModelLogger(diff: true, output: { _ in })]
        case .wholeLogger: [ModelLogger(diff: false, output: { _ in })]
        case .undoer: [ActionUndoer()]
        case .recorder: [ActionRecorder(to: MemoryLog(), digestEvery: 1, clock: TestClock())]
        case .modelRecorder: [ModelRecorder(to: MemoryLog())]
        case .all:
            [
                ModelLogger(diff: true, output: { _ in }), ActionUndoer(),
                ActionRecorder(to: MemoryLog(), digestEvery: 1, clock: TestClock()), ModelRecorder(to: MemoryLog()),
            ]
        }
    }

    var observes: Bool { self == .observer || self == .all }
}

/// The reads whose observers were told.
@MainActor
final class ToldReads {
    var names: Set<String> = []
}

/// A model found by the reference walk: its value, its depth in struct fields from the root.
struct MirrorFound {
    let model: any Model
    let depth: Int
}

/// The reference: every model in a value, in tree order, by `Mirror`.
enum MirrorWalk {
    static func models(in value: Any) -> [MirrorFound] {
        var found: [MirrorFound] = []
        visit(value, depth: 0, into: &found)
        return found
    }

    private static func visit(_ value: Any, depth: Int, into found: inout [MirrorFound]) {
        let mirror = Mirror(reflecting: value)
        // A cast from `Any` looks through optionals: only a value that is not one is a model here.
        if mirror.displayStyle != .optional, let model = value as? any Model {
            found.append(MirrorFound(model: model, depth: depth))
        }
        switch mirror.displayStyle {
        case .dictionary:
            for child in mirror.children {
                let pair = Mirror(reflecting: child.value).children.map(\.value)
                visit(pair[1], depth: depth, into: &found)
            }
        case .collection, .optional, .enum:
            for child in mirror.children { visit(child.value, depth: depth, into: &found) }
        case .struct, .tuple:
            for child in mirror.children { visit(child.value, depth: depth + 1, into: &found) }
        default:
            break
        }
    }
}

@MainActor
final class WalkerPropertyTests: XCTestCase {
    /// How many random shapes one run checks; each gets its own seed, printed on failure.
    private var shapes: Int {
        if let text = ProcessInfo.processInfo.environment["SUBSTATE_WALKER_SHAPES"], let count = Int(text) {
            return count
        }
        return 120
    }

    func testRandomTreesReduceAsAMirrorReferenceInEveryTrackingMode() async {
        let base =
            ProcessInfo.processInfo.environment["SUBSTATE_WALKER_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 0..<UInt64.max)
        for index in 0..<shapes {
            let seed = base &+ UInt64(index) &* 0x9E37_79B9
            if let failure = check(seed: seed, actions: 24) {
                let smallest = shrink(seed: seed, failing: failure)
                XCTFail(
                    "walker disagrees with the reference; rerun with SUBSTATE_WALKER_SEED=\(seed) SUBSTATE_WALKER_SHAPES=1\n"
                        + "smallest failing case: \(smallest)")
                return
            }
        }
    }

    /// The reference must see a walker that skips models, or the property above proves nothing.
    func testTheReferenceCatchesAWalkerThatSkipsArrayElements() async {
        let root = WalkRoot(content: ArrayOf(items: [WalkLeaf(id: 1, tag: 0), WalkLeaf(id: 2, tag: 0)]))
        var reference = root
        reference.reduceByHand(Bump(tag: 0)) { _ in }
        var skipping = root
        skipping.content.items[0].update(action: Bump(tag: 0))
        skipping.update(action: Bump(tag: 0))
        XCTAssertNotNil(mismatch(MirrorWalk.models(in: skipping), MirrorWalk.models(in: reference)))
        XCTAssertNil(mismatch(MirrorWalk.models(in: reference), MirrorWalk.models(in: reference)))
    }

    /// A failing case, as it is printed.
    private struct Failure: CustomStringConvertible {
        let shape: String
        let mode: WalkMode
        let actions: Int
        let what: String
        var description: String { "shape \(shape), mode \(mode), after \(actions) action(s): \(what)" }
    }

    /// Checks one seed: a shape, a value, actions, and one mode chosen by the seed plus the
    /// untracked store. Returns the first disagreement.
    private func check(seed: UInt64, actions count: Int, levels: Int? = nil) -> Failure? {
        var gen = WalkGen(rng: SplitMix64(seed: seed))
        let depth = levels ?? (4 + gen.below(3))
        let content = WalkShape.type(&gen, levels: depth)
        let mode = WalkMode.allCases[gen.below(WalkMode.allCases.count)]
        return run(content, &gen, mode: mode, actions: count)
    }

    private func run<C: WalkNode>(_: C.Type, _ gen: inout WalkGen, mode: WalkMode, actions count: Int) -> Failure? {
        let initial = WalkRoot<C>.make(&gen)
        let shape = "\(C.self)"
        var reference = initial
        let store = Store(model: initial, middleware: mode.middleware(), onDiagnostic: { _ in })
        let plain = Store(model: initial, onDiagnostic: { _ in })
        if let problem = agree(store, reference) { return Failure(shape: shape, mode: mode, actions: 0, what: problem) }
        for step in 1...max(1, count) {
            let action: any Action =
                gen.below(3) == 0
                ? Reshape(tag: gen.below(4), kind: gen.below(6), seed: gen.rng.next())
                : Bump(tag: gen.below(4))
            // Observers of every kind of read, as views register them; each must be told when
            // what it read changed, and a read by id only then.
            let told = ToldReads()
            var reads: [(name: String, read: @MainActor () -> [WalkLeaf])] = []
            var seen: [String: [WalkLeaf]] = [:]
            if mode.observes {
                let leaves = store.lookupAll(WalkLeaf.self)
                let id = leaves.isEmpty || gen.below(4) == 0 ? gen.below(40) : leaves[gen.below(leaves.count)].id
                reads = [
                    ("findAll", { store.findAll(WalkLeaf.self) }),
                    ("find", { store.find(WalkLeaf.self).map { [$0] } ?? [] }),
                    ("find by id", { store.find(WalkLeaf.self, id: id).map { [$0] } ?? [] }),
                ]
                for (name, read) in reads {
                    withObservationTracking {
                        seen[name] = read()
                    } onChange: {
                        MainActor.assumeIsolated { _ = told.names.insert(name) }
                    }
                }
            }
            var changed: [any Model] = []
            reference.reduceByHand(action) { changed.append($0) }
            store.update(action)
            plain.update(action)
            func failure(_ what: String) -> Failure { Failure(shape: shape, mode: mode, actions: step, what: what) }
            if plain.find(WalkRoot<C>.self) != reference { return failure("the untracked store's state differs") }
            if let problem = agree(store, reference) { return failure(problem) }
            for (name, read) in reads {
                let changed = read() != seen[name]
                if changed, !told.names.contains(name) { return failure("\(name): what it read changed, untold") }
                if name == "find by id", !changed, told.names.contains(name) {
                    return failure("\(name): told, though what it read did not change")
                }
            }
            if mode != .none && mode != .undoer && mode != .recorder && mode != .modelRecorder {
                if let problem = changesAgree(store, changed, reshaped: action is Reshape) { return failure(problem) }
            }
        }
        return nil
    }

    /// The store's state against the reference value, and its finds and locations against a
    /// `Mirror` walk of its own value (a dictionary's order is its own, not the reference's).
    private func agree<C: WalkNode>(_ store: Store, _ reference: WalkRoot<C>) -> String? {
        guard let state = store.find(WalkRoot<C>.self), state == reference else { return "the state differs" }
        let expected = MirrorWalk.models(in: state)
        let leaves = expected.compactMap { $0.model as? WalkLeaf }
        if store.findAll(WalkLeaf.self) != leaves { return "findAll(WalkLeaf) differs" }
        let all = store.findAll((any Model).self)
        if let problem = mismatch(all.map { MirrorFound(model: $0, depth: 0) }, expected) {
            return "findAll(any Model): \(problem)"
        }
        let shallowest = expected.filter { $0.model is WalkLeaf }.min { $0.depth < $1.depth }?.model as? WalkLeaf
        if store.find(WalkLeaf.self) != shallowest { return "find(WalkLeaf) is not the shallowest" }
        for leaf in leaves.prefix(8) where store.find(WalkLeaf.self, id: leaf.id) != leaf {
            return "find(WalkLeaf, id: \(leaf.id)) differs"
        }
        // Every location leads to the model listed with it.
        let located = store.locatedModels(WalkLeaf.self)
        if located.map(\.model) != leaves { return "locatedModels(WalkLeaf) differs from the tree order" }
        var byLocation: [ModelLocation: WalkLeaf] = [:]
        for (location, model) in located {
            if byLocation.updateValue(model, forKey: location) != nil { return "two leaves share \(location)" }
        }
        return nil
    }

    /// The store's recorded changes against the models the reference saw change themselves:
    /// the same models with the same values, and each change's location leads to its model.
    private func changesAgree(_ store: Store, _ expected: [any Model], reshaped: Bool) -> String? {
        let changes = store.changes.filter { $0.before != nil }
        let recorded = changes.compactMap(\.after)
        let expectedByKey = Dictionary(expected.map { (modelKey($0), $0) }, uniquingKeysWith: { first, _ in first })
        if recorded.map(modelKey).sorted() != expected.map(modelKey).sorted() {
            return
                "recorded changes \(recorded.map(modelKey)) differ from the models that changed \(expected.map(modelKey))"
        }
        for model in recorded where !sameModel(model, expectedByKey[modelKey(model)]!) {
            return
                "the change of \(modelKey(model)) recorded \(model), the reference has \(expectedByKey[modelKey(model)]!)"
        }
        var located: [ModelLocation: any Model] = [:]
        for (location, model) in store.locatedModels((any Model).self) { located[location] = model }
        // A change is recorded where the model sat when it changed; a model above it that
        // reshaped its containers afterwards in the same action may have moved it, so those are
        // not checked. The root and bumps never move models.
        let locations = changes.map(\.location)
        for (index, change) in changes.enumerated() {
            guard let after = change.after else { continue }
            let location = locations[index]
            let moved = locations.indices.contains { other in
                reshaped && other != index && !locations[other].steps.isEmpty && locations[other].box == location.box
                    && locations[other].steps.count < location.steps.count
                    && Array(location.steps.prefix(locations[other].steps.count)) == locations[other].steps
            }
            if moved { continue }
            guard let there = located[change.location], sameModel(there, after) else {
                return "change of \(modelKey(after)) recorded at \(change.location) is not the model there"
            }
        }
        return nil
    }

    /// A model's type and id: every model of a random tree but the root has a unique id.
    private func modelKey(_ model: any Model) -> String {
        if let identified = model as? any Identifiable { return "\(type(of: model)) \(identified.id)" }
        return "\(type(of: model))"
    }

    private func sameModel(_ lhs: any Model, _ rhs: any Model) -> Bool {
        guard let lhs = lhs as? any Equatable else { return false }
        func compare<E: Equatable>(_ lhs: E) -> Bool { (rhs as? E) == lhs }
        return compare(lhs)
    }

    private func mismatch(_ found: [MirrorFound], _ expected: [MirrorFound]) -> String? {
        guard found.count == expected.count else { return "\(found.count) models, expected \(expected.count)" }
        for (index, (lhs, rhs)) in zip(found, expected).enumerated() where !sameModel(lhs.model, rhs.model) {
            return "model \(index) is \(lhs.model), expected \(rhs.model)"
        }
        return nil
    }

    /// The smallest case that still fails: fewer levels, then fewer actions.
    private func shrink(seed: UInt64, failing: Failure) -> Failure {
        var smallest = failing
        for levels in 1...6 {
            if let failure = check(seed: seed, actions: smallest.actions, levels: levels) {
                smallest = failure
                break
            }
        }
        var actions = smallest.actions
        while actions > 1, let failure = check(seed: seed, actions: actions - 1) {
            smallest = failure
            actions -= 1
        }
        return smallest
    }
}
