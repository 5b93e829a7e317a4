import Foundation
import Substate

/// Writes values as ``ValueLiteral`` does, through a plan made once per type from the
/// runtime's records of its fields, instead of reflecting each value with `Mirror`: loggers
/// format every action, and a struct's fields are read straight from memory at their offsets.
///
/// Structs, tuples, arrays, optionals, dictionaries, sets, strings and numbers have plans;
/// enums, classes and anything unusual are written through `Mirror`, as before.
enum ValueFormatter {
    /// Writes the value at a pointer.
    typealias Write = (UnsafeRawPointer, inout [UInt8]) -> Void

    private static let plans = Plans()

    /// The value on one line.
    static func describe(_ value: Any) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(256)
        func open<T>(_ value: T) {
            withUnsafePointer(to: value) { writer(for: T.self)(UnsafeRawPointer($0), &text) }
        }
        _openExistential(value, do: open)
        return String(decoding: text, as: UTF8.self)
    }

    /// A string as Swift source spells it. Plain text (printable ASCII without quotes or
    /// backslashes, most of what apps log) is quoted as it is; anything else as
    /// `debugDescription` escapes it.
    static func quote(_ string: String, into text: inout [UInt8]) {
        var string = string
        let plain = string.withUTF8 { bytes in
            bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }
        }
        if plain {
            text.append(literal: "\"")
            text.append(string: string)
            text.append(literal: "\"")
        } else {
            text.append(string: string.debugDescription)
        }
    }

    /// The plan for a type, made on first use.
    static func writer<T>(for type: T.Type) -> Write {
        let id = ObjectIdentifier(T.self)
        if let known = plans[id] { return known }
        // A recursive type reaches itself while its plan is being made: it finds this stand-in,
        // which looks the finished plan up when it runs.
        plans[id] = { pointer, text in Self.writer(for: T.self)(pointer, &text) }
        let made = make(T.self)
        plans[id] = made
        return made
    }

    /// Whether values of the type print without nesting (numbers, strings, booleans), so that
    /// writing one needs no check of the stack left.
    static func isLeaf<T>(_ type: T.Type) -> Bool {
        T.self == String.self || T.self == Int.self || T.self == Bool.self || T.self == Double.self
            || T.self == Float.self || T.self == Int64.self || T.self == Int32.self || T.self == UInt.self
            || T.self == UInt64.self || T.self == UInt8.self || T.self == Character.self
    }

    /// The plan of a type given as a metatype value.
    static func writer(forAny type: Any.Type) -> Write {
        func open<T>(_: T.Type) -> Write { writer(for: T.self) }
        return _openExistential(type, do: open)
    }

    private static func make<T>(_ type: T.Type) -> Write {
        if T.self == String.self { return { quote($0.load(as: String.self), into: &$1) } }
        if T.self == Int.self { return { $1.append(string: String($0.load(as: Int.self))) } }
        if T.self == Bool.self { return { $1.append(literal: $0.load(as: Bool.self) ? "true" : "false") } }
        if T.self == Double.self { return { $1.append(string: $0.load(as: Double.self).description) } }
        if let plannable = T.self as? any PlannedFormatting.Type { return plannable.formattingPlan() }
        let kind = RuntimeMetadata.kind(T.self)
        let reflective = T.self is any CustomReflectable.Type
        if kind == RuntimeMetadata.structKind, !reflective, !isLibraryType(T.self), let plan = structPlan(T.self) {
            return plan
        }
        if let elements = RuntimeMetadata.tupleElements(of: T.self) {
            let parts = elements.map { (label: $0.label, offset: $0.offset, write: writer(forAny: $0.type)) }
            return { pointer, text in
                text.append(literal: "(")
                for (index, part) in parts.enumerated() {
                    if index > 0 { text.append(literal: ", ") }
                    if !part.label.isEmpty, !part.label.allSatisfy(\.isNumber) { text += (part.label + ": ").utf8 }
                    DeepStack.withRoom { part.write(pointer + part.offset, &text) }
                }
                text.append(literal: ")")
            }
        }
        // Enums, classes, the toolchain's own types, existentials: through Mirror.
        return { pointer, text in text.append(string: ValueLiteral.reflect(pointer.load(as: T.self))) }
    }

    /// A struct's fields, read through their key paths (which read weak and unowned fields as
    /// they must be read), labelled as the source spells them; `nil` when a field has no key
    /// path (the struct is then reflected).
    private static func structPlan<T>(_ type: T.Type) -> Write? {
        let parts = StructFields.of(T.self) { keyPath -> (part: (write: Write, leaf: Bool)?, wrapperStorage: Bool)? in
            guard let field = keyPath as? any FieldFormatting, let plan = field.plan(from: T.self) else { return nil }
            return (plan.hidden ? nil : (plan.write, plan.leaf), plan.wrapperStorage)
        }
        guard let parts else { return nil }
        let name = Array(typeName(T.self).utf8)
        let fields = parts.map { (label: Array($0.label.utf8), write: $0.part.write, leaf: $0.part.leaf) }
        return { pointer, text in
            for byte in name { text.append(byte) }
            text.append(literal: "(")
            for (index, field) in fields.enumerated() {
                if index > 0 { text.append(literal: ", ") }
                for byte in field.label { text.append(byte) }
                text.append(literal: ": ")
                // Values nest as deep as trees do: each level makes sure of its stack, except
                // values that cannot nest.
                if field.leaf {
                    field.write(pointer, &text)
                } else {
                    DeepStack.withRoom { field.write(pointer, &text) }
                }
            }
            text.append(literal: ")")
        }
    }
}

