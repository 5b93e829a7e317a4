import Foundation
import Substate
import Synchronization

/// Writes a value on one line as Swift source would spell it, in the style of custom-dump:
/// `Counter.Reset(to: 100)`, `.paid(amount: 5)`, `["a": 1]`, `"text"`, `nil`.
///
/// Property-wrapper storage shows under the property's name (`number`, not `_number`),
/// ``Redacted`` values as `<redacted>`, and the package's own plumbing (a StateMachine
/// input's outbox) not at all. Dictionary entries are ordered by key, so that a value always
/// prints the same way.
package enum ValueLiteral {
    /// The value on one line.
    package static func describe(_ value: Any) -> String {
        ValueFormatter.describe(value)
    }

    /// The value on one line, reflected with `Mirror` (for the types ``ValueFormatter`` has no
    /// plan for: enums, classes, the toolchain's own types).
    static func reflect(_ value: Any) -> String {
        var text = ""
        write(value, into: &text)
        return text
    }

    /// The value's labelled parts, for structured log entries: a struct's or a tuple's fields,
    /// an enum case's payload; nothing for a leaf.
    package static func fields(of value: Any) -> [(label: String, value: String)] {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .struct || mirror.displayStyle == .class || mirror.displayStyle == .tuple,
            !isLibraryType(type(of: value))
        else { return [] }
        return visibleChildren(mirror).enumerated().map { index, child in
            (ValueDump.fieldLabel(child, index), describe(child.value))
        }
    }

    /// How a type's values are written, worked out once per type: loggers write thousands of
    /// values of the same few types, and each dynamic cast costs tens of nanoseconds.
    enum Kind {
        case string, int, double, bool, redacted, hidden, leaf, reflected
    }

    private static let kinds = Mutex<[ObjectIdentifier: Kind]>([:])

    /// The kind of a value's type.
    static func kind(of value: Any) -> Kind {
        let id = ObjectIdentifier(type(of: value))
        if let known = kinds.withLock({ $0[id] }) { return known }
        // By the exact type: a cast would see through an optional (`Double?` is `Double`).
        let type = Swift.type(of: value)
        let kind: Kind
        if type == String.self {
            kind = .string
        } else if type == Int.self {
            kind = .int
        } else if type == Double.self {
            kind = .double
        } else if type == Bool.self {
            kind = .bool
        } else if type is any Redactable.Type {
            kind = .redacted
        } else if type is any HiddenFromLogs.Type {
            kind = .hidden
        } else if type is any CustomReflectable.Type {
            kind = .reflected
        } else {
            let mirror = Mirror(reflecting: value)
            kind = ValueDump.style(of: value, mirror) == nil && mirror.children.isEmpty ? .leaf : .reflected
        }
        kinds.withLock { $0[id] = kind }
        return kind
    }

    private static func write(_ value: Any, into text: inout String) {
        DeepStack.withRoom { writeValue(value, into: &text) }
    }

    private static func writeValue(_ value: Any, into text: inout String) {
        switch kind(of: value) {
        case .string:
            text += (value as! String).debugDescription
            return
        case .redacted:
            text += "<redacted>"
            return
        case .int:
            text += String(value as! Int)
            return
        case .double:
            text += (value as! Double).description
            return
        case .bool:
            text += (value as! Bool) ? "true" : "false"
            return
        case .hidden:
            return
        case .leaf:
            text += ValueDump.leaf(value)
            return
        case .reflected:
            break
        }
        let mirror = Mirror(reflecting: value)
        switch ValueDump.style(of: value, mirror) {
        case .optional:
            if let wrapped = mirror.children.first {
                write(wrapped.value, into: &text)
            } else {
                text += "nil"
            }
        case .collection:
            text += "["
            for (index, child) in mirror.children.enumerated() {
                if index > 0 { text += ", " }
                write(child.value, into: &text)
            }
            text += "]"
        case .set:
            // A set's order changes from one process to the next: its elements are sorted.
            text += "[" + mirror.children.map { describe($0.value) }.sorted().joined(separator: ", ") + "]"
        case .dictionary:
            let entries = mirror.children.map { child -> (key: String, value: Any) in
                let pair = Array(Mirror(reflecting: child.value).children)
                return (pair.count == 2 ? describe(pair[0].value) : "?", pair.count == 2 ? pair[1].value : child.value)
            }.sorted { $0.key < $1.key }
            if entries.isEmpty {
                text += "[:]"
                return
            }
            text += "["
            for (index, entry) in entries.enumerated() {
                if index > 0 { text += ", " }
                text += entry.key + ": "
                write(entry.value, into: &text)
            }
            text += "]"
        case .enum:
            text += "." + EnumCase.name(of: value)
            guard let payload = mirror.children.first else { return }
            let inner = Mirror(reflecting: payload.value)
            if inner.displayStyle == .tuple {
                writeParts(inner, into: &text)
            } else {
                text += "("
                write(payload.value, into: &text)
                text += ")"
            }
        case .tuple:
            writeParts(mirror, into: &text)
        case .struct, .class:
            text += typeName(type(of: value))
            writeParts(mirror, into: &text)
        default:
            text += ValueDump.leaf(value)
        }
    }

    /// `(label: value, value)`: the visible children, labelled as the source spells them.
    private static func writeParts(_ mirror: Mirror, into text: inout String) {
        text += "("
        for (index, child) in visibleChildren(mirror).enumerated() {
            if index > 0 { text += ", " }
            let label = ValueDump.fieldLabel(child, index)
            if !label.hasPrefix(".") { text += label + ": " }
            write(child.value, into: &text)
        }
        text += ")"
    }

    private static func visibleChildren(_ mirror: Mirror) -> [Mirror.Child] {
        mirror.children.filter { kind(of: $0.value) != .hidden }
    }
}

/// A ``Redacted`` value, whatever it wraps.
protocol Redactable {}

extension Redacted: Redactable {}
