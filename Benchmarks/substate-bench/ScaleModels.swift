import Substate

// A Todos-shaped app (a root with a filter, N rows with a title and an estimate, a presented
// screen with a timer), once with every model routed by nesting, as "Scaling to thousands of
// rows" teaches, and once as the seeds describe it, every model given every action.

/// How the scale models route: the same types, with and without the one line.
protocol ScaleRouting {
    static var routing: ActionRouting { get }
}

enum NestedRouting: ScaleRouting {
    static let routing = ActionRouting.nestedActions
}

enum BroadcastRouting: ScaleRouting {
    static let routing = ActionRouting.everyAction
}

struct ScaleTodo<R: ScaleRouting>: Model, Identifiable {
    static var routing: ActionRouting { R.routing }
    let id: Int
    var title: String
    var estimate: Double
    var isDone = false

    struct Toggle: TargetedAction {
        let targetID: Int
        typealias Target = ScaleTodo
    }

    mutating func update(action: Action) {
        if let toggle = action as? Toggle, toggle.targetID == id { isDone.toggle() }
    }
}

struct ScaleTimer<R: ScaleRouting>: Model {
    static var routing: ActionRouting { R.routing }
    var ticks = 0
    struct Tick: Action {}

    mutating func update(action: Action) {
        if action is Tick { ticks &+= 1 }
    }
}

struct ScaleApp<R: ScaleRouting>: Model {
    static var routing: ActionRouting { R.routing }
    var todos: [ScaleTodo<R>]
    var filter = 0
    var timer: ScaleTimer<R>? = ScaleTimer()

    struct SetFilter: Action { let value: Int }
    struct RemoveFirst: Action {}

    init(rows: Int) {
        todos = (0..<rows).map { ScaleTodo(id: $0, title: "Todo \($0)", estimate: Double($0) / 4) }
    }

    mutating func update(action: Action) {
        if let set = action as? SetFilter { filter = set.value }
        if action is RemoveFirst, !todos.isEmpty { todos.removeFirst() }
    }
}
