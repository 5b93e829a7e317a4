import Foundation
import Substate

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
    /// plan for: enums, classes, the toolchain's own types). Only the value itself is
    /// reflected: its parts are written through their plans.
    static func reflect(_ value: Any) -> String {
        DeepStack.withRoom { reflectValue(value) }
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

    private static func reflectValue(_ value: Any) -> String {
        // An existential field may hold a redacted value: by its exact type, since a cast would
        // see through an optional.
        if type(of: value) is any Redactable.Type { return "<redacted>" }
        let mirror = Mirror(reflecting: value)
        switch ValueDump.style(of: value, mirror) {
        case .optional:
            return mirror.children.first.map { describe($0.value) } ?? "nil"
        case .collection:
            return "[" + mirror.children.map { describe($0.value) }.joined(separator: ", ") + "]"
        case .set:
            // A set's order changes from one process to the next: its elements are sorted.
            return "[" + mirror.children.map { describe($0.value) }.sorted().joined(separator: ", ") + "]"
        case .dictionary:
            let entries = mirror.children.map { child -> String in
                let pair = Array(Mirror(reflecting: child.value).children)
                guard pair.count == 2 else { return "?: " + describe(child.value) }
                return describe(pair[0].value) + ": " + describe(pair[1].value)
            }.sorted()
            return entries.isEmpty ? "[:]" : "[" + entries.joined(separator: ", ") + "]"
        case .enum:
            let name = "." + EnumCase.name(of: value)
            guard let payload = mirror.children.first else { return name }
            let inner = Mirror(reflecting: payload.value)
            return name + (inner.displayStyle == .tuple ? parts(inner) : "(" + describe(payload.value) + ")")
        case .tuple:
            return parts(mirror)
        case .struct, .class:
            return typeName(type(of: value)) + parts(mirror)
        default:
            return ValueDump.leaf(value)
        }
    }

    /// `(label: value, value)`: the visible children, labelled as the source spells them.
    private static func parts(_ mirror: Mirror) -> String {
        let parts = visibleChildren(mirror).enumerated().map { index, child in
            let label = ValueDump.fieldLabel(child, index)
            return (label.hasPrefix(".") ? "" : label + ": ") + describe(child.value)
        }
        return "(" + parts.joined(separator: ", ") + ")"
    }

    /// The children to show: the package's own plumbing is left out, by the exact type (a cast
    /// would see through an optional).
    private static func visibleChildren(_ mirror: Mirror) -> [Mirror.Child] {
        mirror.children.filter { !(type(of: $0.value) is any HiddenFromLogs.Type) }
    }
}

/// A ``Redacted`` value, whatever it wraps.
protocol Redactable {}

extension Redacted: Redactable {}
