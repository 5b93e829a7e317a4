/// Collects which models one action changed, while the store walks the tree.
///
/// The tracked walk keeps the path it is on (one entry per level: a part, a container's
/// element, an opened `any Model`) and, when a model's own `update(action:)` changed it,
/// records what it was and what it is now, the models above it, and where it sits. Everything
/// else about the walk is the plain dispatch, so the cost of knowing what changed is a copy and
/// a byte comparison per model visited, and the cost of everything that reads the record
/// (observation, the model logger's diff) follows the models that changed.
///
/// Paths are stored as differences: the walk goes depth first and children come before their
/// parents, so consecutive changes share a prefix of their paths, and each change keeps only
/// the levels below what it shares with the change before it. The record of an action stays
/// linear in the models it changed even when thousands of nested levels all change.
// @unchecked Sendable: compiled visitors capture it, but a store only walks its tree on the
// main actor, synchronously, so the log is never touched from two threads.
final class ChangeLog: @unchecked Sendable {
    /// One level of the path the walk is on.
    // @unchecked Sendable: the addresses point into the tree being walked and are read only
    // during that walk.
    struct Entry: @unchecked Sendable {
        enum Kind: UInt8 {
            /// A part of the value's layout: a field, an enum case's payload.
            case part
            /// An element of the container whose part is ``Entry/part``, at address ``container``.
            case element
            /// The model inside an `any Model`.
            case opened
        }

        var kind: Kind
        var index: Int
        /// The value this level leads to, and its layout.
        var value: UnsafeRawPointer
        // Fact (layouts live forever): the layout cache never lets go of a layout or a part, so these unretained references stay valid.
        var layout: Unmanaged<TypeLayout>?
        /// For an element: the container and its part.
        var container: UnsafeRawPointer? = nil
        var part: Unmanaged<Part>? = nil
    }

    private var entries: UnsafeMutablePointer<Entry>
    private var capacity = 64
    private(set) var depth = 0
    /// The lowest depth the walk came back to since the last change it recorded: the levels
    /// above it are shared with that change's path.
    private var shared = 0
    /// The tree being walked: 0 for the store's root, then 1 + the index of a registered model.
    private(set) var box = 0
    /// What the actions walked since the last ``take()`` changed, in walk order.
    // The record's state is touched only by the walk, on the main actor, never across a call
    // that could reach it again: unchecked exclusivity, as for the entries.
    @exclusivity(unchecked) private var changes: [ModelChange] = []
    @exclusivity(unchecked) private var paths = ChangePaths()
    /// The paths handed over by the last ``take()``: used again by the next one once nothing
    /// holds them (the store lets go of an action's record before the next action's walk).
    @exclusivity(unchecked) private var handedOver = ChangePaths()
    /// Visitors compiled for tracked walks, by layout and action type. Existential fields
    /// compile the visitor of the type they hold when they meet it.
    var visitors: [VisitorKey: CompiledVisit] = [:]
    /// Whether the record must keep each changed model's old value (middleware that shows or
    /// undoes changes asked for the record); observers alone do not need them.
    @exclusivity(unchecked) var keepsValues = true
    /// How many bytes of buffers make a model large: without ``keepsValues``, such a model is
    /// tracked without a copy (see `ModelWitness.updateWithoutCopy`), since the copy would make
    /// every write into its buffers copy the whole buffer first.
    static let largeValueBytes = 64 * 1024
    /// The slots of the visitors compiled for this log (see ``releaseVisitors()``).
    var slots: [VisitorSlot] = []

    init() {
        // Fact (owned allocation): the log alone holds its entries, freed once, in deinit or when they move to a larger allocation.
        entries = .allocate(capacity: capacity)
    }

    deinit {
        entries.deallocate()
    }

    /// Lets go of the visitors compiled for this log, which capture it: called when its store
    /// is released. A recursive type's visitor calls itself through its slot, so the two hold
    /// each other and would keep the log, and all it recorded, alive forever.
    func releaseVisitors() {
        visitors.removeAll()
        for slot in slots { slot.visit = nil }
        slots.removeAll()
    }

    /// The tree's root and its layout, the first model above every change in it.
    private var root: (value: UnsafeRawPointer, layout: TypeLayout)?

    /// Starts the walk of a tree.
    func start(box: Int, root value: UnsafeRawPointer, layout: TypeLayout) {
        self.box = box
        root = (value, layout)
        depth = 0
        shared = 0
    }

    @inline(__always)
    func push(_ entry: Entry) {
        if depth == capacity { grow() }
        // Fact (walk-scoped addresses): an entry's address points into the tree being walked and is read only before this walk returns.
        (entries + depth).initialize(to: entry)
        depth += 1
    }

    @inline(__always)
    func pop() {
        depth -= 1
        if depth < shared { shared = depth }
    }

