import Foundation
import Substate

/// The differences between two values of a state tree, one line per change with its path.
///
/// Used by `ModelLogger`'s diff mode, by replay's divergences, and wherever the package shows
/// how two states differ. Values print as Swift source spells them (`"orange"`,
/// `Todo(id: 3, title: "Milk", done: false)`); paths name fields (`.tint`), array elements
/// (`[3]`), elements of arrays of `Identifiable` values by their id (`[id: 3]`), dictionary
/// entries (`["key"]`) and enum cases (`.loaded`).
///
/// Arrays of `Identifiable` elements are compared by identity: an element is added, removed,
/// moved or changed, named by its id, so deleting one element of a list is one line, not a
/// change to every element after it. A value that appears or disappears whole (an element, an
/// optional becoming `nil`, a dictionary entry) is one line with the whole value.
///
/// ```swift
/// let diff = StateDiff(from: before, to: after)
/// print(diff)
/// // Settings.appearance.tint: "green" → "orange"
/// // Settings.todos[id: 4]: added Todo(id: 4, title: "Milk", done: false)
/// // Settings.todos[id: 2]: removed Todo(id: 2, title: "Eggs", done: true)
/// // Settings.todos[id: 3]: moved from [2] to [0]
/// ```
public struct StateDiff: Sendable, Equatable, CustomStringConvertible {
    /// One change.
    public struct Change: Sendable, Equatable, CustomStringConvertible {
        /// What happened at the path.
        public enum Kind: Sendable, Equatable {
            /// The value changed from ``before`` to ``after``.
            case changed
            /// The value is new (``before`` is `nil`).
            case added
            /// The value is gone (``after`` is `nil`).
            case removed
            /// An element of an array of `Identifiable` values moved between these positions.
            case moved(from: Int, to: Int)
        }

        /// Where the value sits, starting with the root value's type name.
        public let path: String
        /// The value before, as printed; `nil` when it did not exist.
        public let before: String?
        /// The value after, as printed; `nil` when it no longer exists.
        public let after: String?
        /// What happened.
        public let kind: Kind

        public init(path: String, before: String?, after: String?, kind: Kind? = nil) {
            self.path = path
            self.before = before
            self.after = after
            self.kind = kind ?? Self.kind(before, after)
        }

        /// What happened to a value printed `before` and then `after`.
        static func kind(_ before: String?, _ after: String?) -> Kind {
            before == nil ? .added : after == nil ? .removed : .changed
        }

        public var description: String {
            switch kind {
            case .changed:
                // The most common line, joined without interpolation: loggers print one per change.
                path + ": " + (before ?? "nil") + " → " + (after ?? "nil")
            case .added: "\(path): added \(after ?? "")"
            case .removed: "\(path): removed \(before ?? "")"
            case .moved(let from, let to): "\(path): moved from [\(from)] to [\(to)]"
            }
        }
    }

    /// The changes, in tree order.
    public let changes: [Change]

    /// Compares two values.
    ///
    /// Both values are walked together, once; paths are spelled out only where something
    /// changed. Changes come in tree order: at each level in the order of the later value, with
    /// what only the earlier value had first.
    ///
    /// - Parameters:
    ///   - before: The earlier value.
    ///   - after: The later value, of the same type.
    ///   - root: The name the paths start with; by default the type name of `before`.
    public init(from before: Any, to after: Any, root: String? = nil) {
        let root = root ?? typeName(type(of: before))
        let diff = Self.relative(from: before, to: after)
        // Each path spelled out from the one before: what it shares, then its own components.
        var path: [String] = []
        var changes: [Change] = []
        changes.reserveCapacity(diff.lines.count)
        for line in diff.lines {
            path.removeLast(path.count - min(line.shared, path.count))
            path += diff.components[line.tail]
            changes.append(Change(path: root + path.joined(), before: line.before, after: line.after, kind: line.kind))
        }
        self.changes = changes
    }

    /// Compares two values as ``init(from:to:root:)`` does, each change's path given relative
    /// to the one before, without the root: a diff where every level of a deep value changed
    /// stays linear in what changed, where spelling every path out is quadratic in the depth.
    package static func relative(from before: Any, to after: Any) -> RelativeDiff {
        var walk = DiffWalk()
        walk.compare(before, after)
        return walk.diff
    }

    /// ``relative(from:to:)`` for two models, each change handed to the sink as it is found.
    package static func relative(from before: any Model, to after: any Model, into sink: any RelativeDiffSink) {
        var walk = DiffWalk()
        walk.sink = sink
        walk.compare(models: before, after)
    }

    /// ``relative(from:to:)`` for two models.
    package static func relative(from before: any Model, to after: any Model) -> RelativeDiff {
        var walk = DiffWalk()
        walk.compare(models: before, after)
        return walk.diff
    }

