import Substate
import SubstateMiddleware

/// The list of to-dos, saved between runs and recorded in logs. It adds and removes to-dos;
/// each to-do changes itself.
public struct TodoList: SavedModel, RecordedModel, Equatable {
    public var todos: [Todo] = []
    public var nextID = 1

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
        switch action {
        case let add as Add:
            todos.append(Todo(id: nextID, title: add.title))
            nextID += 1
        case let delete as Delete:
            todos.removeAll { $0.id == delete.id }
        default: ()
        }
    }
}
