import Substate
import SubstateDump

/// The changes one action made to the store's root tree, in the order ``ModelLogger`` prints
/// them: field order, as a reader of the structs expects, a nested model's changes standing
/// where its field stands among its parent's own changes.
///
/// Everything here is linear in the steps of the changes' paths (the store records them as
/// differences from one change to the next) and in the lines printed: the models' places are
/// named in one walk (``Store/pathTree(of:)``), the nesting of changed models is found along
/// that tree, and each line's path is written from the line above's (see ``ChangeWriter``).
/// Nothing recurses, so a chain of models 20,000 levels deep prints on any stack.
@MainActor
struct ChangeTree {
    /// What the store recorded, in walk order.
    private let changes: [ModelChange]
    private let tree: Store.PathTree
    /// For each node of ``tree``: how many steps and how many named components lead to it.
    private var depths: [Int]
    private var named: [Int]
    /// The first change at each node (`-1` for none), and the next change at the same node.
    private var firstChange: [Int]
    private var nextChange: [Int]

    /// What a changed model's entry holds, in print order: runs of its own lines, and the
    /// changed models below it.
    private enum Item {
        /// Lines of the diff of a change at the node.
        case own(change: Int, lines: Range<Int>)
        /// A node with changes below this one, with no changed model between them.
        case below(node: Int)
    }

    /// Writes the changes of the store's root tree (box 0) into the writer.
    static func write(_ changes: [ModelChange], in store: Store, into writer: ChangeWriter) {
        guard !changes.isEmpty else { return }
        var tree = ChangeTree(changes: changes, tree: store.pathTree(of: changes))
        tree.write(into: writer)
    }

    private init(changes: [ModelChange], tree: Store.PathTree) {
        self.changes = changes
        self.tree = tree
        let count = tree.parents.count
        depths = [Int](repeating: 0, count: count)
        named = [Int](repeating: 0, count: count)
        // Parents come before the nodes below them.
        for node in 1..<max(count, 1) {
            let parent = tree.parents[node]
            depths[node] = depths[parent] + 1
            named[node] = named[parent] + (tree.components[node] == nil ? 0 : 1)
        }
        firstChange = [Int](repeating: -1, count: count)
        nextChange = [Int](repeating: -1, count: changes.count)
        for index in changes.indices.reversed() {
            let node = tree.nodes[index]
            guard node >= 0 else { continue }
            nextChange[index] = firstChange[node]
            firstChange[node] = index
        }
    }

