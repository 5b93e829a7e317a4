import Foundation
import Substate
import SubstateMiddleware
import SubstateTestSupport

/// A family of models for the public-API fuzzers: nested structs, arrays, optionals, a
/// dictionary of models, an enum with model payloads, an `any Model` field, a recursive type,
/// `Shared` fields and a `ScreenStack`, with parents whose state depends on their children
/// having been updated first. Everything is `Codable` and deterministic, so sessions replay.
enum Fuzz {
    // MARK: Actions

    struct Bump: Action, Codable, Equatable { var amount: Int }
    struct SetLeaf: Action, Codable, Equatable {
        var id: Int
        var value: Int
    }
    struct AddItem: Action, Codable, Equatable { var title: String }
    struct RemoveItem: Action, Codable, Equatable { var index: Int }
    struct Rename: Action, Codable, Equatable {
        var id: Int
        var title: String
    }
    struct ToggleMaybe: Action, Codable, Equatable {}
    struct PutEntry: Action, Codable, Equatable {
        var key: String
        var id: Int
    }
    struct DropEntry: Action, Codable, Equatable { var key: String }
    struct SwitchMode: Action, Codable, Equatable { var to: Int }
    struct Grow: Action, Codable, Equatable {
        var id: Int
        var child: Int
    }
    struct Prune: Action, Codable, Equatable { var id: Int }
    struct SharedAdd: Action, Codable, Equatable { var amount: Int }
    struct Visit: Action, Codable, Equatable {}
    struct SwapPlugin: Action, Codable, Equatable {}
    struct SetTheme: Action, Codable, Equatable { var theme: Int }
    /// Sent from other tasks with `store.send`, so the fuzzer can count their arrival.
    struct Sent: Action, Codable, Equatable { var amount: Int }
    struct Debounced: Action, Codable, Equatable, DebouncedAction {
        var amount: Int
        var debounce: Debounce { Debounce(.milliseconds(30)) }
    }
    struct Throttled: Action, Codable, Equatable, ThrottledAction {
        var amount: Int
        var throttle: Throttle { Throttle(.milliseconds(30), leading: true, trailing: true, latest: amount % 2 == 0) }
    }
    struct Delayed: Action, Codable, Equatable, DelayedAction {
        var amount: Int
        var delay: Duration { .milliseconds(10 * (amount % 4)) }
    }
    struct UndoableBump: Action, Codable, Equatable, UndoableAction {
        var amount: Int
        static var undoableModels: [any Model.Type] { [Counter.self] }
    }
    // Effects' triggers and results.
    struct StartPing: Action, Codable, Equatable {
        var delay: Int
        var cancelInFlight: Bool
    }
    struct StartTicker: Action, Codable, Equatable { var ticks: Int }
    struct StopTicker: Action, Codable, Equatable {}
    struct Fail: Action, Codable, Equatable {}
    struct Failed: Action, Codable, Equatable {}
    struct Pong: Action, Codable, Equatable {}
    struct Tick: Action, Codable, Equatable {}
    /// Its effect hands its `Send` to the fuzzer, which keeps it past the store's release.
    struct Stash: Action, Codable, Equatable {}

    static let tally = SharedKey<Int>("fuzz.tally")

    // MARK: Models

    struct Counter: Model, Codable, Equatable {
        var value = 0
        mutating func update(action: Action) {
            switch action {
            case let bump as Bump: value &+= bump.amount
            case let sent as Sent: value &+= sent.amount
            case let bump as Debounced: value &+= bump.amount
            case let bump as Throttled: value &+= bump.amount
            case let bump as Delayed: value &+= bump.amount
            case let bump as UndoableBump: value &+= bump.amount
            case is Pong: value &+= 100
            case is Tick: value &+= 1_000
            case is Failed: value &-= 7
            default: ()
            }
        }
    }

    /// Declares its actions, so the store routes around it for the others.
    struct Leaf: Model, Codable, Equatable, Identifiable {
        static var handledActions: [any Action.Type]? { [Bump.self, SetLeaf.self] }
        var id: Int
        var value = 0
        mutating func update(action: Action) {
            switch action {
            case let bump as Bump: value &+= bump.amount
            case let set as SetLeaf where set.id == id: value = set.value
            default: ()
            }
        }
    }

    struct Item: Model, Codable, Equatable, Identifiable {
        let id: Int
        var title: String
        var leaf: Leaf
        var total = 0
        mutating func update(action: Action) {
            if let rename = action as? Rename, rename.id == id { title = rename.title }
            total = leaf.value &* 2 &+ title.count
        }
    }

    /// A recursive model.
    struct Folder: Model, Codable, Equatable {
        var id: Int
        var count = 0
        var children: [Folder] = []
        var total = 0
        mutating func update(action: Action) {
            switch action {
            case let bump as Bump: count &+= bump.amount
            case let grow as Grow where grow.id == id && children.count < 3:
                children.append(Folder(id: grow.child))
            case let prune as Prune where prune.id == id: children = []
            default: ()
            }
            total = children.reduce(count) { $0 &+ $1.total }
        }
    }

