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
            return withUnsafePointer(to: value) { pointer in
                plan.map { (key: $0.key, value: $0.read(UnsafeRawPointer(pointer))) }
            }
        }
        return _openExistential(value, do: open)
    }

    /// How two values compare at a glance.
    enum Pairing {
        /// The same bit for bit: nothing in them changed (references included: copies of an
        /// array share their storage until one is changed).
        case identical
        /// Two values of one app struct: the fields whose bytes differ, read from both. Fields
        /// that are the same bit for bit are not read at all, so comparing a model where one
        /// field changed reads that field.
        case changedFields([(key: String, old: Any, new: Any)])
        /// Anything else: values of other types, or that differ and have no plan.
        case other
    }

    /// Compares two values bit for bit, and field by field for an app's own structs.
    static func pair(_ before: Any, _ after: Any) -> Pairing {
        func open<T>(_ before: T) -> Pairing {
            func openAfter<U>(_ after: U) -> Pairing {
                guard U.self == T.self else { return .other }
                return withUnsafeBytes(of: before) { old in
                    withUnsafeBytes(of: after) { new in
                        guard let old = old.baseAddress, let new = new.baseAddress else { return .identical }
                        if memcmp(old, new, MemoryLayout<T>.size) == 0 { return .identical }
                        guard let plan = plan(for: T.self) else { return .other }
                        var changed: [(key: String, old: Any, new: Any)] = []
                        for field in plan where memcmp(old + field.offset, new + field.offset, field.size) != 0 {
                            changed.append((field.key, field.read(old), field.read(new)))
                        }
                        return .changedFields(changed)
                    }
                }
            }
            return _openExistential(after, do: openAfter)
        }
        return _openExistential(before, do: open)
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
            Field(key: "." + $0.label, offset: $0.part.offset, size: $0.part.size, read: $0.part.read)
        }
    }
}

/// A key path to a field, which reads the field for a diff.
private protocol FieldReading {
    /// Where the field's bytes are and how to read it from its struct, `nil` for a field
    /// hidden from logs; `nil` as a whole when the key path is not rooted in `R` or names no
    /// stored field.
    func reader<R>(from root: R.Type) -> (
        part: (offset: Int, size: Int, read: (UnsafeRawPointer) -> Any)?, wrapperStorage: Bool
    )?
}

extension KeyPath: FieldReading {
    fileprivate func reader<R>(from root: R.Type) -> (
        part: (offset: Int, size: Int, read: (UnsafeRawPointer) -> Any)?, wrapperStorage: Bool
    )? {
        guard let path = self as? KeyPath<R, Value>, let offset = MemoryLayout<R>.offset(of: path) else { return nil }
        let wrapperStorage = Value.self is any PropertyWrapperStorage.Type
        if Value.self is any HiddenFromLogs.Type { return (nil, wrapperStorage) }
        // Fact (field offsets): `MemoryLayout.offset(of:)` gave this stored field's offset in `R`.
        let read: (UnsafeRawPointer) -> Any =
            StructFields.mayHoldReference(Value.self)
            ? { $0.assumingMemoryBound(to: R.self).pointee[keyPath: path] }
            : { ($0 + offset).assumingMemoryBound(to: Value.self).pointee }
        return ((offset, MemoryLayout<Value>.size, read), wrapperStorage)
    }
}
