import Substate
import SubstateMachine

/// Where the app is: a stack of screens pushed over the list, and a sheet over them.
///
/// Navigation state is plain state in the tree: a stack is an array of screens, a sheet an
/// optional enum of screen models, here in a plain struct that ``TodoApp`` changes (it knows
/// which to-dos exist). A presented screen's models are in the tree, so they receive every
/// action like any other model; once it is popped or dismissed, they are gone, and a
/// StateMachine screen's running effects are cancelled with it (``TitleEditor``).
public struct Navigation: Codable, Equatable, Sendable {
    /// The screens pushed over the list, the top one last.
    public var path: [Screen] = []
    /// The sheet shown over everything, if any.
    public var sheet: Sheet? = nil

    public init() {}

    /// A screen that can be pushed.
    public enum Screen: Codable, Equatable, Sendable {
        case detail(TodoDetail)
    }

    /// A screen shown as a sheet.
    public enum Sheet: Codable, Equatable, Sendable {
        case editor(MachineNode<TitleEditor>)
    }

    /// Pushes the detail screen of a to-do.
    public struct Open: Action, Codable {
        public let id: Int
        public init(_ id: Int) { self.id = id }
    }

    /// Pops the top screen.
    public struct Back: Action, Codable {
        public init() {}
    }

    /// Presents the title editor of a to-do as a sheet, starting from its title.
    public struct Rename: Action, Codable {
        public let id: Int
        public init(_ id: Int) { self.id = id }
    }

    /// Dismisses the sheet; an edit it has not saved yet is dropped.
    public struct Dismiss: Action, Codable {
        public init() {}
    }

    /// Applies a navigation action; screens open only for to-dos the list has.
    mutating func apply(_ action: Action, list: TodoList) {
        switch action {
        case let open as Open where list.todos.contains { $0.id == open.id }:
            path.append(.detail(TodoDetail(todoID: open.id)))
        case is Back:
            if !path.isEmpty { path.removeLast() }
        case let rename as Rename:
            guard let todo = list.todos.first(where: { $0.id == rename.id }) else { return }
            sheet = .editor(MachineNode(TitleEditor.State(todoID: todo.id, draft: todo.title)))
        case is Dismiss:
            sheet = nil
        default: ()
        }
    }

    /// The to-do the top screen shows, if the top screen is a detail screen.
    public var detail: TodoDetail? {
        guard case .detail(let detail)? = path.last else { return nil }
        return detail
    }

    /// The editor, if the sheet shows it.
    public var editor: TitleEditor.State? {
        guard case .editor(let node)? = sheet else { return nil }
        return node.state
    }
}
