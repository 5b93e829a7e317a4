import Substate

/// The differences between two values of a state tree, one line per changed leaf with its path.
///
/// Used by `ModelLogger`'s diff mode, and wherever the package shows how two states differ.
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
    /// Both values are walked together, once, so the cost is linear in their size however deep
    /// they are; paths are spelled out only for the leaves that changed. Changes come in tree
    /// order: at each level, what the earlier value has first, then what only the later one has.
    ///
    /// - Parameters:
    ///   - before: The earlier value.
    ///   - after: The later value, of the same type.
    ///   - root: The name the paths start with; by default the type name of `before`.
    public init(from before: Any, to after: Any, root: String? = nil) {
        var walk = DiffWalk(root: root ?? typeName(type(of: before)))
        walk.compare(before, after)
        changes = walk.changes
    }

    /// Whether the two values print the same, leaf by leaf.
    public var isEmpty: Bool { changes.isEmpty }

    public var description: String { changes.map(\.description).joined(separator: "\n") }
}

/// Walks two values side by side and collects the leaves that differ.
private struct DiffWalk {
    var changes: [StateDiff.Change] = []
    /// The path of the values being compared, one component per level.
    private var path: [String]

    init(root: String) {
        path = [root]
    }

    /// What a value is, seen from a diff: a leaf as printed, or children keyed by their path
    /// component. An optional is its wrapped value (or the leaf `nil`).
    private enum Shape {
        case leaf(String)
        case children([(key: String, value: Any)])
    }

    private static func shape(of value: Any) -> Shape {
        var value = value
        var mirror = Mirror(reflecting: value)
        while mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return .leaf("nil") }
            value = wrapped
            mirror = Mirror(reflecting: value)
        }
        let children = Array(mirror.children)
        switch ValueDump.style(of: value, mirror) {
        case .collection, .set:
            if children.isEmpty { return .leaf("[]") }
            return .children(children.enumerated().map { ("[\($0.offset)]", $0.element.value) })
        case .dictionary:
            if children.isEmpty { return .leaf("[:]") }
            return .children(DictionaryEntries.sorted(children).map { ("[\($0.key)]", $0.value) })
        case .enum:
            guard let payload = children.first else { return .leaf(".\(EnumCase.name(of: value))") }
            return .children([(".\(payload.label ?? EnumCase.name(of: value))", payload.value)])
        case .struct, .class, .tuple:
            if children.isEmpty { return .leaf(ValueDump.name(of: value, mirror)) }
            return .children(
                children.enumerated().map { (".\(ValueDump.fieldLabel($0.element, $0.offset))", $0.element.value) })
        default:
            return .leaf(ValueDump.leaf(value))
        }
    }

    /// Compares two values at the current path; either may be missing.
    mutating func compare(_ before: Any?, _ after: Any?) {
        DeepStack.withRoom {
            let old = before.map(Self.shape)
            let new = after.map(Self.shape)
            switch (old, new) {
            case (.leaf(let a)?, .leaf(let b)?):
                if a != b { record(a, b) }
            case (.leaf(let a)?, .children(let children)?):
                record(a, nil)
                for child in children { enter(child.key) { $0.compare(nil, child.value) } }
            case (.children(let children)?, .leaf(let b)?):
                for child in children { enter(child.key) { $0.compare(child.value, nil) } }
                record(nil, b)
            case (.children(let a)?, .children(let b)?):
                var later: [String: Any] = [:]
                for child in b { later[child.key] = child.value }
                var seen: Set<String> = []
                for child in a {
                    seen.insert(child.key)
                    enter(child.key) { $0.compare(child.value, later[child.key]) }
                }
                for child in b where !seen.contains(child.key) {
                    enter(child.key) { $0.compare(nil, child.value) }
                }
            case (.leaf(let a)?, nil): record(a, nil)
            case (nil, .leaf(let b)?): record(nil, b)
            case (.children(let children)?, nil):
                for child in children { enter(child.key) { $0.compare(child.value, nil) } }
            case (nil, .children(let children)?):
                for child in children { enter(child.key) { $0.compare(nil, child.value) } }
            case (nil, nil): break
            }
        }
    }

    private mutating func enter(_ component: String, _ body: (inout DiffWalk) -> Void) {
        path.append(component)
        body(&self)
        path.removeLast()
    }

    private mutating func record(_ before: String?, _ after: String?) {
        changes.append(StateDiff.Change(path: path.joined(), before: before, after: after))
    }
}
