/// The name of a type as users write it: without its module, and without the anonymous
/// contexts Swift prints for types declared inside functions.
func typeName(_ type: Any.Type) -> String {
    var name = String(reflecting: type)
    // "Module.Outer.(unknown context at $1234).Local" reads as "Local".
    name.replace(/[A-Za-z0-9_.]*\(unknown context at \$[0-9a-f]+\)\./, with: "")
    // Drop "Module." from the start, keep nested and generic names intact.
    if let dot = name.firstIndex(of: "."), !name[..<dot].contains("<") {
        name = String(name[name.index(after: dot)...])
    }
    return name
}
