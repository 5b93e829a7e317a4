import Substate
import SubstateMachine
import SubstateMiddleware

/// The program's state: the list, its filter, preferences and statistics. The parent derives
/// its summary from its children, which are updated before it.
public struct TodoApp: Model, Codable, Equatable {
    public var list = TodoList()
    public var filter = Filter()
    public var preferences = Preferences()
    public var statistics = Statistics()
    /// The screens over the list: a stack of detail screens and the editor sheet.
    public var navigation = Navigation()
    /// "2 of 5 done", kept up to date after every action.
    public var summary = "nothing to do"

    public init() {}

    public mutating func update(action: Action) {
        // The children were updated first: the list says what the action did to it.
        if let outcome = list.outcome { statistics.count(outcome) }
        navigation.apply(action, list: list)
        let done = list.todos.filter(\.isDone).count
        summary = list.todos.isEmpty ? "nothing to do" : "\(done) of \(list.todos.count) done"
    }

    /// The to-dos the filter shows.
    public var visible: [Todo] { list.todos.filter(filter.shows) }
}

/// Settings saved between runs.
public struct Preferences: SavedModel, Equatable {
    public var owner = "you"

    public init(owner: String = "you") {
        self.owner = owner
    }

    public struct Rename: Action, Codable {
        public let owner: String
        public init(_ owner: String) { self.owner = owner }
    }

    public mutating func update(action: Action) {
        if let rename = action as? Rename { owner = rename.owner }
    }
}
