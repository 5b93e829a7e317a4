import Synchronization

/// The names of the types each action type belongs to, for ``ActionRouting/nestedActions``:
/// the types it is declared inside and the types its generic arguments name.
///
/// `String(reflecting:)` names a type by its full path, generic arguments included
/// (`App.ScreenStack<App.Detail>.Push`), which is the path the runtime's metadata describes: the
/// enclosing types are the prefixes that end before a `.` outside angle brackets. Names are
/// worked out once per action type, when a walk is first compiled for it, never per dispatch.
enum ActionOwners {
    private static let table = Mutex<[ObjectIdentifier: Set<String>]>([:])

    /// Remembers the owners of an action's type, so that walks compiled for it can route it.
    static func register(_ type: any Action.Type) {
        let id = ObjectIdentifier(type)
        table.withLock { table in
            if table[id] == nil { table[id] = ownerNames(of: String(reflecting: type)) }
        }
    }

    /// The owners of a registered action type; `nil` for one never registered, which routing
    /// then treats as reaching every model (a missed registration over-delivers, never loses).
    static func names(of type: ObjectIdentifier) -> Set<String>? {
        table.withLock { $0[type] }
    }

    /// The type names an action type's full name mentions: each enclosing type, and each
    /// generic argument with its own enclosing types.
    static func ownerNames(of name: String) -> Set<String> {
        var names: Set<String> = []
        collect(Substring(name), into: &names)
        return names
    }

    private static func collect(_ name: Substring, into names: inout Set<String>) {
        var depth = 0
        var argumentStart = name.startIndex
        var index = name.startIndex
        while index < name.endIndex {
            switch name[index] {
            case "<", "(", "[":
                depth += 1
                if depth == 1 { argumentStart = name.index(after: index) }
            case ">", ")", "]":
                if depth == 1 { collectArgument(name[argumentStart..<index], into: &names) }
                depth -= 1
            case ",":
                if depth == 1 {
                    collectArgument(name[argumentStart..<index], into: &names)
                    argumentStart = name.index(after: index)
                }
            case ".":
                if depth == 0 { names.insert(String(name[..<index])) }
            default:
                break
            }
            index = name.index(after: index)
        }
    }

    private static func collectArgument(_ argument: Substring, into names: inout Set<String>) {
        let trimmed = argument.drop { $0 == " " }
        guard !trimmed.isEmpty else { return }
        names.insert(String(trimmed))
        collect(trimmed, into: &names)
    }
}
