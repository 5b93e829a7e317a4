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
    /// One field: its label and how to read it from the struct at an address.
    typealias Field = (label: String, read: (UnsafeRawPointer) -> Any)

    private static let plans = FieldPlans()

    /// The fields of a value, labelled as `StateDiff` labels them (`.name`); `nil` when the
    /// value is not an app's own struct, or has fields without key paths (weak or unowned
    /// references), so that `Mirror` reads it instead.
    static func fields(of value: Any) -> [(key: String, value: Any)]? {
        func open<T>(_ value: T) -> [(key: String, value: Any)]? {
            guard let plan = plan(for: T.self) else { return nil }
            return withUnsafePointer(to: value) { pointer in
                plan.map { (key: "." + $0.label, value: $0.read(UnsafeRawPointer(pointer))) }
            }
        }
        return _openExistential(value, do: open)
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
            !isLibraryType(T.self)
        else { return nil }
        let fields = StructFields.of(T.self) { keyPath in (keyPath as? any FieldReading)?.reader(from: T.self) }
        return fields?.map { (label: $0.label, read: $0.part) }
    }
}

/// A key path to a field, which reads the field for a diff.
private protocol FieldReading {
    /// How to read the field from its struct, `nil` for a field hidden from logs; `nil` as a
    /// whole when the key path is not rooted in `R`.
    func reader<R>(from root: R.Type) -> (part: ((UnsafeRawPointer) -> Any)?, wrapperStorage: Bool)?
}

extension KeyPath: FieldReading {
    fileprivate func reader<R>(from root: R.Type) -> (part: ((UnsafeRawPointer) -> Any)?, wrapperStorage: Bool)? {
        guard let path = self as? KeyPath<R, Value> else { return nil }
        let wrapperStorage = Value.self is any PropertyWrapperStorage.Type
        if Value.self is any HiddenFromLogs.Type { return (nil, wrapperStorage) }
        return ({ $0.assumingMemoryBound(to: R.self).pointee[keyPath: path] }, wrapperStorage)
    }
}

/// The plans made so far, by type; `.some(nil)` for types read through `Mirror`.
// Plans never change once made and capture only key paths, so they are shared across threads;
// the lock guards the table.
private final class FieldPlans: @unchecked Sendable {
    private let lock = NSLock()
    private var table: [ObjectIdentifier: [FieldReader.Field]?] = [:]

    subscript(id: ObjectIdentifier) -> [FieldReader.Field]?? {
        get { lock.withLock { table[id] } }
        set { lock.withLock { table[id] = newValue ?? nil } }
    }
}
