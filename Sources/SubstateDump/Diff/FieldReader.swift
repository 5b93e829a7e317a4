import Foundation
import Substate

/// Reads a struct's fields as a diff shows them, through key paths found once per type.
///
/// `Mirror` looks each field's type up by its mangled name every time it is asked for a
/// child, which made comparing even a two-field model cost microseconds. The fields of an
/// app's own struct are found once, with the standard library's key-path reflection, and read
/// through their key paths from then on; fields hidden from logs are left out, and property
/// wrapper storage is named as its property.
enum FieldReader {
    /// One field: its key as a diff's path shows it (`.name`), where its bytes are, and how to
    /// read it from the struct at an address.
    struct Field {
        let key: String
        let offset: Int
        let size: Int
        let read: (UnsafeRawPointer) -> Any
        /// For a number, string or boolean (which a diff prints whole), how it prints, read
        /// from its bytes: no value to box and cast.
        let scalar: ((UnsafeRawPointer) -> String)?
        /// For such a field, the formatter's plan, which writes it as ``scalar`` prints it.
        let scalarPlan: FormatPlan?
    }

    /// The plans made so far, by type; `.some(nil)` for types read through `Mirror`. Plans
    /// capture only key paths, offsets and metatypes, so they are shared across threads.
    private static let plans = TypeTable<[Field]?>()

    /// The fields of a value, labelled as `StateDiff` labels them (`.name`); `nil` when the
    /// value is not an app's own struct, or has fields without key paths (weak or unowned
    /// references), so that `Mirror` reads it instead.
    static func fields(of value: Any) -> [(key: String, value: Any)]? {
        func open<T>(_ value: T) -> [(key: String, value: Any)]? {
            guard let plan = plan(for: T.self) else { return nil }
            // Fact (scoped pointer): the copy's address is read only inside the closure, at the plan's offsets for `T`.
            return withUnsafePointer(to: value) { pointer in
                plan.map { (key: $0.key, value: $0.read(UnsafeRawPointer(pointer))) }
            }
        }
        return _openExistential(value, do: open)
    }

    /// A field whose bytes differ between two values.
    enum ChangedField {
        /// A number, string or boolean, as printed (read from its bytes through its plan, with
        /// no value to box and cast).
        case printed(key: String, old: String, new: String)
        /// Any other value, read from both.
        case values(key: String, old: Any, new: Any)
    }

    /// How two values compare at a glance.
    enum Pairing {
        /// The same bit for bit: nothing in them changed (references included: copies of an
        /// array share their storage until one is changed).
        case identical
        /// Two values of one app struct: the fields whose bytes differ, read from both. Fields
        /// that are the same bit for bit are not read at all, so comparing a model where one
        /// field changed reads that field.
        case changedFields([ChangedField])
        /// Anything else: values of other types, or that differ and have no plan.
        case other
    }

    /// Compares two values bit for bit, and field by field for an app's own structs.
    static func pair(_ before: Any, _ after: Any) -> Pairing {
        func open<T>(_ before: T) -> Pairing {
            func openAfter<U>(_ after: U) -> Pairing {
                guard U.self == T.self else { return .other }
                // Fact (same type): `U` is `T`, checked above, so the cast reinterprets nothing.
                return pair(typed: before, unsafeBitCast(after, to: T.self))
            }
            return _openExistential(after, do: openAfter)
        }
        return _openExistential(before, do: open)
    }

    /// ``pair(_:_:)`` for two models, opened from their existentials as they are: the logger's
    /// diff compares the models an action changed without boxing each again as `Any`.
    static func pair(models before: any Model, _ after: any Model) -> Pairing {
        func open<T: Model>(_ before: T) -> Pairing {
            func openAfter<U: Model>(_ after: U) -> Pairing {
                guard U.self == T.self else { return .other }
                // Fact (same type): `U` is `T`, checked above, so the cast reinterprets nothing.
                return pair(typed: before, unsafeBitCast(after, to: T.self))
            }
            return openAfter(after)
        }
        return open(before)
    }

    /// Writes, for two values of one model struct whose differing fields are all numbers,
    /// strings and booleans, a line `"\n  " + path + ".field: old → new"` for each such field that
    /// prints differently, each value written from its bytes by its plan: most actions change a
    /// few such fields of one model, and logging them costs only their text. Returns how many
    /// lines it wrote, or `nil` (having written nothing) when the values are not such a pair.
    static func writeScalarLines(
        from before: any Model, to after: any Model, path: String, into text: inout TextBuffer
    ) -> Int? {
        func open<T: Model>(_ before: T) -> Int? {
            func openAfter<U: Model>(_ after: U) -> Int? {
                guard U.self == T.self else { return nil }
                // Fact (same type): `U` is `T`, checked above, so the cast reinterprets nothing.
                return writeScalarLines(typed: before, unsafeBitCast(after, to: T.self), path: path, into: &text)
            }
            return openAfter(after)
        }
        return open(before)
    }

