import Substate

/// The differences between two values of a state tree, one line per changed leaf with its path.
///
/// Used by ``ModelLogger``'s diff mode, and wherever the package shows how two states differ.
/// Leaves are compared by their printed form; paths name fields (`.tint`), array elements
/// (`[3]`), dictionary entries (`["key"]`) and enum cases (`.loaded`).
///
/// ```swift
/// let diff = StateDiff(from: before, to: after)
/// print(diff)   // Settings.appearance.tint: "green" → "orange"
/// ```
public struct StateDiff: Sendable, Equatable, CustomStringConvertible {
    /// One changed leaf.
    public struct Change: Sendable, Equatable, CustomStringConvertible {
        /// Where the leaf sits, starting with the root value's type name.
        public let path: String
        /// The leaf's value before, as printed; `nil` when the leaf did not exist.
        public let before: String?
        /// The leaf's value after, as printed; `nil` when the leaf no longer exists.
        public let after: String?

        public var description: String { "\(path): \(before ?? "(none)") → \(after ?? "(none)")" }
    }

    /// The changed leaves, in the order they appear in the values.
    public let changes: [Change]

    /// Compares two values leaf by leaf.
    ///
    /// - Parameters:
    ///   - before: The earlier value.
    ///   - after: The later value, of the same type.
    ///   - root: The name the paths start with; by default the type name of `before`.
    public init(from before: Any, to after: Any, root: String? = nil) {
        let name = root ?? typeName(type(of: before))
        let old = Leaves(of: before, root: name)
        let new = Leaves(of: after, root: name)
        var changes: [Change] = []
        for (path, value) in old.ordered where new.values[path] != value {
            changes.append(Change(path: path, before: value, after: new.values[path]))
        }
        for (path, value) in new.ordered where old.values[path] == nil {
            changes.append(Change(path: path, before: nil, after: value))
        }
        self.changes = changes
    }

    /// Whether the two values print the same, leaf by leaf.
    public var isEmpty: Bool { changes.isEmpty }

    public var description: String { changes.map(\.description).joined(separator: "\n") }
}

/// A value flattened into its leaves, each keyed by its path.
private struct Leaves {
    var ordered: [(path: String, value: String)] = []
    var values: [String: String] = [:]

    init(of value: Any, root: String) {
        collect(value, path: root)
    }

    private mutating func add(_ path: String, _ value: String) {
        ordered.append((path, value))
        values[path] = value
    }

    private mutating func collect(_ value: Any, path: String) {
        let mirror = Mirror(reflecting: value)
        let children = Array(mirror.children)
        switch ValueDump.style(of: value, mirror) {
        case .optional:
            if let wrapped = children.first { collect(wrapped.value, path: path) } else { add(path, "nil") }
        case .collection, .set:
            if children.isEmpty { add(path, "[]") }
            for (index, child) in children.enumerated() { collect(child.value, path: "\(path)[\(index)]") }
        case .dictionary:
            if children.isEmpty { add(path, "[:]") }
            for (key, entry) in DictionaryEntries.sorted(children) { collect(entry, path: "\(path)[\(key)]") }
        case .enum:
            let caseName = EnumCase.name(of: value)
            if let payload = children.first {
                collect(payload.value, path: "\(path).\(caseName)")
            } else {
                add(path, ".\(caseName)")
            }
        case .struct, .class, .tuple:
            if children.isEmpty { add(path, typeName(type(of: value))) }
            for (index, child) in children.enumerated() {
                collect(child.value, path: "\(path).\(child.label ?? "\(index)")")
            }
        default:
            add(path, ValueDump.leaf(value))
        }
    }
}
