import Observation
import Substate

/// What telling observers costs: a list screen and a thousand rows over 10,000 todos, one todo
/// toggled, against the same dispatch with nobody observing. The views told read again, as
/// SwiftUI renders them again; that reading is timed on its own and not counted as the cost
/// of telling.
@MainActor
enum ObservationBenchmarks {
    struct Todo: ListRow {
        let id: Int
        var title: String
        var done = false
    }

    struct TodoList: Model {
        var todos: [Todo]
        var filter = ""
    }

    /// Counts how often observers were told, and registers them again as SwiftUI re-renders a
    /// view it was told about.
    @MainActor
    final class Screen {
        let store: Store
        var told = 0
        var pending: Set<Int> = []

        /// Whether views read one value of each model by key path rather than whole models.
        let byValue: Bool

        init(store: Store, byValue: Bool = false) {
            self.store = store
            self.byValue = byValue
        }

        /// Toggles a todo, and returns how many observers that told.
        func toggle(_ row: Int) -> Int {
            let before = told
            store.update(ToggleRow(id: row))
            return told - before
        }

        /// -1 is the list, other numbers are rows.
        func register(_ id: Int) {
            guard pending.insert(id).inserted else { return }
            withObservationTracking {
                switch (id < 0, byValue) {
                case (true, false): _ = store.findAll(Todo.self).count
                case (false, false): _ = store.find(Todo.self, id: id)?.done
                case (true, true): _ = store.findAll(Todo.self, \.id)
                case (false, true): _ = store.find(Todo.self, id: id, \.done)
                }
            } onChange: { [self] in
                MainActor.assumeIsolated {
                    told += 1
                    pending.remove(id)
                }
            }
        }
    }

    static func figures(harness: Harness) -> [Figure] {
        let todos = (0..<10_000).map { Todo(id: $0, title: "todo \($0)") }
        let bare = Store(model: TodoList(todos: todos))
        let observed = Store(model: TodoList(todos: todos))
        let screen = Screen(store: observed)
        for id in -1..<1_000 { screen.register(id) }
        var checked = true
        let reader = Store(model: TodoList(todos: todos))
        let times = harness.compare([
            // What the told views do to render again: read the list and the row.
            (
                "reread", 20,
                { ops in
                    for index in 0..<ops {
                        _ = reader.findAll(Todo.self).count
                        _ = reader.find(Todo.self, id: index % 1_000)?.done
                    }
                }
            ),
            ("bare", 20, { ops in for index in 0..<ops { bare.update(ToggleRow(id: index % 1_000)) } }),
            (
                "observed", 20,
                { ops in
                    for index in 0..<ops {
                        let row = index % 1_000
                        // The list and the one row, each exactly once.
                        if screen.toggle(row) != 2 { checked = false }
                        screen.register(-1)
                        screen.register(row)
                    }
                }
            ),
        ])
        let cost = max(0, times["observed"]! - times["bare"]! - times["reread"]!)
        return [byValue(todos: todos, harness: harness, bare: bare)] + [
            Figure(
                name: "observation, 10,000 todos, 1,001 observers, one toggled", value: cost / times["bare"]!,
                unit: "x",
                target: 2,
                detail:
                    "\(Report.format(times["observed"]! / 1e3, 1)) µs, of which the views' reads \(Report.format(times["reread"]! / 1e3, 1)) µs, vs \(Report.format(times["bare"]! / 1e3, 1)) µs unobserved; "
                    + (checked ? "each time the list and that row were told once" : "OBSERVERS TOLD WRONGLY"))
        ]
    }

    /// The same screen with views that read one value each: the list the ids, each row its
    /// todo's `done`. Toggling one todo tells that row alone.
    static func byValue(todos: [Todo], harness: Harness, bare: Store) -> Figure {
        let observed = Store(model: TodoList(todos: todos))
        let screen = Screen(store: observed, byValue: true)
        for id in -1..<1_000 { screen.register(id) }
        var checked = true
        let reader = Store(model: TodoList(todos: todos))
        let times = harness.compare([
            ("reread", 20, { ops in for index in 0..<ops { _ = reader.find(Todo.self, id: index % 1_000, \.done) } }),
            ("bare", 20, { ops in for index in 0..<ops { bare.update(ToggleRow(id: index % 1_000)) } }),
            (
                "observed", 20,
                { ops in
                    for index in 0..<ops {
                        let row = index % 1_000
                        // The toggled row only: no id changed, so the list is not told.
                        if screen.toggle(row) != 1 || screen.pending.contains(row) { checked = false }
                        screen.register(row)
                    }
                }
            ),
        ])
        let cost = max(0, times["observed"]! - times["bare"]! - times["reread"]!)
        return Figure(
            name: "observation by value, 10,000 todos, 1,001 observers, one toggled", value: cost / times["bare"]!,
            unit: "x", target: 2,
            detail:
                "\(Report.format(times["observed"]! / 1e3, 1)) µs vs \(Report.format(times["bare"]! / 1e3, 1)) µs unobserved; "
                + (checked ? "each time that row alone was told" : "OBSERVERS TOLD WRONGLY"))
    }
}
