import Substate
import SubstateDump

/// Writes the changes of one ``ModelLogger`` entry, one line each, under the action's name.
///
/// A line's path is written whole, unless it shares more than ``relativeAfter`` components with
/// the path of the line above it: then it is written relative to that path, as `↑n` (the path
/// above without its last `n` components) followed by its own components. Each line then costs
/// what it adds to the one above, so an entry for a tree 20,000 levels deep where every level
/// changed is linear in its depth, where whole paths would be quadratic:
///
/// ```
/// Node.Bump:
///   Node.value: 0 → 1
///   Node.child[0].value: 0 → 1
///   …
///   Node.child[0].child[0].child[0].child[0].child[0].child[0].child[0].child[0].value: 0 → 1
///   ↑1.child[0].value: 0 → 1
/// ```
final class ChangeWriter: RelativeDiffSink {
    /// How many components a line's path shares with the path above before it is written
    /// relative to it: more than any app's paths share, so that relative paths show only in
    /// trees deeper than people write by hand.
    static let relativeAfter = 16
    /// How much room the writer keeps from one entry to the next.
    private static let keptCapacity = 64 * 1024

    // The writer is used by one logger on the main actor, one entry at a time and never from
    // inside its own methods: unchecked exclusivity keeps each line's cost to its text.

    /// The action's type name, which the entry starts with.
    @exclusivity(unchecked) private(set) var action = ""
    /// The entry so far, as UTF-8.
    @exclusivity(unchecked) private var text = TextBuffer(capacity: 256)
    /// The entry's changes, each with its path as written; kept only for ``LogEntry`` values.
    @exclusivity(unchecked) private(set) var changes: [StateDiff.Change] = []
    @exclusivity(unchecked) private var keepsChanges = false
    /// The components of the path of the line being written (the line above, between lines),
    /// its root first.
    @exclusivity(unchecked) private var path: [String] = []
    /// How many components the line being written shares with the line above, and how many of
    /// the line above's it dropped.
    @exclusivity(unchecked) private var shared = 0
    @exclusivity(unchecked) private var dropped = 0
    /// Whether a line was written.
    @exclusivity(unchecked) private(set) var hasLines = false

    /// Starts an entry: the writer is kept from one entry to the next, with its room.
    func start(action name: String, keepsChanges: Bool) {
        action = name
        self.keepsChanges = keepsChanges
        text.removeAll(keepingCapacityUpTo: Self.keptCapacity)
        text.append(string: name)
        text.append(UInt8(ascii: ":"))
        changes = []
        path.removeAll(keepingCapacity: path.count < 1_024)
        hasLines = false
    }

    /// The entry as written.
    var entry: String { text.string }

    /// Starts a line whose path shares its first `count` components with the line above's.
    func beginLine(sharing count: Int) {
        shared = min(count, path.count)
        dropped = path.count - shared
        path.removeLast(dropped)
    }

    /// Appends a component to the path of the line being written.
    func append(_ component: String) {
        path.append(component)
    }

    /// Appends components to the path of the line being written.
    func append(contentsOf components: ArraySlice<String>) {
        path += components
    }

    /// Ends the line: writes its path and what happened there.
    func endLine(before: String?, after: String?, kind: StateDiff.Change.Kind) {
        hasLines = true
        text.append(literal: "\n  ")
        let pathStart = text.count
        let relative = shared > Self.relativeAfter
        if relative {
            text.append(literal: "↑")
            text.append(integer: dropped)
        }
        for component in path[(relative ? shared : 0)...] { text.append(string: component) }
        if keepsChanges {
            let spelled = text.string(in: pathStart..<text.count)
            changes.append(StateDiff.Change(path: spelled, before: before, after: after, kind: kind))
        }
        switch kind {
        case .changed:
            text.append(literal: ": ")
            text.append(string: before ?? "nil")
            text.append(literal: " → ")
            text.append(string: after ?? "nil")
        case .added:
            text.append(literal: ": added ")
            text.append(string: after ?? "")
        case .removed:
            text.append(literal: ": removed ")
            text.append(string: before ?? "")
        case .moved(let from, let to):
            text.append(literal: ": moved from [")
            text.append(integer: from)
            text.append(literal: "] to [")
            text.append(integer: to)
            text.append(UInt8(ascii: "]"))
        }
    }

    /// Writes the lines of a change whose changed fields are all numbers, strings and booleans
    /// straight from their bytes, when no ``LogEntry`` needs each change as a value; returns
    /// whether it could (see `StateDiff.writeScalarLines(of:path:into:)`).
    func writeScalarLines(of change: ModelChange, path: String) -> Bool {
        guard !keepsChanges, let lines = StateDiff.writeScalarLines(of: change, path: path, into: &text) else {
            return false
        }
        if lines > 0 { hasLines = true }
        return true
    }

    /// The path of the value whose diff ``change(shared:tail:before:after:kind:)`` writes.
    @exclusivity(unchecked) var root = ""

    /// Writes a line of the diff of the value at ``root``, as the diff finds it.
    func change(shared: Int, tail: ArraySlice<String>, before: String?, after: String?, kind: StateDiff.Change.Kind) {
        if shared > 0 {
            beginLine(sharing: 1 + shared)
        } else {
            beginLine(sharing: 0)
            append(root)
        }
        append(contentsOf: tail)
        endLine(before: before, after: after, kind: kind)
    }

    /// Writes the lines of a diff of one value whose path is `root`, relative to each other.
    func write(_ diff: RelativeDiff, root: String) {
        for line in diff.lines {
            if line.shared > 0 {
                beginLine(sharing: 1 + line.shared)
            } else {
                beginLine(sharing: 0)
                append(root)
            }
            append(contentsOf: diff.components[line.tail])
            endLine(before: line.before, after: line.after, kind: line.kind)
        }
    }
}
