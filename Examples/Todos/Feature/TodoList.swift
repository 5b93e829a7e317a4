import Substate
import SubstateMiddleware
import SubstateReplay

/// The list of to-dos, saved between runs and recorded in logs. It adds and removes to-dos;
/// each to-do changes itself.
///
/// After each action it says what the action did to it (``outcome``): a toggle of a to-do
/// that does not exist did nothing, and the parent, updated after its children, counts only
/// what happened.
public struct TodoList: SavedModel, RecordedModel, Equatable {
    public var todos: [Todo] = []
    public var nextID = 1
    /// What the last action did to the list; `nil` when it did nothing. Not saved: it is about
    /// one action.
    public var outcome: Outcome? = nil

    /// What an action did to the list.
    public enum Outcome: Equatable, Sendable {
        case added, deleted, toggled, edited
    }

    enum CodingKeys: String, CodingKey {
        case todos, nextID
    }

    public init(todos: [Todo] = [], nextID: Int = 1) {
        self.todos = todos
        self.nextID = nextID
    }

    public struct Add: Action, Codable, UndoableAction {
        public let title: String
        public init(_ title: String) { self.title = title }
        public static var undoableModels: [any Model.Type] { [TodoList.self] }
    }

    public struct Toggle: Action, Codable, UndoableAction {
        public let id: Int
        public init(_ id: Int) { self.id = id }
        public static var undoableModels: [any Model.Type] { [TodoList.self] }
    }

    public struct Edit: Action, Codable, UndoableAction {
        public let id: Int
        public let title: String
        public init(_ id: Int, title: String) {
            self.id = id
            self.title = title
        }
        public static var undoableModels: [any Model.Type] { [TodoList.self] }
    }

    public struct Delete: Action, Codable, UndoableAction {
        public let id: Int
        public init(_ id: Int) { self.id = id }
        public static var undoableModels: [any Model.Type] { [TodoList.self] }
    }

    public mutating func update(action: Action) {
        outcome = nil
        switch action {
        case let add as Add:
            todos.append(Todo(id: nextID, title: add.title))
            nextID += 1
            outcome = .added
        case let delete as Delete:
            let count = todos.count
            todos.removeAll { $0.id == delete.id }
            if todos.count < count { outcome = .deleted }
        // Each to-do toggled or edited itself, before the list: the list only says whether
        // the to-do was there.
        case let toggle as Toggle:
            if todos.contains(where: { $0.id == toggle.id }) { outcome = .toggled }
        case let edit as Edit:
            if todos.contains(where: { $0.id == edit.id }) { outcome = .edited }
        case let saved as TitleEditor.Saved:
            if todos.contains(where: { $0.id == saved.ioResult.todoID }) { outcome = .edited }
        default: ()
        }
    }
}
