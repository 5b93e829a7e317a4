import Substate
import SubstateTestSupport
import XCTest

/// The effect table's indexes (owners by type, by place, by token) against the plain rule they
/// stand for, checked after every step of random edits: an effect runs exactly while a model
/// of its owner's type with its owner's identity is in the tree.
@MainActor
final class InstanceEffectsPropertyTests: XCTestCase {
    struct Row: Model, Equatable, Identifiable {
        var id: Int
        var title = ""

        /// Changes a row's id from inside the row: the change record names the row's place
        /// alone, and no type is regrouped.
        struct Renumber: Action {
            let from: Int
            let to: Int
        }

        mutating func update(action: Action) {
            if let renumber = action as? Renumber, renumber.from == id { id = renumber.to }
        }
    }

    struct Group: Model, Equatable, Identifiable {
        let id: Int
        var rows: [Row] = []
    }

    struct Board: Model, Equatable {
        var groups = [Group(id: 0), Group(id: 1), Group(id: 2)]
        var pinned: Row?

        enum Edit: Action {
            case insert(group: Int, at: Int, id: Int)
            case remove(group: Int, at: Int)
            case move(group: Int, from: Int, to: Int)
            case transfer(from: Int, at: Int, to: Int)
            case rename(group: Int, at: Int, id: Int)
            case retitle(group: Int, at: Int)
            case pin(group: Int, at: Int)
            case unpin
            case reverseGroups
        }

        mutating func update(action: Action) {
            guard let edit = action as? Edit else { return }
            switch edit {
            case .insert(let group, let index, let id):
                groups[group].rows.insert(Row(id: id), at: min(index, groups[group].rows.count))
            case .remove(let group, let index):
                if groups[group].rows.indices.contains(index) { groups[group].rows.remove(at: index) }
            case .move(let group, let from, let to):
                guard groups[group].rows.indices.contains(from) else { return }
                let row = groups[group].rows.remove(at: from)
                groups[group].rows.insert(row, at: min(to, groups[group].rows.count))
            case .transfer(let from, let index, let to):
                guard groups[from].rows.indices.contains(index) else { return }
                groups[to].rows.append(groups[from].rows.remove(at: index))
            case .rename(let group, let index, let id):
                if groups[group].rows.indices.contains(index) { groups[group].rows[index].id = id }
            case .retitle(let group, let index):
                if groups[group].rows.indices.contains(index) { groups[group].rows[index].title += "x" }
            case .pin(let group, let index):
                if groups[group].rows.indices.contains(index) { pinned = groups[group].rows.remove(at: index) }
            case .unpin:
                pinned = nil
            case .reverseGroups:
                groups.reverse()
            }
        }
    }

    private let gate = Gate()

    func testEveryEffectRunsExactlyWhileItsRowIsInTheTree() async {
        let seeds: [UInt64] = [1, 2, 3, 4, 5, 6, 7, 8]
        for seed in seeds { await run(seed: seed, steps: 300) }
    }

    private func run(seed: UInt64, steps: Int) async {
        var random = SplitMix64(seed: seed)
        let store = Store(model: Board())
        var nextID = 1
        // Each row id's effects, started while a row with the id was in the tree.
        var effects: [Int: [Int]] = [:]
        var log: [String] = []
        for step in 0..<steps {
            let group = Int.random(in: 0..<3, using: &random)
            let count = store.find(Board.self)!.groups[group].rows.count
            let index = Int.random(in: 0...max(count, 1), using: &random)
            let edit: Board.Edit
            switch Int.random(in: 0..<12, using: &random) {
            case 0, 1, 2:
                edit = .insert(group: group, at: index, id: nextID)
                nextID += 1
            case 3: edit = .remove(group: group, at: index)
            case 4, 5: edit = .move(group: group, from: index, to: Int.random(in: 0...count, using: &random))
            case 6: edit = .transfer(from: group, at: index, to: Int.random(in: 0..<3, using: &random))
            case 7:
                // An id already used comes back as a fresh instance, or a new id replaces one.
                edit = .rename(group: group, at: index, id: Int.random(in: 1...nextID, using: &random))
            case 8: edit = .retitle(group: group, at: index)
            case 9: edit = .pin(group: group, at: index)
            case 10: edit = .unpin
            default: edit = .reverseGroups
            }
            if Int.random(in: 0..<4, using: &random) == 0,
                let row = store.findAll(Row.self).randomElement(using: &random)
            {
                // A row renumbered in place, where only its own place is looked at.
                let renumber = Row.Renumber(from: row.id, to: nextID)
                nextID += 1
                log.append("\(step): \(renumber)")
                store.update(renumber)
            } else {
                log.append("\(step): \(edit)")
                store.update(edit)
            }
            // Now and then, an effect for a random row present, as an action addressed to it would.
            if Int.random(in: 0..<3, using: &random) == 0 {
                let rows = store.locatedModelsUntracked(Row.self)
                if let (location, row) = rows.randomElement(using: &random) {
                    let gate = gate
                    let token = InstanceEffects.of(store).start(
                        belongingTo: row, at: location, in: store, id: nil, cancelInFlight: false, within: nil,
                        catch: nil
                    ) { _ in await gate.wait() }!
                    effects[row.id, default: []].append(token)
                }
            }
            // The reference: a scan of the tree.
            let present = Set(store.findAll(Row.self).map(\.id))
            for (id, tokens) in effects {
                for token in tokens where store.effects.isRunning(token: token) != present.contains(id) {
                    XCTFail(
                        "seed \(seed), step \(step): row \(id)'s effect \(store.effects.isRunning(token: token) ? "runs" : "ended") while the row is \(present.contains(id) ? "in" : "out of") the tree\n"
                            + log.suffix(12).joined(separator: "\n"))
                    return
                }
            }
            // Once a row is gone, its effects stay ended even if its id comes back.
            for id in effects.keys where !present.contains(id) { effects[id] = nil }
        }
        store.effects.cancelAll()
        await store.effects.waitForAll()
    }
}
