import Substate

/// Types whose plan is made from their generic arguments: collections, optionals, redacted
/// values.
protocol PlannedFormatting {
    static func formattingPlan() -> FormatPlan
}

/// `[a, b]`.
final class ArrayFormatPlan<Element>: ElementFormatPlan {
    override func write(_ value: UnsafeRawPointer, into text: inout TextBuffer) {
        text.append(UInt8(ascii: "["))
        // Fact (typed address): this plan was built for the value's type, so a value of it is at this address.
        value.assumingMemoryBound(to: [Element].self).pointee.withUnsafeBufferPointer { elements in
            for index in elements.indices {
                if index > 0 {
                    text.append(UInt8(ascii: ","))
                    text.append(UInt8(ascii: " "))
                }
                FormatPlan.write(UnsafeRawPointer(elements.baseAddress! + index), with: element, into: &text)
            }
        }
        text.append(UInt8(ascii: "]"))
    }
}

extension Array: PlannedFormatting {
    static func formattingPlan() -> FormatPlan {
        ArrayFormatPlan<Element>(element: ValueFormatter.plan(for: Element.self))
    }
}

/// `[a, b]`: an identified array's elements, written as an array's, without a mirror.
final class IdentifiedArrayFormatPlan<Element: Identifiable>: FormatPlan {
    private let elements: ArrayFormatPlan<Element>

    init(elements: ArrayFormatPlan<Element>) {
        self.elements = elements
        super.init(nests: true)
    }

    override func write(_ value: UnsafeRawPointer, into text: inout TextBuffer) {
        // Fact (typed address): this plan was built for the value's type, so a value of it is at this address.
        let array = value.assumingMemoryBound(to: IdentifiedArray<Element>.self).pointee.elements
        // Fact (scoped pointer): the copy's address is read only inside the closure, by the array's plan.
        withUnsafePointer(to: array) { elements.write(UnsafeRawPointer($0), into: &text) }
    }
}

extension IdentifiedArray: PlannedFormatting {
    static func formattingPlan() -> FormatPlan {
        IdentifiedArrayFormatPlan<Element>(
            elements: ArrayFormatPlan<Element>(element: ValueFormatter.plan(for: Element.self)))
    }
}

/// The wrapped value, or `nil`.
final class OptionalFormatPlan<Wrapped>: ElementFormatPlan {
    override func write(_ value: UnsafeRawPointer, into text: inout TextBuffer) {
        // Fact (typed address): this plan was built for the value's type, so a value of it is at this address.
        guard let value = value.assumingMemoryBound(to: Wrapped?.self).pointee else {
            return text.append(literal: "nil")
        }
        withUnsafePointer(to: value) { FormatPlan.write(UnsafeRawPointer($0), with: element, into: &text) }
    }
}

extension Optional: PlannedFormatting {
    static func formattingPlan() -> FormatPlan {
        OptionalFormatPlan<Wrapped>(element: ValueFormatter.plan(for: Wrapped.self))
    }
}

/// `[key: value]`, entries ordered by the key as printed, so that a dictionary always prints
/// the same way; `[:]` when empty.
final class DictionaryFormatPlan<Key: Hashable, Value>: FormatPlan {
    private let key: FormatPlan
    private let value: FormatPlan

    init(key: FormatPlan, value: FormatPlan) {
        self.key = key
        self.value = value
        super.init(nests: true)
    }

    override func write(_ pointer: UnsafeRawPointer, into text: inout TextBuffer) {
        // Fact (typed address): this plan was built for the value's type, so a value of it is at this address.
        let dictionary = pointer.assumingMemoryBound(to: [Key: Value].self).pointee
        guard !dictionary.isEmpty else { return text.append(literal: "[:]") }
        var printed = TextBuffer(capacity: 64)
        let entries = dictionary.map { entry -> (key: String, value: Value) in
            printed.removeAll()
            withUnsafePointer(to: entry.key) { FormatPlan.write(UnsafeRawPointer($0), with: key, into: &printed) }
            return (printed.string, entry.value)
        }.sorted { $0.key < $1.key }
        text.append(UInt8(ascii: "["))
        for (index, entry) in entries.enumerated() {
            if index > 0 { text.append(literal: ", ") }
            text.append(string: entry.key)
            text.append(literal: ": ")
            withUnsafePointer(to: entry.value) { FormatPlan.write(UnsafeRawPointer($0), with: value, into: &text) }
        }
        text.append(UInt8(ascii: "]"))
    }
}

extension Dictionary: PlannedFormatting {
    static func formattingPlan() -> FormatPlan {
        DictionaryFormatPlan<Key, Value>(
            key: ValueFormatter.plan(for: Key.self), value: ValueFormatter.plan(for: Value.self))
    }
}

/// `[a, b]`, elements ordered as printed: a set's order changes from one process to the next.
final class SetFormatPlan<Element: Hashable>: ElementFormatPlan {
    override func write(_ value: UnsafeRawPointer, into text: inout TextBuffer) {
        var printed = TextBuffer(capacity: 64)
        // Fact (typed address): this plan was built for the value's type, so a value of it is at this address.
        let members = value.assumingMemoryBound(to: Set<Element>.self).pointee.map { member -> String in
            printed.removeAll()
            withUnsafePointer(to: member) { FormatPlan.write(UnsafeRawPointer($0), with: element, into: &printed) }
            return printed.string
        }.sorted()
        text.append(UInt8(ascii: "["))
        for (index, member) in members.enumerated() {
            if index > 0 { text.append(literal: ", ") }
            text.append(string: member)
        }
        text.append(UInt8(ascii: "]"))
    }
}

extension Set: PlannedFormatting {
    static func formattingPlan() -> FormatPlan {
        SetFormatPlan<Element>(element: ValueFormatter.plan(for: Element.self))
    }
}

extension Redacted: PlannedFormatting {
    static func formattingPlan() -> FormatPlan {
        RedactedFormatPlan()
    }
}