    private mutating func write(into writer: ChangeWriter) {
        let count = tree.parents.count
        guard count > 0 else { return }
        var diffs = [RelativeDiff?](repeating: nil, count: changes.count)
        var last = -1
        var scratch: [Int] = []
        // The changed nodes in tree order: a node before the nodes below it, siblings in walk
        // order (parts and elements by index), except dictionary values, which the walk meets
        // in the dictionary's order and which print ordered by key.
        var order: [Int] = []
        order.reserveCapacity(count)
        do {
            var children = [[Int]](repeating: [], count: count)
            for node in 1..<count { children[tree.parents[node]].append(node) }
            var pending = [0]
            while let node = pending.popLast() {
                order.append(node)
                var below = children[node]
                if below.count > 1, below.contains(where: { isKey(tree.components[$0]) }) {
                    below = below.map { (node: $0, key: spelling(tree.components[$0])) }.sorted { $0.key < $1.key }
                        .map(\.node)
                }
                pending += below.reversed()
            }
        }
        // Each changed node's nearest changed node above it, and the changed nodes right below
        // each, in tree order; those with none above come first, in tree order.
        var nearest = [Int](repeating: -1, count: count)
        var roots: [Int] = []
        var below: [Int: [Int]] = [:]
        for node in order {
            let up = node == 0 ? -1 : nearest[tree.parents[node]]
            nearest[node] = firstChange[node] >= 0 ? node : up
            guard firstChange[node] >= 0 else { continue }
            if up < 0 { roots.append(node) } else { below[up, default: []].append(node) }
        }
        // The changed nodes being printed, each with its items and the next one to print.
        var stack: [(items: [Item], next: Int)] = [(roots.map { .below(node: $0) }, 0)]
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next < stack[top].items.count else {
                stack.removeLast()
                continue
            }
            let item = stack[top].items[stack[top].next]
            stack[top].next += 1
            switch item {
            case .below(let node):
                stack.append((items(of: node, below: below[node] ?? [], diffs: &diffs), 0))
            case .own(let change, let lines):
                writeLines(of: change, lines, diffs, into: writer, last: &last, scratch: &scratch)
            }
        }
    }

    /// Writes lines of a change's diff; `last` is the node of the line above (`-1`: none).
    private func writeLines(
        of change: Int, _ lines: Range<Int>, _ diffs: [RelativeDiff?], into writer: ChangeWriter,
        last: inout Int, scratch: inout [Int]
    ) {
        let node = tree.nodes[change]
        guard let diff = diffs[change] else { return }
        for index in lines {
            let line = diff.lines[index]
            if line.shared > 0 {
                // The line above is the one before it in the same diff.
                writer.beginLine(sharing: 1 + named[node] + line.shared)
            } else {
                // The path above shares the path of the lowest node both lie below.
                let common = last < 0 ? -1 : lowestCommon(last, node)
                writer.beginLine(sharing: common < 0 ? 0 : 1 + named[common])
                if common < 0 { writer.append(tree.root) }
                scratch.removeAll(keepingCapacity: true)
                var step = node
                while step != common, step > 0 {
                    scratch.append(step)
                    step = tree.parents[step]
                }
                for step in scratch.reversed() {
                    if let component = tree.components[step] { writer.append(StateDiff.spelling(of: component)) }
                }
            }
            writer.append(contentsOf: diff.components[line.tail])
            writer.endLine(before: line.before, after: line.after, kind: line.kind)
            last = node
        }
    }

    /// A changed node's items in print order: its own lines and the changed nodes right below
    /// it, ordered by the field of the node's model each falls under, in declaration order; the
    /// model's own change to a field comes before the changes of models inside that field.
    private func items(of node: Int, below: [Int], diffs: inout [RelativeDiff?]) -> [Item] {
        var parts: [(rank: Int, isBelow: Bool, item: Item)] = []
        var order: [String: Int]? = nil
        var change = firstChange[node]
        while change >= 0 {
            let diff = StateDiff.relative(changes[change])
            diffs[change] = diff
            if order == nil, !below.isEmpty || diff.lines.count > 1 { order = fieldOrder(of: changes[change]) }
            // Runs of lines under one field; a line that shares components with the one
            // before it is under the same field.
            var start = 0
            var rank = Int.max
            for (index, line) in diff.lines.enumerated() where line.shared == 0 {
                let first = line.tail.isEmpty ? "" : diff.components[line.tail.lowerBound]
                let lineRank = first.hasPrefix(".") ? order?[String(first.dropFirst())] ?? Int.max : Int.max
                if index > start, lineRank != rank {
                    parts.append((rank, false, .own(change: change, lines: start..<index)))
                    start = index
                }
                rank = lineRank
            }
            if start < diff.lines.count {
                parts.append((rank, false, .own(change: change, lines: start..<diff.lines.count)))
            }
            change = nextChange[change]
        }
        for child in below {
            // The named component right below this node on the way to the child: the field
            // of this node's model it falls under.
            var first: Store.PathComponent? = nil
            var step = child
            while step != node, step > 0 {
                if let component = tree.components[step] { first = component }
                step = tree.parents[step]
            }
            let rank: Int
            switch first {
            case .field(let name)?, .enumCase(let name)?: rank = order?[name] ?? Int.max
            default: rank = Int.max
            }
            parts.append((rank, true, .below(node: child)))
        }
        guard parts.count > 1 else { return parts.map(\.item) }
        // A stable order: by field, the model's own change first, otherwise as listed.
        return parts.enumerated().sorted { lhs, rhs in
            (lhs.element.rank, lhs.element.isBelow ? 1 : 0, lhs.offset)
                < (rhs.element.rank, rhs.element.isBelow ? 1 : 0, rhs.offset)
        }.map(\.element.item)
    }

    /// The position of each field of a changed model, in declaration order: as its layout read
    /// them once per type, or an enum model's case by its mirror.
    private func fieldOrder(of change: ModelChange) -> [String: Int] {
        let labels =
            change.fieldNames
            ?? (change.after ?? change.before).map { Mirror(reflecting: $0).children.compactMap(\.label) } ?? []
        var order: [String: Int] = [:]
        for (index, label) in labels.enumerated() where order[label] == nil { order[label] = index }
        return order
    }

    /// The lowest node both nodes lie below (or are).
    private func lowestCommon(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while depths[a] > depths[b] { a = tree.parents[a] }
        while depths[b] > depths[a] { b = tree.parents[b] }
        while a != b {
            a = tree.parents[a]
            b = tree.parents[b]
        }
        return a
    }

    private func isKey(_ component: Store.PathComponent?) -> Bool {
        if case .key? = component { return true }
        return false
    }

    private func spelling(_ component: Store.PathComponent?) -> String {
        component.map { StateDiff.spelling(of: $0) } ?? ""
    }
}
