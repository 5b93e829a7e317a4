/// The name of a type as users write it, without the module prefix of the outermost type.
func typeName(_ type: Any.Type) -> String {
    let full = String(reflecting: type)
    // Drop "Module." from the start, keep nested and generic names intact.
    if let dot = full.firstIndex(of: "."), !full[..<dot].contains("<") {
        return String(full[full.index(after: dot)...])
    }
    return full
}
