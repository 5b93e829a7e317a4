import Substate

/// Counts what happened to the list, from the same actions the list reacts to, with no wiring.
public struct Statistics: Model, Codable, Equatable, Sendable {
    public var added = 0
    public var deleted = 0
    public var toggles = 0
    public var edits = 0

    public init() {}

    public mutating func update(action: Action) {
        switch action {
        case is TodoList.Add: added += 1
        case is TodoList.Delete: deleted += 1
        case is TodoList.Toggle: toggles += 1
        case is TodoList.Edit: edits += 1
        default: ()
        }
    }
}