    /// Moves the innermost entry to another element of its container.
    @inline(__always)
    func setElement(_ index: Int, _ value: UnsafeRawPointer) {
        entries[depth - 1].index = index
        entries[depth - 1].value = value
        if depth - 1 < shared { shared = depth - 1 }
    }

    private func grow() {
        // Fact (owned allocation): the entries move to the larger allocation, and the old one is freed once, here.
        let larger = UnsafeMutablePointer<Entry>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: entries, count: depth)
        entries.deallocate()
        entries = larger
        capacity *= 2
    }

    /// Records that the model at the walk's position changed.
    func record(
        _ layout: TypeLayout, before: consuming (any Model)?, after: consuming (any Model)?, changedParts: [Int]?
    ) {
        // The steps go straight into the action's paths.
        let start = paths.stepCount
        var ancestors: [ModelChange.Ancestor] = []
        // `isModel`, then the identity alone: binding the witness would copy all its closures.
        if shared == 0, depth > 0, let root, root.layout.isModel {
            ancestors.append(
                ModelChange.Ancestor(type: root.layout.typeID, id: root.layout.model?.identity?(root.value)))
        }
        for level in shared..<depth {
            let entry = entries[level]
            switch entry.kind {
            case .part:
                paths.appendStep(.part(entry.index))
            case .opened:
                paths.appendStep(.opened)
            case .element:
                if let part = entry.part?.takeUnretainedValue(), case .elements(let access) = part.access,
                    let container = entry.container
                {
                    if access.kind == .dictionary {
                        // The dictionary is in the middle of writing this value: its storage is
                        // moved out while the value is yielded, so its key is read once the
                        // walk of its values ends (see ``resolveKeys()``).
                        unresolved.append(
                            UnresolvedKey(
                                level: level, slot: paths.stepCount, container: container,
                                position: entry.index, access: access))
                        paths.appendStep(.element(entry.index))
                    } else {
                        paths.appendStep(access.step(container, entry.index))
                    }
                }
            }
            // The models above the changed one, except the model itself at the last level.
            if level < depth - 1, let above = entry.layout?.takeUnretainedValue(), above.isModel {
                ancestors.append(ModelChange.Ancestor(type: above.typeID, id: above.model?.identity?(entry.value)))
            }
        }
        let index = paths.appendRecord(box: box, shared: shared, from: start)
        changes.append(
            ModelChange(
                paths: paths, index: index, depth: depth, layout: layout, before: consume before,
                after: consume after, ancestors: ancestors, changedParts: changedParts))
        shared = depth
    }

    /// A dictionary key a recorded path needs, read once the dictionary is whole again.
    // @unchecked Sendable: the container address is read only during the walk that recorded it.
    private struct UnresolvedKey: @unchecked Sendable {
        /// The path level of the element entry.
        let level: Int
        /// Where the step sits among ``paths``' steps.
        let slot: Int
        let container: UnsafeRawPointer
        let position: Int
        let access: ContainerAccess
    }

    @exclusivity(unchecked) private var unresolved: [UnresolvedKey] = []

    /// Whether some recorded path waits for the key of a dictionary the walk is inside.
    @inline(__always)
    var hasUnresolvedKeys: Bool { !unresolved.isEmpty }

    /// Reads the keys of the changes recorded inside the dictionary whose values the walk has
    /// just finished (the innermost element level), now that the dictionary is whole again.
    ///
    /// A dictionary's values are written through its `values` accessor, which moves the
    /// dictionary's storage out for as long as a value is being written; reading the dictionary
    /// at its address meanwhile reads a placeholder, so keys cannot be read while recording.
    func resolveKeys() {
        let level = depth - 1
        while let last = unresolved.last, last.level == level {
            unresolved.removeLast()
            paths.setStep(last.slot, last.access.step(last.container, last.position))
        }
    }

    /// Records a change to a whole tree made outside the walk (a store action that put values
    /// back).
    func recordTree(box: Int, layout: TypeLayout, before: (any Model)?, after: any Model) {
        let index = paths.appendRecord(box: box, shared: 0, from: paths.stepCount)
        changes.append(
            ModelChange(
                paths: paths, index: index, depth: 0, layout: layout, before: before, after: after, ancestors: [],
                changedParts: nil))
    }

    /// Hands over what was recorded and starts afresh.
    func take() -> [ModelChange] {
        guard !changes.isEmpty else { return [] }
        defer {
            changes.removeAll(keepingCapacity: true)
            let handed = paths
            if isKnownUniquelyReferenced(&handedOver) {
                handedOver.removeAll()
                paths = handedOver
            } else {
                paths = ChangePaths()
            }
            handedOver = handed
        }
        return changes
    }
}