    /// How a path names the element of an array of `Identifiable` values with an id.
    static func component(id: Any) -> String {
        var text = TextBuffer(capacity: 32)
        writeComponent(id: id, into: &text)
        return text.string
    }

    /// ``component(id:)``, written into a buffer.
    static func writeComponent(id: Any, into text: inout TextBuffer) {
        // An id that is itself an `AnyHashable` shows what it holds. Told by its type: a cast to
        // `AnyHashable` would box every hashable id.
        let id = type(of: id) == AnyHashable.self ? (id as! AnyHashable).base : id
        text.append(literal: "[id: ")
        if !ValueDump.writeScalar(id, into: &text) { text.append(string: ValueLiteral.describe(id)) }
        text.append(UInt8(ascii: "]"))
    }

    /// How a path names a dictionary's value under a key.
    static func component(key: Any) -> String { "[\(ValueLiteral.describe(key))]" }

    /// Whether the two values print the same.
    public var isEmpty: Bool { changes.isEmpty }

    public var description: String { changes.map(\.description).joined(separator: "\n") }
}

/// The changes of a diff, each with its path below the root given as the components it
/// shares with the path of the change before it and its own components after those.
package struct RelativeDiff {
    /// One change.
    package struct Line {
        /// How many leading components of the path before this path shares.
        package let shared: Int
        /// Where this path's own components are in ``RelativeDiff/components``.
        package let tail: Range<Int>
        package let before: String?
        package let after: String?
        package let kind: StateDiff.Change.Kind
    }

    /// The components of all paths, each path's own after the one before's.
    package var components: [String] = []
    package var lines: [Line] = []

    package init() {}

    /// A diff of one line: a value that appeared, disappeared or changed whole at the root.
    package init(before: String?, after: String?) {
        lines = [Line(shared: 0, tail: 0..<0, before: before, after: after, kind: StateDiff.Change.kind(before, after))]
    }
}

/// Takes the changes of a diff as the walk finds them, each path relative to the one before
/// (see ``RelativeDiff``): a logger writes each line as it comes, with nothing kept in between.
package protocol RelativeDiffSink: AnyObject {
    /// One change: its path shares `shared` leading components with the path before it, then
    /// goes on with `tail`.
    func change(shared: Int, tail: ArraySlice<String>, before: String?, after: String?, kind: StateDiff.Change.Kind)
}

/// Walks two values side by side and collects what differs.
private struct DiffWalk {
    var diff = RelativeDiff()
    /// Where changes go as they are found, instead of ``diff``.
    var sink: (any RelativeDiffSink)? = nil
    /// The path of the values being compared below the root, one component per level.
    private var path: [String] = []
    /// The lowest level the walk came back to since the last change it recorded: the levels
    /// above it are shared with that change's path.
    private var shared = 0

    /// What a value is, seen from a diff.
    private enum Shape {
        /// A value printed whole.
        case leaf(String)
        /// Named parts: a struct's fields, a dictionary's entries, an enum case's payload.
        case parts([(key: String, value: Any)])
        /// An array's elements, with their ids when they are `Identifiable`.
        case elements([(id: AnyHashable?, value: Any)])
        /// An enum case, which differs whole from any other case.
        case enumCase(name: String, payload: Any?)
    }

