import Substate

/// An action that ``ActionUndoer`` can undo and redo.
///
/// It names the model types it changes; the undoer keeps their values from before and after
/// the action (copies that share storage with the tree until it changes), not a copy of the
/// whole tree.
///
/// ```swift
/// struct AddTodo: Action, UndoableAction {
///     let title: String
///     static var undoableModels: [any Model.Type] { [TodoList.self] }
/// }
/// ```
public protocol UndoableAction: Action {
    /// The model types this action changes, which undo puts back.
    static var undoableModels: [any Model.Type] { get }
    /// The history this action belongs to; each context undoes separately. `"default"` unless
    /// the action says otherwise.
    var undoContext: String { get }
}

extension UndoableAction {
    public var undoContext: String { "default" }
}

/// Undoes the latest undoable action of a context that is not undone yet.
public struct Undo: Action, Codable {
    public let context: String
    public init(context: String = "default") { self.context = context }
}

/// Redoes the latest undone action of a context.
public struct Redo: Action, Codable {
    public let context: String
    public init(context: String = "default") { self.context = context }
}