/// A key path to a field, which makes the field's part of its struct's plan.
protocol FieldFormatting {
    func plan<R>(from root: R.Type) -> (write: ValueFormatter.Write, hidden: Bool, wrapperStorage: Bool, leaf: Bool)?
}

extension KeyPath: FieldFormatting {
    /// The field's part of its struct's plan. A field is read at its offset, except one that
    /// may be a weak or unowned reference (a class or an optional), which its key path reads
    /// as it must be read.
    func plan<R>(from root: R.Type) -> (write: ValueFormatter.Write, hidden: Bool, wrapperStorage: Bool, leaf: Bool)? {
        guard let path = self as? KeyPath<R, Value> else { return nil }
        let hidden = Value.self is any HiddenFromLogs.Type
        let wrapperStorage = Value.self is any PropertyWrapperStorage.Type
        if hidden { return ({ _, _ in }, true, wrapperStorage, true) }
        let leaf = ValueFormatter.isLeaf(Value.self)
        let write = ValueFormatter.writer(for: Value.self)
        let kind = RuntimeMetadata.kind(Value.self)
        let mayBeReference = Value.self is AnyObject.Type || kind == RuntimeMetadata.optionalKind
        if !mayBeReference, let offset = MemoryLayout<R>.offset(of: path) {
            return ({ pointer, text in write(pointer + offset, &text) }, false, wrapperStorage, leaf)
        }
        return (
            { pointer, text in
                withUnsafePointer(to: pointer.load(as: R.self)[keyPath: path]) { write(UnsafeRawPointer($0), &text) }
            },
            false, wrapperStorage, leaf
        )
    }
}

/// The plans made so far, by type.
// Plans never change once made and capture only other plans, key paths and metatypes, so they
// are shared across threads; the lock guards the table.
private final class Plans: @unchecked Sendable {
    private let lock = NSLock()
    private var table: [ObjectIdentifier: ValueFormatter.Write] = [:]

    subscript(id: ObjectIdentifier) -> ValueFormatter.Write? {
        get { lock.withLock { table[id] } }
        set { lock.withLock { table[id] = newValue } }
    }
}