    private static func shape(of value: Any) -> Shape {
        if let scalar = ValueDump.scalar(value) { return .leaf(scalar) }
        if !TypeTraits.of(type(of: value)).redactable, let fields = FieldReader.fields(of: value) {
            if fields.isEmpty { return .leaf(ValueLiteral.describe(value)) }
            return .parts(fields)
        }
        var value = value
        var mirror = Mirror(reflecting: value)
        while mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return .leaf("nil") }
            value = wrapped
            mirror = Mirror(reflecting: value)
        }
        if TypeTraits.of(type(of: value)).redactable { return .leaf("<redacted>") }
        switch ValueDump.style(of: value, mirror) {
        case .collection, .set:
            return .elements(mirror.children.map { (identity(of: $0.value), $0.value) })
        case .dictionary:
            return .parts(
                mirror.children.map { child -> (key: String, value: Any) in
                    let pair = Array(Mirror(reflecting: child.value).children)
                    guard pair.count == 2 else { return ("[?]", child.value) }
                    return (StateDiff.component(key: pair[0].value), pair[1].value)
                }.sorted { $0.key < $1.key })
        case .enum:
            return .enumCase(name: EnumCase.name(of: value), payload: mirror.children.first?.value)
        case .struct, .class, .tuple:
            let children = mirror.children.filter { !($0.value is any HiddenFromLogs) }
            if children.isEmpty { return .leaf(ValueLiteral.describe(value)) }
            return .parts(
                children.enumerated().map { (".\(ValueDump.fieldLabel($0.element, $0.offset))", $0.element.value) })
        default:
            return .leaf(ValueDump.leaf(value))
        }
    }

    /// The id of an `Identifiable` value.
    private static func identity(of value: Any) -> AnyHashable? {
        guard let identifiable = value as? any Identifiable else { return nil }
        func id<I: Identifiable>(_ value: I) -> AnyHashable { AnyHashable(value.id) }
        return id(identifiable)
    }

    /// Compares two models at the current path, as ``compare(_:_:)`` does.
    mutating func compare(models before: any Model, _ after: any Model) {
        switch FieldReader.pair(models: before, after) {
        case .identical: return
        case .changedFields(let fields): compare(fields)
        case .other: compare(before as Any, after as Any)
        }
    }

    /// Two values of one struct: only the fields whose bytes differ are compared.
    private mutating func compare(_ fields: [FieldReader.ChangedField]) {
        DeepStack.withRoom {
            for field in fields {
                switch field {
                case .printed(let key, let old, let new):
                    if old != new { enter(key) { $0.record(old, new) } }
                case .values(let key, let old, let new):
                    enter(key) { $0.compare(old, new) }
                }
            }
        }
    }

    /// Compares two values at the current path.
    mutating func compare(_ before: Any, _ after: Any) {
        // Numbers, strings and booleans print whole: compared as printed, with no plan to find.
        if let old = ValueDump.scalar(before), type(of: before) == type(of: after), let new = ValueDump.scalar(after) {
            if old != new { record(old, new) }
            return
        }
        switch FieldReader.pair(before, after) {
        case .identical:
            return
        case .changedFields(let fields):
            return compare(fields)
        case .other:
            break
        }
        if TypeTraits.of(type(of: before)).elementBytes, let array = before as? any ElementBytes,
            compareChangedElements(array, after)
        {
            return
        }
        DeepStack.withRoom {
            switch (Self.shape(of: before), Self.shape(of: after)) {
            case (.leaf(let a), .leaf(let b)):
                if a != b { record(a, b) }
            case (.parts(let a), .parts(let b))
            where a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key }:
                // The same fields in the same order (two values of one struct type): pairwise.
                for (old, new) in zip(a, b) { enter(new.key) { $0.compare(old.value, new.value) } }
            case (.parts(let a), .parts(let b)):
                var later: [String: Any] = [:]
                for part in b { later[part.key] = part.value }
                let earlier = Set(a.map(\.key))
                for part in a where later[part.key] == nil {
                    enter(part.key) { $0.record(ValueLiteral.describe(part.value), nil) }
                }
                for part in b {
                    if earlier.contains(part.key), let old = a.first(where: { $0.key == part.key }) {
                        enter(part.key) { $0.compare(old.value, part.value) }
                    } else {
                        enter(part.key) { $0.record(nil, ValueLiteral.describe(part.value)) }
                    }
                }
            case (.elements(let a), .elements(let b)):
                compareElements(a, b)
            case (.enumCase(let a, let aPayload), .enumCase(let b, let bPayload)):
                if a == b, let aPayload, let bPayload {
                    enter(".\(a)") { $0.compare(aPayload, bPayload) }
                } else if a != b || (aPayload == nil) != (bPayload == nil) {
                    record(ValueLiteral.describe(before), ValueLiteral.describe(after))
                }
            default:
                let (a, b) = (ValueLiteral.describe(before), ValueLiteral.describe(after))
                if a != b { record(a, b) }
            }
        }
    }

    /// Two arrays of the same length whose elements changed in place: only the elements that
    /// differ bit for bit are compared, each at its position or its id (unchanged, since an
    /// element whose id changed sends the arrays to ``compareElements(_:_:)``). Returns
    /// `false` when the arrays are not such a pair.
    private mutating func compareChangedElements(_ before: any ElementBytes, _ after: Any) -> Bool {
        guard let changed = before.differingIndices(from: after) else { return false }
        var pairs: [(key: String, old: Any, new: Any)] = []
        for index in changed {
            let old = before.element(at: index)
            guard let new = (after as? any ElementBytes)?.element(at: index) else { return false }
            switch (Self.identity(of: old), Self.identity(of: new)) {
            case (nil, nil): pairs.append(("[\(index)]", old, new))
            case (let a?, let b?) where a == b: pairs.append((key(a), old, new))
            default: return false
            }
        }
        for pair in pairs { enter(pair.key) { $0.compare(pair.old, pair.new) } }
        return true
    }

    /// Elements by identity when every element has an id, by position otherwise.
    private mutating func compareElements(_ a: [(id: AnyHashable?, value: Any)], _ b: [(id: AnyHashable?, value: Any)])
    {
        let identified = a.allSatisfy { $0.id != nil } && b.allSatisfy { $0.id != nil }
        guard identified else {
            for index in 0..<max(a.count, b.count) {
                switch (index < a.count, index < b.count) {
                case (true, true): enter("[\(index)]") { $0.compare(a[index].value, b[index].value) }
                case (true, false): enter("[\(index)]") { $0.record(ValueLiteral.describe(a[index].value), nil) }
                default: enter("[\(index)]") { $0.record(nil, ValueLiteral.describe(b[index].value)) }
                }
            }
            return
        }
        var oldIndex: [AnyHashable: Int] = [:]
        for (index, element) in a.enumerated() where oldIndex[element.id!] == nil { oldIndex[element.id!] = index }
        let newIDs = Set(b.map { $0.id! })
        for element in a where !newIDs.contains(element.id!) {
            enter(key(element.id!)) { $0.record(ValueLiteral.describe(element.value), nil) }
        }
        // The elements that stayed in order are the longest run of old positions that increases
        // in the new order; the others moved.
        let stayed = Self.longestIncreasing(b.compactMap { oldIndex[$0.id!] })
        for (index, element) in b.enumerated() {
            let id = element.id!
            guard let old = oldIndex[id] else {
                enter(key(id)) { $0.record(nil, ValueLiteral.describe(element.value)) }
                continue
            }
            if !stayed.contains(old) {
                enter(key(id)) { $0.record(nil, nil, kind: .moved(from: old, to: index)) }
            }
            enter(key(id)) { $0.compare(a[old].value, element.value) }
        }
    }

    /// The values of a longest increasing subsequence (patience sorting, O(n log n)).
    private static func longestIncreasing(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []  // indices into values
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var result = Set<Int>()
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            result.insert(values[cursor])
            cursor = previous[cursor]
        }
        return result
    }

    private func key(_ id: AnyHashable) -> String { StateDiff.component(id: id.base) }

    private mutating func enter(_ component: String, _ body: (inout DiffWalk) -> Void) {
        path.append(component)
        body(&self)
        path.removeLast()
        if path.count < shared { shared = path.count }
    }

    private mutating func record(_ before: String?, _ after: String?, kind: StateDiff.Change.Kind? = nil) {
        if let sink {
            sink.change(
                shared: shared, tail: path[shared...], before: before, after: after,
                kind: kind ?? StateDiff.Change.kind(before, after))
            shared = path.count
            return
        }
        if diff.lines.isEmpty {
            diff.lines.reserveCapacity(4)
            diff.components.reserveCapacity(4)
        }
        let start = diff.components.count
        diff.components += path[shared...]
        diff.lines.append(
            RelativeDiff.Line(
                shared: shared, tail: start..<diff.components.count, before: before, after: after,
                kind: kind ?? StateDiff.Change.kind(before, after)))
        shared = path.count
    }
}