    /// An enum that is a model, with model payloads; it updates after its payload.
    enum Mode: Model, Codable, Equatable {
        case idle
        case editing(Leaf)
        case viewing(Item, note: String)
        mutating func update(action: Action) {
            guard let change = action as? SwitchMode else { return }
            switch change.to % 3 {
            case 0: self = .idle
            case 1: self = .editing(Leaf(id: -change.to - 1))
            default: self = .viewing(Item(id: -change.to - 1, title: "m", leaf: Leaf(id: -change.to - 1)), note: "n")
            }
        }
    }

    struct SharedHolder: Model, Codable, Equatable {
        @Shared(Fuzz.tally) var tally = 0
        /// What this holder read after its own write: a later holder sees an earlier one's.
        var seen = 0
        mutating func update(action: Action) {
            if let add = action as? SharedAdd {
                tally &+= add.amount
                seen = tally
            }
        }
    }

    struct Screen: Model, Codable, Equatable {
        var id: Int
        var counter = Counter()
        var visits = 0
        mutating func update(action: Action) {
            if action is Visit { visits += 1 }
        }
    }

    struct Settings: SavedModel, Equatable {
        var theme = 0
        mutating func update(action: Action) {
            if let set = action as? SetTheme { theme = set.theme }
        }
    }

    /// Registered beside the tree with `Store.Register`.
    struct Extra: Model, Codable, Equatable {
        var hits = 0
        mutating func update(action: Action) { if action is Bump { hits += 1 } }
    }

    /// A plain struct in between, holding models.
    struct Nest: Codable, Equatable {
        var shared = SharedHolder()
        var leaves: [Leaf] = []
        var spare: Counter?
    }

    /// Holds an `any Model` field: a `Leaf` or a `Counter`.
    struct PluginSlot: Codable, Equatable {
        var model: any Model

        private enum CodingKeys: String, CodingKey { case leaf, counter }

        init(_ model: any Model) { self.model = model }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let leaf = try container.decodeIfPresent(Leaf.self, forKey: .leaf) {
                model = leaf
            } else {
                model = try container.decode(Counter.self, forKey: .counter)
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            if let leaf = model as? Leaf { try container.encode(leaf, forKey: .leaf) }
            if let counter = model as? Counter { try container.encode(counter, forKey: .counter) }
        }

        static func == (lhs: PluginSlot, rhs: PluginSlot) -> Bool {
            switch (lhs.model, rhs.model) {
            case let (left as Leaf, right as Leaf): left == right
            case let (left as Counter, right as Counter): left == right
            default: false
            }
        }
    }

    struct Root: Model, Codable, Equatable {
        var counter = Counter()
        var sharedA = SharedHolder()
        var items: [Item] = []
        var maybe: Leaf?
        var entries: [String: Leaf] = [:]
        var mode = Mode.idle
        var folder = Folder(id: 0)
        var nest = Nest()
        var stack = ScreenStack<Screen>()
        var plugin = PluginSlot(Counter())
        var settings = Settings()
        var nextItem = 0
        var checksum = 0

        mutating func update(action: Action) {
            switch action {
            case let add as AddItem:
                items.append(Item(id: nextItem, title: add.title, leaf: Leaf(id: 1_000 + nextItem)))
                nextItem += 1
            case let remove as RemoveItem where !items.isEmpty: items.remove(at: remove.index % items.count)
            case is ToggleMaybe: maybe = maybe == nil ? Leaf(id: 500) : nil
            case let put as PutEntry: entries[put.key] = Leaf(id: put.id)
            case let drop as DropEntry: entries[drop.key] = nil
            case is SwapPlugin: plugin.model = plugin.model is Leaf ? Counter() : Leaf(id: 700)
            default: ()
            }
            checksum =
                counter.value &+ items.reduce(0) { $0 &* 31 &+ $1.total } &+ (maybe?.value ?? 0)
                &+ entries.values.reduce(0) { $0 &+ $1.value } &+ folder.total &+ sharedA.seen
                &+ nest.leaves.reduce(0) { $0 &+ $1.value } &+ (nest.spare?.value ?? 0)
        }
    }

    // MARK: The reference

