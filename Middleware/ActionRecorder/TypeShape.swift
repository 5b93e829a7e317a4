import Substate
@_spi(Reflection) import Swift

/// A type's shape as a log records it: its name and its stored fields with their types, so
/// that a later version of the app can tell whether the type changed.
///
/// `Counter.Reset(to: Int)`; types without stored fields (enums, empty structs) are their name.
func typeShape(_ type: Any.Type) -> String {
    var fields: [String] = []
    _ = _forEachField(of: type, options: ignoreUnknownFieldOptions) { name, _, fieldType, _ in
        fields.append("\(String(cString: name)): \(typeName(fieldType))")
        return true
    }
    return fields.isEmpty ? typeName(type) : "\(typeName(type))(\(fields.joined(separator: ", ")))"
}

/// Keeps the reflection going past fields it cannot describe; spelled by value because the
/// standard library declares the option as a mutable static.
private let ignoreUnknownFieldOptions = _EachFieldOptions(rawValue: 1 << 1)
