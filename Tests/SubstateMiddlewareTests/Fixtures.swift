import Substate
import SubstateMiddleware

struct Counter: Model, Equatable {
    var value = 0
    struct Increment: Action {}
    struct Decrement: Action, LoggedAction {}
    struct Reset: Action, Codable { let to: Int }
    mutating func update(action: Action) {
        switch action {
        case is Increment: value += 1
        case is Decrement: value -= 1
        case let reset as Reset: value = reset.to
        default: ()
        }
    }
}

struct Appearance: Equatable, Sendable {
    var tint = "green"
    var fontSize = 12
}

struct Settings: Model, Equatable, LoggedModel {
    var appearance = Appearance()
    var tags: [String] = []
    struct SetTint: Action { let tint: String }
    struct AddTag: Action { let tag: String }
    mutating func update(action: Action) {
        switch action {
        case let set as SetTint: appearance.tint = set.tint
        case let add as AddTag: tags.append(add.tag)
        default: ()
        }
    }
}

struct App: Model, Equatable {
    var counter = Counter()
    var settings = Settings()
}

/// Collects what a logger writes.
@MainActor
final class Lines {
    var entries: [String] = []
    var output: @MainActor (String) -> Void { { [unowned self] in self.entries.append($0) } }
}

/// Records the actions that reach the tree, as the last middleware in a list.
@MainActor
final class Reached: Middleware {
    var actions: [String] = []
    func handle(_ action: Action, store: Store, next: Next) {
        if !(action is Store.Start) && !(action is Store.Register) { actions.append("\(action)") }
        next(action)
    }
}