/// The paths of the changes one action made, each stored as the levels below what it shares
/// with the change before it (see ``ChangeLog``).
// @unchecked Sendable: appended to only while the store records an action, on the main actor,
// and read only after.
final class ChangePaths: @unchecked Sendable {
    // Written only by the walk and read only after it, so no access overlaps another:
    // unchecked exclusivity keeps each step's append to the append.
    @exclusivity(unchecked) private var records: [(box: Int, shared: Int, start: Int, count: Int)] = []
    @exclusivity(unchecked) private var steps: [ModelLocation.Step] = []

    /// How many steps all paths hold so far.
    var stepCount: Int { steps.count }

    /// Replaces a step that was recorded before it could be read.
    func setStep(_ slot: Int, _ step: ModelLocation.Step) {
        steps[slot] = step
    }

    /// Adds a step to the path being recorded (see ``appendRecord(box:shared:from:)``).
    func appendStep(_ step: ModelLocation.Step) {
        steps.append(step)
    }

    /// Records a change's path: the levels it shares with the change before it, and its own
    /// steps, those appended since `start`.
    func appendRecord(box: Int, shared: Int, from start: Int) -> Int {
        records.append((box, shared, start, steps.count - start))
        return records.count - 1
    }

    /// Forgets every path for the next action's record, keeping the room they took unless an
    /// action changed a great many models: the next is likely to change a few.
    func removeAll() {
        records.removeAll(keepingCapacity: records.capacity <= Self.keptRoom)
        steps.removeAll(keepingCapacity: steps.capacity <= Self.keptRoom)
    }

    /// How many records or steps the paths keep room for from one action to the next.
    private static let keptRoom = 1_024

    /// The tree a change is in: 0 for the store's root, then 1 + a registered model's index.
    func box(of index: Int) -> Int { records[index].box }

    /// For each change, how many leading steps its location shares with a location (`-1` for
    /// a change in another tree), worked out from the stored differences in one pass: linear in
    /// the steps stored, where spelling out every location would be quadratic in a deep tree.
    func sharedPrefixLengths(with location: ModelLocation) -> [Int] {
        var lengths: [Int] = []
        lengths.reserveCapacity(records.count)
        var previous = 0
        for record in records {
            guard record.box == location.box else {
                lengths.append(-1)
                previous = 0
                continue
            }
            // The levels shared with the change before are the same; past what that change
            // shared with the location, nothing more can match.
            var length = min(previous, record.shared)
            if length == record.shared {
                var step = 0
                while step < record.count, length < location.steps.count,
                    steps[record.start + step] == location.steps[length]
                {
                    length += 1
                    step += 1
                }
            }
            lengths.append(length)
            previous = length
        }
        return lengths
    }

    /// The locations of the changes in one tree as a tree of steps: each node is one step
    /// below its parent node, made in walk order (a parent before the nodes below it), and a
    /// location several changes share is one node. Linear in the steps stored, where spelling
    /// out every location would be quadratic in a deep tree.
    ///
    /// - Returns: Each node's parent (`-1` for the node of the tree's root, node 0) and step
    ///   (`nil` for the root), and the node of each change in the tree (`-1` for the others).
    func stepTree(box: Int) -> (parents: [Int], steps: [ModelLocation.Step?], nodes: [Int]) {
        var parents = [-1]
        var treeSteps: [ModelLocation.Step?] = [nil]
        var nodes: [Int] = []
        nodes.reserveCapacity(records.count)
        // The nodes of the path of the change before, below the root.
        var path: [Int] = []
        for record in records {
            guard record.box == box else {
                nodes.append(-1)
                path.removeAll(keepingCapacity: true)
                continue
            }
            path.removeLast(max(0, path.count - record.shared))
            for step in steps[record.start..<record.start + record.count] {
                parents.append(path.last ?? 0)
                treeSteps.append(step)
                path.append(parents.count - 1)
            }
            nodes.append(path.last ?? 0)
        }
        return (parents, treeSteps, nodes)
    }

    /// The whole location of a change: its own levels, after the levels it shares with the
    /// changes before it.
    func location(of index: Int) -> ModelLocation {
        let record = records[index]
        if record.shared == 0 {
            // Nothing shared with the change before: the change's own levels are all of it.
            return ModelLocation(box: record.box, steps: Array(steps[record.start..<record.start + record.count]))
        }
        var pieces: [ArraySlice<ModelLocation.Step>] = []
        var needed = Int.max
        var current = index
        while current >= 0, needed > 0 {
            let record = records[current]
            if record.shared < needed {
                let take = min(record.count, needed == .max ? record.count : needed - record.shared)
                pieces.append(steps[record.start..<record.start + take])
                needed = record.shared
            }
            current -= 1
        }
        return ModelLocation(box: records[index].box, steps: pieces.reversed().flatMap { $0 })
    }
}
