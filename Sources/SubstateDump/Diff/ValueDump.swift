import Substate

/// Renders a value as stable, readable, indented lines: type names and fields, nested values
/// indented by two spaces, in the style of the standard library's `dump`.
///
/// Unlike `dump`, it prints no addresses and orders dictionary entries by key, so the same value
/// always prints the same way. Indentation shows nesting down to ``indentedLevels`` levels; a
/// line nested deeper is indented as much as that level's and starts with its level,
/// `(level 40) - value: 7`, so that the dump of a tree 20,000 levels deep is linear in its size
/// rather than quadratic in its depth.
package enum ValueDump {
    /// How many levels of nesting the indentation shows.
    package static let indentedLevels = 32
    /// The indentation of the deepest indented level.
    private static let deepestIndentation = String(repeating: " ", count: 2 * indentedLevels)

    package static func lines(of value: Any, label: String) -> [String] {
        var lines: [String] = []
        render(value, label: label, indent: 0, into: &lines)
        return lines
    }

    /// Renders one value; values nest as deep as the data does, so each level checks that the
    /// thread has stack left (see `DeepStack`).
    private static func render(_ value: Any, label: String, indent: Int, into lines: inout [String]) {
        DeepStack.withRoom { renderHere(value, label: label, indent: indent, into: &lines) }
    }

    private static func renderHere(_ value: Any, label: String, indent: Int, into lines: inout [String]) {
        let prefix =
            indent <= 2 * indentedLevels
            ? String(repeating: " ", count: indent) : deepestIndentation + "(level " + String(indent / 2) + ") "
        let mirror = Mirror(reflecting: value)
        let children = Array(mirror.children)
        switch ValueDump.style(of: value, mirror) {
        case .optional:
            if let wrapped = children.first {
                render(wrapped.value, label: label, indent: indent, into: &lines)
            } else {
                lines.append("\(prefix)- \(label): nil")
            }
        case .collection, .set:
            lines.append("\(prefix)\(children.isEmpty ? "-" : "▿") \(label): \(children.count) elements")
            for (index, child) in children.enumerated() {
                render(child.value, label: "[\(index)]", indent: indent + 2, into: &lines)
            }
        case .dictionary:
            lines.append("\(prefix)\(children.isEmpty ? "-" : "▿") \(label): \(children.count) entries")
            for (key, entry) in DictionaryEntries.sorted(children) {
                render(entry, label: "[\(key)]", indent: indent + 2, into: &lines)
            }
        case .enum:
            let caseName = EnumCase.name(of: value)
            // The outermost value names its type, as a struct's line does; a nested case is
            // read under its field, whose type the line above names.
            let shown = indent == 0 ? "\(ValueDump.name(of: value, mirror)).\(caseName)" : ".\(caseName)"
            if let payload = children.first {
                lines.append("\(prefix)▿ \(label): \(shown)")
                render(payload.value, label: payload.label ?? caseName, indent: indent + 2, into: &lines)
            } else {
                lines.append("\(prefix)- \(label): \(shown)")
            }
        case .struct, .class, .tuple:
            let name = ValueDump.name(of: value, mirror)
            if children.isEmpty {
                lines.append("\(prefix)- \(label): \(name)")
            } else {
                lines.append("\(prefix)▿ \(label): \(name)")
                for (index, child) in children.enumerated() {
                    render(child.value, label: fieldLabel(child, index), indent: indent + 2, into: &lines)
                }
            }
        default:
            lines.append("\(prefix)- \(label): \(leaf(value))")
        }
    }

    /// How a value is rendered: by its mirror's display style, except that values of the
    /// toolchain's own types (`Duration`, `Date`, `URL`...) are leaves, described as they
    /// describe themselves rather than by their private fields.
    static func style(of value: Any, _ mirror: Mirror) -> Mirror.DisplayStyle? {
        switch mirror.displayStyle {
        case .struct, .class, .enum:
            return isLibraryType(type(of: value)) ? nil : mirror.displayStyle
        default:
            return mirror.displayStyle
        }
    }

    /// The name a struct, class or tuple is shown with: a tuple's type as Swift writes it
    /// (`(amount: Int)`), anything else by its type name.
    static func name(of value: Any, _ mirror: Mirror) -> String {
        mirror.displayStyle == .tuple ? String(describing: type(of: value)) : typeName(type(of: value))
    }

    /// A field's label as the source spells it: a property wrapper's storage (`_password`) is
    /// shown under the property's name (`password`); unlabelled tuple elements by position.
    static func fieldLabel(_ child: Mirror.Child, _ index: Int) -> String {
        guard let label = child.label else { return ".\(index)" }
        if label.hasPrefix("_"), child.value is any PropertyWrapperStorage { return String(label.dropFirst()) }
        return label
    }

    /// The common scalars as they read in Swift source, told apart by their type alone (no
    /// cast); `nil` for any other value.
    static func scalar(_ value: Any) -> String? {
        let type = type(of: value)
        if type == Bool.self { return (value as! Bool) ? "true" : "false" }
        if type == Int.self { return String(value as! Int) }
        if type == String.self { return quoted(value as! String) }
        if type == Double.self { return (value as! Double).description }
        return nil
    }

    /// Writes a value as ``scalar(_:)`` prints it, without a string made for it; returns whether
    /// it is one of the scalars it prints (having written nothing when not).
    static func writeScalar(_ value: Any, into text: inout TextBuffer) -> Bool {
        let type = type(of: value)
        if type == Int.self {
            text.append(integer: value as! Int)
        } else if type == String.self {
            ValueFormatter.quote(value as! String, into: &text)
        } else if type == Bool.self {
            text.append(literal: (value as! Bool) ? "true" : "false")
        } else if type == Double.self {
            text.append(string: (value as! Double).description)
        } else {
            return false
        }
        return true
    }

    /// How ``scalar(_:)`` prints a value of the type, read at an address; `nil` for the types
    /// it does not print.
    static func scalarPrinter<Value>(for type: Value.Type) -> ((UnsafeRawPointer) -> String)? {
        // Fact (typed address): the printer is called with the address of a value of this type.
        if Value.self == Bool.self { return { $0.load(as: Bool.self) ? "true" : "false" } }
        if Value.self == Int.self { return { String($0.load(as: Int.self)) } }
        if Value.self == String.self { return { quoted($0.assumingMemoryBound(to: String.self).pointee) } }
        if Value.self == Double.self { return { $0.load(as: Double.self).description } }
        return nil
    }

    /// A string as Swift source spells it, as `debugDescription` writes it: plain text
    /// (printable ASCII without quotes or backslashes, most of what apps hold) is quoted as it
    /// is, without the escaping pass over each character.
    static func quoted(_ string: String) -> String {
        var string = string
        let plain = string.withUTF8 { bytes in bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }
        }
        return plain ? "\"" + string + "\"" : string.debugDescription
    }

    /// A scalar as it reads in Swift source: strings quoted, everything else described.
    static func leaf(_ value: Any) -> String {
        if let string = value as? String { return string.debugDescription }
        if let character = value as? Character { return String(character).debugDescription }
        return String(describing: value)
    }
}

/// The entries of a reflected dictionary, ordered by key, with keys written as in source.
enum DictionaryEntries {
    static func sorted(_ children: [Mirror.Child]) -> [(key: String, value: Any)] {
        children.map { child -> (key: String, value: Any) in
            let pair = Array(Mirror(reflecting: child.value).children)
            guard pair.count == 2 else { return ("?", child.value) }
            return (ValueDump.leaf(pair[0].value), pair[1].value)
        }
        .sorted { $0.key < $1.key }
    }
}

/// The case name of an enum value, without its payload.
enum EnumCase {
    static func name(of value: Any) -> String {
        // A case with a payload is its mirror's only child, labelled with the case name; only
        // cases without one are printed, which prints nothing but the name.
        if let label = Mirror(reflecting: value).children.first?.label { return label }
        let described = String(describing: value)
        return String(described.prefix { $0 != "(" })
    }
}

/// The storage of a property wrapper the package defines, whose field the mirror names with a
/// leading underscore.
protocol PropertyWrapperStorage {}

extension Redacted: PropertyWrapperStorage {}

extension Shared: PropertyWrapperStorage {}