    /// The hand-written reference: each model's `update` called in place, children before
    /// parents, fields in declaration order, with the shared value carried by hand (each holder
    /// reads the value before its update and writes it after; every copy takes the final value).
    static func reference(_ root: inout Root, _ action: any Action) {
        var shared = root.sharedA.tally
        reference(&root.counter, action)
        reference(&root.sharedA, action, &shared)
        for index in root.items.indices { reference(&root.items[index], action) }
        if root.maybe != nil { reference(&root.maybe!, action) }
        for key in root.entries.keys { reference(&root.entries[key]!, action) }
        reference(&root.mode, action)
        reference(&root.folder, action)
        reference(&root.nest.shared, action, &shared)
        for index in root.nest.leaves.indices { reference(&root.nest.leaves[index], action) }
        if root.nest.spare != nil { reference(&root.nest.spare!, action) }
        reference(&root.stack, action)
        if var leaf = root.plugin.model as? Leaf {
            reference(&leaf, action)
            root.plugin.model = leaf
        } else if var counter = root.plugin.model as? Counter {
            reference(&counter, action)
            root.plugin.model = counter
        }
        root.settings.update(action: action)
        root.update(action: action)
        root.sharedA.tally = shared
        root.nest.shared.tally = shared
    }

    static func reference(_ counter: inout Counter, _ action: any Action) { counter.update(action: action) }
    static func reference(_ leaf: inout Leaf, _ action: any Action) { leaf.update(action: action) }

    static func reference(_ item: inout Item, _ action: any Action) {
        reference(&item.leaf, action)
        item.update(action: action)
    }

    static func reference(_ folder: inout Folder, _ action: any Action) {
        for index in folder.children.indices { reference(&folder.children[index], action) }
        folder.update(action: action)
    }

    static func reference(_ mode: inout Mode, _ action: any Action) {
        switch mode {
        case .idle: ()
        case .editing(var leaf):
            reference(&leaf, action)
            mode = .editing(leaf)
        case .viewing(var item, let note):
            reference(&item, action)
            mode = .viewing(item, note: note)
        }
        mode.update(action: action)
    }

    static func reference(_ holder: inout SharedHolder, _ action: any Action, _ shared: inout Int) {
        holder.tally = shared
        holder.update(action: action)
        shared = holder.tally
    }

    static func reference(_ screen: inout Screen, _ action: any Action) {
        reference(&screen.counter, action)
        screen.update(action: action)
    }

    static func reference(_ stack: inout ScreenStack<Screen>, _ action: any Action) {
        for id in stack.ids {
            var screen = stack[id: id]!
            reference(&screen, action)
            if let addressed = action as? ScreenStack<Screen>.ToElement<Visit>, addressed.id == id {
                reference(&screen, addressed.action)
            }
            if let addressed = action as? ScreenStack<Screen>.ToElement<Bump>, addressed.id == id {
                reference(&screen, addressed.action)
            }
            stack[id: id] = screen
        }
        stack.update(action: action)
    }

    // MARK: Random trees

    static func root(_ random: inout SplitMix64) -> Root {
        var root = Root()
        root.counter.value = Int(random.next() % 10)
        let tally = Int(random.next() % 10)
        root.sharedA.tally = tally
        root.nest.shared.tally = tally
        for _ in 0..<Int(random.next() % 4) {
            root.items.append(Item(id: root.nextItem, title: "t", leaf: Leaf(id: 1_000 + root.nextItem)))
            root.nextItem += 1
        }
        if random.next() % 2 == 0 { root.maybe = Leaf(id: 500, value: 3) }
        for index in 0..<Int(random.next() % 3) { root.entries["e\(index)"] = Leaf(id: 600 + index) }
        root.mode.update(action: SwitchMode(to: Int(random.next() % 6)))
        var folders = [0]
        for _ in 0..<Int(random.next() % 6) {
            let id = folders.count
            root.folder = grown(root.folder, under: folders[Int(random.next() % UInt64(folders.count))], id: id)
            folders.append(id)
        }
        root.nest.leaves = (0..<Int(random.next() % 3)).map { Leaf(id: 800 + $0) }
        if random.next() % 2 == 0 { root.nest.spare = Counter(value: 5) }
        for index in 0..<Int(random.next() % 3) { root.stack.push(Screen(id: index)) }
        if random.next() % 2 == 0 { root.plugin = PluginSlot(Leaf(id: 700)) }
        return root
    }

    /// The folder tree with a child `id` added under the folder `parent` (when it has room).
    static func grown(_ folder: Folder, under parent: Int, id: Int) -> Folder {
        var folder = folder
        if folder.id == parent, folder.children.count < 3 {
            folder.children.append(Folder(id: id))
        } else {
            folder.children = folder.children.map { grown($0, under: parent, id: id) }
        }
        return folder
    }

    /// How many folders the tree holds.
    static func folderCount(_ folder: Folder) -> Int { folder.children.reduce(1) { $0 + folderCount($1) } }

    /// Every leaf in the tree, in no particular order.
    static func leaves(_ root: Root) -> [Leaf] {
        var leaves = root.items.map(\.leaf)
        if let maybe = root.maybe { leaves.append(maybe) }
        leaves += root.entries.values
        switch root.mode {
        case .idle: ()
        case .editing(let leaf): leaves.append(leaf)
        case .viewing(let item, _): leaves.append(item.leaf)
        }
        leaves += root.nest.leaves
        if let leaf = root.plugin.model as? Leaf { leaves.append(leaf) }
        return leaves
    }
}
