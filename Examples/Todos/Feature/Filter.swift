import Substate

/// Which to-dos the list shows.
public struct Filter: Model, Codable, Equatable, Sendable {
    public enum Mode: String, Codable, Sendable, CaseIterable {
        case all, active, done
    }

    public var mode = Mode.all

    public struct Set: Action, Codable {
        public let mode: Mode
        public init(_ mode: Mode) { self.mode = mode }
    }

    public mutating func update(action: Action) {
        if let set = action as? Set { mode = set.mode }
    }

    public func shows(_ todo: Todo) -> Bool {
        switch mode {
        case .all: true
        case .active: !todo.isDone
        case .done: todo.isDone
        }
    }
}
