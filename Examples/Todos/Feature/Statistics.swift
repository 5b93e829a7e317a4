import Substate

/// Counts what happened to the list: what its actions did (``TodoList/outcome``), not what they
/// asked for, so that toggling a to-do that does not exist counts nothing.
public struct Statistics: Model, Codable, Equatable, Sendable {
    public var added = 0
    public var deleted = 0
    public var toggles = 0
    public var edits = 0

    public init() {}

    /// Its parent counts for it, after the list said what an action did.
    public mutating func update(action: Action) {}

    /// Counts one thing that happened to the list.
    public mutating func count(_ outcome: TodoList.Outcome) {
        switch outcome {
        case .added: added += 1
        case .deleted: deleted += 1
        case .toggled: toggles += 1
        case .edited: edits += 1
        }
    }
}
