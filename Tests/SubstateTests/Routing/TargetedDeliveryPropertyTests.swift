import XCTest

@testable import Substate

// The same tree twice, routed by nesting and given every action: an action addressed to one row
// must leave both in the same state, whatever the shape and whatever moved in between.

protocol PropertyRouting {
    static var routing: ActionRouting { get }
}

enum RoutedByNesting: PropertyRouting {
    static let routing = ActionRouting.nestedActions
}

enum EveryAction: PropertyRouting {
    static let routing = ActionRouting.everyAction
}

struct PropertyRow<R: PropertyRouting>: Model, Identifiable, Equatable {
    static var routing: ActionRouting { R.routing }
    var id: Int
    var count = 0
    var tags: [PropertyTag<R>] = []

    struct Bump: TargetedAction {
        let targetID: Int
        typealias Target = PropertyRow
    }

    mutating func update(action: Action) {
        if let bump = action as? Bump, bump.targetID == id { count += 1 }
    }
}

/// A model inside a row that counts the actions addressed to its row: what a row holds may
/// react to its row's actions, and (the documented contract) not to another row's.
struct PropertyTag<R: PropertyRouting>: Model, Equatable {
    static var routing: ActionRouting {
        R.self == EveryAction.self ? .everyAction : .nestedActions(plus: [PropertyRow<R>.Bump.self])
    }
    var rowID: Int
    var seen = 0
    mutating func update(action: Action) {
        if let bump = action as? PropertyRow<R>.Bump, bump.targetID == rowID { seen += 1 }
    }
}

enum PropertySlot<R: PropertyRouting>: Model, Equatable {
    case empty
    case row(PropertyRow<R>)
    static var routing: ActionRouting { R.routing }
    mutating func update(action: Action) {}
}

struct PropertyGroup<R: PropertyRouting>: Model, Equatable {
    static var routing: ActionRouting { R.routing }
    var rows: [PropertyRow<R>] = []
    var bumpsSeen = 0
    mutating func update(action: Action) {
        if action is PropertyRow<R>.Bump { bumpsSeen += 1 }
    }
}

struct PropertyTree<R: PropertyRouting>: Model, Equatable {
    static var routing: ActionRouting { R.routing }
    var groups: [PropertyGroup<R>] = []
    var pinned: PropertyRow<R>? = nil
    var slot: PropertySlot<R> = .empty
    var total = 0

    /// An edit of the tree's shape, which the routed tree takes too.
    struct Edit: Action {
        let seed: UInt64
    }

    mutating func update(action: Action) {
        if let edit = action as? Edit { apply(edit.seed) }
        total = groups.flatMap(\.rows).map(\.count).reduce(0, +)
    }

    private var ids: Set<Int> {
        var ids = Set(groups.flatMap(\.rows).map(\.id))
        if let pinned { ids.insert(pinned.id) }
        if case .row(let row) = slot { ids.insert(row.id) }
        return ids
    }

    private mutating func apply(_ seed: UInt64) {
        var random = SplitMix(seed: seed)
        let choice = random.next() % 6
        // Ids are unique among the rows, as `Identifiable` promises: a new row takes an id no row has.
        var id = Int(random.next() % 40)
        while ids.contains(id) { id += 1 }
        switch choice {
        case 0:
            if groups.isEmpty { groups.append(PropertyGroup()) }
            let group = Int(random.next() % UInt64(groups.count))
            let at = Int(random.next() % UInt64(groups[group].rows.count + 1))
            groups[group].rows.insert(
                PropertyRow(id: id, tags: Array(repeating: PropertyTag(rowID: id), count: id % 3)), at: at)
        case 1:
            let nonEmpty = groups.indices.filter { !groups[$0].rows.isEmpty }
            guard let group = nonEmpty.first else { return }
            groups[group].rows.remove(at: Int(random.next() % UInt64(groups[group].rows.count)))
        case 2:
            for index in groups.indices { groups[index].rows.reverse() }
            groups.reverse()
        case 3:
            groups.append(PropertyGroup())
        case 4:
            pinned = pinned == nil ? PropertyRow(id: id) : nil
        default:
            if case .row = slot { slot = .empty } else { slot = .row(PropertyRow(id: id)) }
        }
    }
}

/// A small seeded generator, so that a failing seed can be run again.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@MainActor
final class TargetedDeliveryPropertyTests: XCTestCase {
    /// The routed tree, as the broadcast one would be with the same values.
    private func asBroadcast(_ tree: PropertyTree<RoutedByNesting>) -> PropertyTree<EveryAction> {
        func row(_ row: PropertyRow<RoutedByNesting>) -> PropertyRow<EveryAction> {
            PropertyRow(
                id: row.id, count: row.count, tags: row.tags.map { PropertyTag(rowID: $0.rowID, seen: $0.seen) })
        }
        let slot: PropertySlot<EveryAction>
        switch tree.slot {
        case .empty: slot = .empty
        case .row(let value): slot = .row(row(value))
        }
        return PropertyTree(
            groups: tree.groups.map { PropertyGroup(rows: $0.rows.map(row), bumpsSeen: $0.bumpsSeen) },
            pinned: tree.pinned.map(row), slot: slot, total: tree.total)
    }

    func testAddressedActionsLeaveTheRoutedTreeAsTheBroadcastOneOverRandomEdits() async {
        for seed in UInt64(1)...8 {
            var random = SplitMix(seed: seed)
            let routed = Store(model: PropertyTree<RoutedByNesting>())
            let broadcast = Store(model: PropertyTree<EveryAction>())
            // Half the seeds record changes, so the tracked walk is checked too.
            if seed % 2 == 0 { routed.recordChanges() }
            for step in 0..<300 {
                if random.next() % 3 == 0 {
                    let edit = random.next()
                    routed.update(PropertyTree<RoutedByNesting>.Edit(seed: edit))
                    broadcast.update(PropertyTree<EveryAction>.Edit(seed: edit))
                } else {
                    let id = Int(random.next() % 44)
                    routed.update(PropertyRow<RoutedByNesting>.Bump(targetID: id))
                    broadcast.update(PropertyRow<EveryAction>.Bump(targetID: id))
                }
                guard let tree = routed.find(PropertyTree<RoutedByNesting>.self),
                    let expected = broadcast.find(PropertyTree<EveryAction>.self)
                else { return XCTFail("seed \(seed), step \(step): a root is missing") }
                if asBroadcast(tree) != expected {
                    return XCTFail("seed \(seed), step \(step): \(tree) differs from \(expected)")
                }
            }
        }
    }
}
