import Substate
@_spi(Reflection) import Swift

/// A type's shape as a log records it: its name and its stored fields with their types, the
/// shapes of nested types included, so that a later version of the app can tell whether the
/// type changed at any depth.
///
/// `Table(counter: Int, die: Die(face: Int))`. Containers show their elements' shapes
/// (`Array<Item(title: String)>`), enums their cases (`Load(idle | loaded(Int))`). The
/// toolchain's own types are their name; a type met again inside itself is its name.
package func typeShape(_ type: Any.Type) -> String {
    var visiting: Set<ObjectIdentifier> = []
    return shape(of: type, visiting: &visiting)
}

private func shape(of type: Any.Type, visiting: inout Set<ObjectIdentifier>) -> String {
    let name = typeName(type)
    guard visiting.insert(ObjectIdentifier(type)).inserted else { return name }
    defer { visiting.remove(ObjectIdentifier(type)) }
    if isLibraryType(type) {
        let arguments = RuntimeMetadata.genericTypeArguments(of: type)
        guard !arguments.isEmpty else { return name }
        let base = name.prefix { $0 != "<" }
        return "\(base)<\(arguments.map { shape(of: $0, visiting: &visiting) }.joined(separator: ", "))>"
    }
    if let cases = RuntimeMetadata.enumCases(of: type) {
        let described = cases.map { enumCase -> String in
            guard let payload = enumCase.payload else { return enumCase.name }
            return "\(enumCase.name)(\(shape(of: payload, visiting: &visiting)))"
        }
        return "\(name)(\(described.joined(separator: " | ")))"
    }
    if let elements = RuntimeMetadata.tupleElements(of: type) {
        return "(" + elements.map { "\($0.label): \(shape(of: $0.type, visiting: &visiting))" }.joined(separator: ", ")
            + ")"
    }
    // Only structs are described by their fields; classes, existentials and functions are
    // their name.
    guard RuntimeMetadata.kind(type) == RuntimeMetadata.structKind else { return name }
    var fields: [(String, Any.Type)] = []
    _ = _forEachField(of: type, options: ignoreUnknownFieldOptions) { name, _, fieldType, _ in
        fields.append((String(cString: name), fieldType))
        return true
    }
    guard !fields.isEmpty else { return name }
    let described = fields.map { "\($0.0): \(shape(of: $0.1, visiting: &visiting))" }
    return "\(name)(\(described.joined(separator: ", ")))"
}

/// Keeps the reflection going past fields it cannot describe; spelled by value because the
/// standard library declares the option as a mutable static.
private let ignoreUnknownFieldOptions = _EachFieldOptions(rawValue: 1 << 1)
