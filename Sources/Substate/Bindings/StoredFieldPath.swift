@_spi(Reflection) import Swift
import Synchronization

/// A stored field of a model, reached from the model through stored struct fields: the names
/// along the way (`["profile", "name"]`), its byte offset in the model, and its type.
///
/// A ``BindingAction`` is recorded by these names, since a key path is not `Codable`: a key
/// path becomes a path of names through its offset (`MemoryLayout.offset(of:)`) and its value
/// type, and names become an offset and a type again when a log is replayed.
struct StoredFieldPath: Sendable, Equatable {
    let names: [String]
    let offset: Int
    let type: Any.Type

    /// The names joined as Swift spells the path: `profile.name`.
    var name: String { names.joined(separator: ".") }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.names == rhs.names && lhs.offset == rhs.offset && lhs.type == rhs.type
    }

    /// Whether one of the paths leads to the other's field or to a field inside it.
    func overlaps(_ other: StoredFieldPath) -> Bool {
        let shorter = min(names.count, other.names.count)
        return names.prefix(shorter) == other.names.prefix(shorter)
    }

    /// The stored field a key path leads to; `nil` when it is not a path of stored struct
    /// fields (a computed property, a path through a class, an optional or a subscript, or the
    /// model itself).
    static func of<Root, Value>(_ keyPath: KeyPath<Root, Value>) -> StoredFieldPath? {
        guard let offset = MemoryLayout<Root>.offset(of: keyPath) else { return nil }
        guard let names = names(in: Root.self, at: offset, of: Value.self), !names.isEmpty else { return nil }
        return StoredFieldPath(names: names, offset: offset, type: Value.self)
    }

    /// The stored field the names lead to from a type; `nil` when one of them is not a stored
    /// field there.
    static func named(_ names: [String], in root: Any.Type) -> StoredFieldPath? {
        guard !names.isEmpty else { return nil }
        var type = root
        var offset = 0
        for name in names {
            guard let field = StoredFields.of(type).first(where: { $0.name == name }) else { return nil }
            offset += field.offset
            type = field.type
        }
        return StoredFieldPath(names: names, offset: offset, type: type)
    }

    /// The names of the field of the given type at an offset inside a type, looked for at that
    /// type's own fields first, then inside the struct fields around the offset.
    ///
    /// A field of a non-empty type found at a level is the only candidate: another field
    /// holding the same bytes would have to contain a value of its own type.
    private static func names(in type: Any.Type, at offset: Int, of value: Any.Type) -> [String]? {
        let fields = StoredFields.of(type)
        if let exact = fields.first(where: { $0.offset == offset && $0.type == value }) { return [exact.name] }
        for field in fields where field.offset <= offset && offset - field.offset <= field.size {
            if let inner = names(in: field.type, at: offset - field.offset, of: value) { return [field.name] + inner }
        }
        return nil
    }
}

/// The stored fields of struct types, read once per type from the runtime's field records,
/// as the tree's layouts read them (`LayoutBuilder`), with the offsets and sizes the layouts
/// do not keep for fields that hold no models.
enum StoredFields {
    struct Field: Sendable {
        let name: String
        let offset: Int
        let size: Int
        let type: Any.Type
    }

    private static let known = Mutex<[ObjectIdentifier: [Field]]>([:])

    /// The stored fields of a struct, in order; none for any other kind of type.
    static func of(_ type: Any.Type) -> [Field] {
        let id = ObjectIdentifier(type)
        if let fields = known.withLock({ $0[id] }) { return fields }
        var fields: [Field] = []
        if RuntimeMetadata.kind(type) == RuntimeMetadata.structKind {
            _ = _forEachField(of: type, options: ignoreUnknownFields) { name, offset, fieldType, _ in
                fields.append(
                    Field(name: String(cString: name), offset: offset, size: size(of: fieldType), type: fieldType))
                return true
            }
        }
        known.withLock { $0[id] = fields }
        return fields
    }

    private static func size(of type: Any.Type) -> Int {
        func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
        return _openExistential(type, do: size)
    }
}
