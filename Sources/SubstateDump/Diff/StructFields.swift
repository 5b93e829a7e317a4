import Substate
@_spi(Reflection) import Swift

/// The stored fields of a struct as logs and diffs show them, found once per type by the
/// formatter's and the diff's plans.
enum StructFields {
    /// What `make` builds from each field's key path, with the field's label as the source
    /// spells it (property-wrapper storage under its property's name); fields hidden from logs
    /// (`make` gives no part) are left out. `nil` when a field has no key path (the runtime makes
    /// none for weak and unowned fields) or `make` refuses one (gives `nil`), so that the
    /// struct is reflected instead and no field goes missing.
    static func of<T, Part>(
        _ type: T.Type, _ make: (AnyKeyPath) -> (part: Part?, wrapperStorage: Bool)?
    ) -> [(label: String, part: Part)]? {
        var stored = 0
        guard
            _forEachField(
                of: T.self, options: [],
                body: { _, _, _, _ in
                    stored += 1
                    return true
                })
        else { return nil }
        var fields: [(label: String, part: Part)] = []
        var hidden = 0
        var complete = true
        let walked = _forEachFieldWithKeyPath(of: T.self, options: skipUnknownFields) { name, keyPath in
            guard let made = make(keyPath) else {
                complete = false
                return false
            }
            guard let part = made.part else {
                hidden += 1
                return true
            }
            let label = String(cString: name)
            fields.append((made.wrapperStorage && label.hasPrefix("_") ? String(label.dropFirst()) : label, part))
            return true
        }
        guard walked, complete, fields.count + hidden == stored else { return nil }
        return fields
    }

    /// Whether a field of the type may be a weak or unowned reference (a class or an optional):
    /// such a field is read through its key path, which reads it as it must be read, rather
    /// than at its offset.
    static func mayHoldReference<Value>(_ type: Value.Type) -> Bool {
        Value.self is AnyObject.Type || RuntimeMetadata.kind(Value.self) == RuntimeMetadata.optionalKind
    }

    /// The walk of a struct's fields with key paths goes on past fields it has none for.
    private static let skipUnknownFields = _EachFieldOptions(rawValue: 1 << 1)
}