/// Types whose plan is made from their generic arguments: collections, optionals, redacted
/// values.
protocol PlannedFormatting {
    static func formattingPlan() -> ValueFormatter.Write
}

extension Array: PlannedFormatting {
    static func formattingPlan() -> ValueFormatter.Write {
        let element = ValueFormatter.writer(for: Element.self)
        let isLeaf = ValueFormatter.isLeaf(Element.self)
        return { pointer, text in
            let array = pointer.load(as: [Element].self)
            text.append(literal: "[")
            array.withUnsafeBufferPointer { elements in
                for index in elements.indices {
                    if index > 0 { text.append(literal: ", ") }
                    let address = UnsafeRawPointer(elements.baseAddress! + index)
                    if isLeaf {
                        element(address, &text)
                    } else {
                        DeepStack.withRoom { element(address, &text) }
                    }
                }
            }
            text.append(literal: "]")
        }
    }
}

extension Optional: PlannedFormatting {
    static func formattingPlan() -> ValueFormatter.Write {
        let wrapped = ValueFormatter.writer(for: Wrapped.self)
        return { pointer, text in
            guard let value = pointer.load(as: Wrapped?.self) else {
                text.append(literal: "nil")
                return
            }
            withUnsafePointer(to: value) { pointer in DeepStack.withRoom { wrapped(UnsafeRawPointer(pointer), &text) } }
        }
    }
}

extension Dictionary: PlannedFormatting {
    static func formattingPlan() -> ValueFormatter.Write {
        let key = ValueFormatter.writer(for: Key.self)
        let value = ValueFormatter.writer(for: Value.self)
        return { pointer, text in
            let dictionary = pointer.load(as: [Key: Value].self)
            guard !dictionary.isEmpty else {
                text.append(literal: "[:]")
                return
            }
            // Entries by key, as printed, so that a dictionary always prints the same way.
            let entries = dictionary.map { entry -> (key: String, entry: (key: Key, value: Value)) in
                var printed: [UInt8] = []
                withUnsafePointer(to: entry.key) { key(UnsafeRawPointer($0), &printed) }
                return (String(decoding: printed, as: UTF8.self), entry)
            }.sorted { $0.key < $1.key }
            text.append(literal: "[")
            for (index, entry) in entries.enumerated() {
                if index > 0 { text.append(literal: ", ") }
                text.append(string: entry.key)
                text.append(literal: ": ")
                withUnsafePointer(to: entry.entry.value) { pointer in
                    DeepStack.withRoom { value(UnsafeRawPointer(pointer), &text) }
                }
            }
            text.append(literal: "]")
        }
    }
}

extension Set: PlannedFormatting {
    static func formattingPlan() -> ValueFormatter.Write {
        let element = ValueFormatter.writer(for: Element.self)
        return { pointer, text in
            let printed = pointer.load(as: Set<Element>.self).map { member -> String in
                var line: [UInt8] = []
                withUnsafePointer(to: member) { element(UnsafeRawPointer($0), &line) }
                return String(decoding: line, as: UTF8.self)
            }.sorted()
            text += ("[" + printed.joined(separator: ", ") + "]").utf8
        }
    }
}

extension Redacted: PlannedFormatting {
    static func formattingPlan() -> ValueFormatter.Write {
        { _, text in text.append(literal: "<redacted>") }
    }
}

extension [UInt8] {
    /// Appends a string's UTF-8 bytes in one copy.
    mutating func append(string: String) {
        var string = string
        string.withUTF8 { append(bytes: $0) }
    }

    /// Appends a literal's UTF-8 bytes.
    mutating func append(literal: StaticString) {
        literal.withUTF8Buffer { append(bytes: $0) }
    }

    /// Appends bytes one by one: the pieces of a log line are a few bytes each, where the
    /// general `append(contentsOf:)` costs more than the copy.
    private mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes { append(byte) }
    }
}
