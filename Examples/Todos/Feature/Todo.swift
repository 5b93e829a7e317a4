import Substate

/// One to-do: it toggles and renames itself when an action names its id.
public struct Todo: Model, Codable, Equatable, Sendable {
    public let id: Int
    public var title: String
    public var isDone = false

    public init(id: Int, title: String, isDone: Bool = false) {
        self.id = id
        self.title = title
        self.isDone = isDone
    }

    public mutating func update(action: Action) {
        switch action {
        case let toggle as TodoList.Toggle where toggle.id == id: isDone.toggle()
        case let edit as TodoList.Edit where edit.id == id: title = edit.title
        // The editor sheet saved a title for this to-do.
        case let saved as TitleEditor.Saved where saved.ioResult.todoID == id: title = saved.ioResult.title
        default: ()
        }
    }
}
