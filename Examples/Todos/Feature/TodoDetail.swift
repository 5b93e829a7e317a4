import Substate

/// The detail screen of one to-do, pushed over the list.
///
/// It lives in the tree only while it is on the stack, and while it is there it receives
/// every action: it counts the changes made to its to-do while it was shown.
public struct TodoDetail: Model, Codable, Equatable, Sendable {
    public let todoID: Int
    /// How many times its to-do was toggled or renamed while the screen was shown.
    public var changesSeen = 0

    public init(todoID: Int, changesSeen: Int = 0) {
        self.todoID = todoID
        self.changesSeen = changesSeen
    }

    public mutating func update(action: Action) {
        switch action {
        case let toggle as TodoList.Toggle where toggle.id == todoID: changesSeen += 1
        case let edit as TodoList.Edit where edit.id == todoID: changesSeen += 1
        case let saved as TitleEditor.Saved where saved.ioResult.todoID == todoID: changesSeen += 1
        default: ()
        }
    }
}