/// An array whose elements can be compared bit for bit with those of another of its type, so
/// that a diff of a large array where one element changed looks at that element only.
private protocol ElementBytes {
    /// The positions whose elements differ bit for bit from those of `other`; `nil` when
    /// `other` is not an array of the same type and length.
    func differingIndices(from other: Any) -> [Int]?
    func element(at index: Int) -> Any
}

extension Array: ElementBytes {
    fileprivate func differingIndices(from other: Any) -> [Int]? {
        guard let other = other as? [Element], other.count == count else { return nil }
        let stride = MemoryLayout<Element>.stride
        let size = MemoryLayout<Element>.size
        // Fact (scoped pointer): both arrays' buffers are read only inside the closures, and both hold `count` elements one stride apart.
        return withUnsafeBytes { old in
            other.withUnsafeBytes { new in
                guard size > 0, let old = old.baseAddress, let new = new.baseAddress, old != new else { return [] }
                return (0..<count).filter { memcmp(old + $0 * stride, new + $0 * stride, size) != 0 }
            }
        }
    }

    fileprivate func element(at index: Int) -> Any { self[index] }
}

/// What a diff asks of a value's type, answered once per type: a failed cast to a protocol
/// costs a search of the conformance tables each time.
private struct TypeTraits: Sendable {
    let redactable: Bool
    let elementBytes: Bool

    private static let cache = TypeTable<TypeTraits>()

    static func of(_ type: Any.Type) -> TypeTraits {
        let id = ObjectIdentifier(type)
        if let known = cache[id] { return known }
        let traits = TypeTraits(redactable: type is any Redactable.Type, elementBytes: type is any ElementBytes.Type)
        cache[id] = traits
        return traits
    }
}