    private static func writeScalarLines<T>(typed before: T, _ after: T, path: String, into text: inout TextBuffer)
        -> Int?
    {
        // Fact (scoped pointer): the two values' bytes are read only inside the closures; both are of type `T`, so of one size.
        withUnsafeBytes(of: before) { old in
            withUnsafeBytes(of: after) { new in
                guard let old = old.baseAddress, let new = new.baseAddress else { return 0 }
                if memcmp(old, new, MemoryLayout<T>.size) == 0 { return 0 }
                guard let plan = plan(for: T.self) else { return nil }
                // By index: a loop over the fields would copy each, with its strings and closures.
                for index in plan.indices where plan[index].scalarPlan == nil {
                    let offset = plan[index].offset
                    if memcmp(old + offset, new + offset, plan[index].size) != 0 { return nil }
                }
                var lines = 0
                for index in plan.indices {
                    let offset = plan[index].offset
                    guard memcmp(old + offset, new + offset, plan[index].size) != 0,
                        let scalar = plan[index].scalarPlan
                    else { continue }
                    let start = text.count
                    text.append(literal: "\n  ")
                    text.append(string: path)
                    text.append(string: plan[index].key)
                    text.append(literal: ": ")
                    let oldStart = text.count
                    scalar.write(old + offset, into: &text)
                    let oldEnd = text.count
                    text.append(literal: " → ")
                    let newStart = text.count
                    scalar.write(new + offset, into: &text)
                    // Values whose bytes differ may print the same (two buffers of one string).
                    if text.bytesEqual(oldStart..<oldEnd, newStart..<text.count) {
                        text.removeLast(text.count - start)
                    } else {
                        lines += 1
                    }
                }
                return lines
            }
        }
    }

    private static func pair<T>(typed before: T, _ after: T) -> Pairing {
        // Fact (scoped pointer): the two values' bytes are read only inside the closures; both are of type `T`, so of one size.
        withUnsafeBytes(of: before) { old in
            withUnsafeBytes(of: after) { new in
                guard let old = old.baseAddress, let new = new.baseAddress else { return .identical }
                if memcmp(old, new, MemoryLayout<T>.size) == 0 { return .identical }
                guard let plan = plan(for: T.self) else { return .other }
                var changed: [ChangedField] = []
                for field in plan where memcmp(old + field.offset, new + field.offset, field.size) != 0 {
                    if changed.isEmpty { changed.reserveCapacity(plan.count) }
                    if let scalar = field.scalar {
                        changed.append(
                            .printed(key: field.key, old: scalar(old + field.offset), new: scalar(new + field.offset)))
                    } else {
                        changed.append(.values(key: field.key, old: field.read(old), new: field.read(new)))
                    }
                }
                return .changedFields(changed)
            }
        }
    }

    private static func plan<T>(for type: T.Type) -> [Field]? {
        let id = ObjectIdentifier(T.self)
        if let known = plans[id] { return known }
        let made = make(T.self)
        plans[id] = .some(made)
        return made
    }

    private static func make<T>(_ type: T.Type) -> [Field]? {
        guard RuntimeMetadata.kind(T.self) == RuntimeMetadata.structKind, !(T.self is any CustomReflectable.Type),
            !(T.self is any Redactable.Type), !isLibraryType(T.self), MemoryLayout<T>.size > 0
        else { return nil }
        let fields = StructFields.of(T.self) { keyPath in (keyPath as? any FieldReading)?.reader(from: T.self) }
        return fields?.map {
            Field(
                key: "." + $0.label, offset: $0.part.offset, size: $0.part.size, read: $0.part.read,
                scalar: $0.part.scalar?.print, scalarPlan: $0.part.scalar?.plan)
        }
    }
}

/// A key path to a field, which reads the field for a diff.
private protocol FieldReading {
    /// Where the field's bytes are and how to read it from its struct, `nil` for a field
    /// hidden from logs; `nil` as a whole when the key path is not rooted in `R` or names no
    /// stored field.
    func reader<R>(from root: R.Type) -> (
        part: (
            offset: Int, size: Int, read: (UnsafeRawPointer) -> Any,
            scalar: (print: (UnsafeRawPointer) -> String, plan: FormatPlan)?
        )?,
        wrapperStorage: Bool
    )?
}

extension KeyPath: FieldReading {
    fileprivate func reader<R>(from root: R.Type) -> (
        part: (
            offset: Int, size: Int, read: (UnsafeRawPointer) -> Any,
            scalar: (print: (UnsafeRawPointer) -> String, plan: FormatPlan)?
        )?,
        wrapperStorage: Bool
    )? {
        guard let path = self as? KeyPath<R, Value>, let offset = MemoryLayout<R>.offset(of: path) else { return nil }
        let wrapperStorage = Value.self is any PropertyWrapperStorage.Type
        if Value.self is any HiddenFromLogs.Type { return (nil, wrapperStorage) }
        // Fact (field offsets): `MemoryLayout.offset(of:)` gave this stored field's offset in `R`.
        let read: (UnsafeRawPointer) -> Any =
            StructFields.mayHoldReference(Value.self)
            ? { $0.assumingMemoryBound(to: R.self).pointee[keyPath: path] }
            : { ($0 + offset).assumingMemoryBound(to: Value.self).pointee }
        let scalar = ValueDump.scalarPrinter(for: Value.self).map { ($0, ValueFormatter.plan(for: Value.self)) }
        return ((offset, MemoryLayout<Value>.size, read, scalar), wrapperStorage)
    }
}
