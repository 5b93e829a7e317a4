import Substate
import SubstateMachine

/// The text field: it shows every keystroke at once, while the search waits for a pause.
public struct SearchField: Model, Equatable, Codable {
    /// Takes the actions declared inside it and inside the models below it (see `ActionRouting`).
    public static let routing = ActionRouting.nestedActions
    public var text = ""

    /// The user typed; the field now reads `text`.
    public struct Typed: Action, Codable {
        public let text: String
        public init(_ text: String) { self.text = text }
    }

    public mutating func update(action: Action) {
        if let typed = action as? Typed { text = typed.text }
    }
}

/// Counts what happened, from the same actions, with no wiring.
public struct Statistics: Model, Equatable, Codable {
    /// Takes the other models' actions it counts, listed: they are declared elsewhere.
    public static let routing = ActionRouting.nestedActions(plus: [
        SearchField.Typed.self, MachineNode<SearchMachine>.Input.self, MachineNode<SearchMachine>.Result.self,
    ])
    public var keystrokes = 0
    public var searches = 0
    public var batches = 0

    public mutating func update(action: Action) {
        switch action {
        case is SearchField.Typed: keystrokes += 1
        case is MachineNode<SearchMachine>.Input: searches += 1
        case let result as MachineNode<SearchMachine>.Result:
            if case .found = result.ioResult { batches += 1 }
        default: ()
        }
    }
}

/// The example's root: a field, the search feature as a node, statistics, and recent queries.
public struct SearchScreen: Model, Equatable, Codable {
    /// Takes the actions declared inside it and inside the models below it (see `ActionRouting`).
    public static let routing = ActionRouting.nestedActions
    public var field = SearchField()
    public var search = MachineNode<SearchMachine>(.init())
    public var statistics = Statistics()
    /// Queries whose search finished, newest first; the parent reads its child's state.
    public var recent: [String] = []

    public init() {}

    public mutating func update(action: Action) {
        if let result = action as? MachineNode<SearchMachine>.Result, result.ioResult == .finished {
            recent.removeAll { $0 == search.state.query }
            recent.insert(search.state.query, at: 0)
            recent = Array(recent.prefix(5))
        }
    }
}

extension SearchScreen {
    /// What a keystroke dispatches: the field's text, and the (debounced) input of the search.
    public static func keystroke(_ text: String) -> [any Action] {
        [SearchField.Typed(text), MachineNode<SearchMachine>.Input(.queryChanged(text))]
    }
}
