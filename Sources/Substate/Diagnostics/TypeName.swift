/// The name of a type as users write it: without its module, and without the anonymous
/// contexts Swift prints for types declared inside functions.
package func typeName(_ type: Any.Type) -> String {
    var name = String(reflecting: type)
    // "Module.Outer.(unknown context at $1234).Local" reads as "Local": the module went with it.
    let local = /[A-Za-z0-9_.]*\(unknown context at \$[0-9a-f]+\)\./
    let startsLocal = name.prefixMatch(of: local) != nil
    name.replace(local, with: "")
    // Otherwise drop "Module." from the start, keeping nested and generic names intact.
    if !startsLocal, let dot = name.firstIndex(of: "."), !name[..<dot].contains("<") {
        name = String(name[name.index(after: dot)...])
    }
    return name
}
