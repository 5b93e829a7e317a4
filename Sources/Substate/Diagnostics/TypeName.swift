import Synchronization

/// The name of a type as users write it: without its module, and without the anonymous
/// contexts Swift prints for types declared inside functions.
///
/// Names are computed once per type and cached, since loggers ask for them on every action.
package func typeName(_ type: Any.Type) -> String {
    let id = ObjectIdentifier(type)
    if let cached = typeNames.withLock({ $0[id] }) { return cached }
    let name = readableName(String(reflecting: type))
    typeNames.withLock { $0[id] = name }
    return name
}

private let typeNames = Mutex<[ObjectIdentifier: String]>([:])

/// A type's full name as Swift prints it (`SubstateMiddleware.ModelSaver.Settings`), as users
/// write it (`ModelSaver.Settings`).
package func readableTypeName(_ full: String) -> String { readableName(full) }

private func readableName(_ full: String) -> String {
    // "Module.Outer.(unknown context at $1234).Local" reads as "Local": the module goes with it.
    // Generic arguments are cleaned the same way, each on its own.
    var result = ""
    var segment = ""
    func flush() {
        result += cleanSegment(segment)
        segment = ""
    }
    for character in full {
        if character == "<" || character == ">" || character == "," {
            flush()
            result.append(character)
        } else {
            segment.append(character)
        }
    }
    flush()
    return result
}

/// One dotted name without generic arguments: drops a leading module, or everything up to the
/// last anonymous context.
private func cleanSegment(_ segment: String) -> String {
    let leadingSpaces = segment.prefix { $0 == " " }
    var name = Substring(segment.dropFirst(leadingSpaces.count))
    if name.contains("(unknown context at ") {
        var cut = name.startIndex
        var index = name.startIndex
        while index < name.endIndex {
            let next = name.index(after: index)
            if name[index] == ")", next < name.endIndex, name[next] == "." { cut = name.index(after: next) }
            index = next
        }
        name = name[cut...]
    } else if let dot = name.firstIndex(of: "."), isTopLevelGenericContinuation(name) == false {
        name = name[name.index(after: dot)...]
    }
    return String(leadingSpaces) + String(name)
}

/// A segment that follows a generic argument list (such as ".Tap" in "Tracker<X>.Tap") has no
/// module in front of it.
private func isTopLevelGenericContinuation(_ name: Substring) -> Bool {
    name.hasPrefix(".")
}
