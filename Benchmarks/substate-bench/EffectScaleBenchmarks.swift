import Substate
import SubstateMiddleware

/// What running effects cost the actions that do not touch them, and what removing a row with a
/// running effect costs: an action pays for the effects it starts, cancels or whose owner it
/// removes, nothing per running effect elsewhere.
@MainActor
enum EffectScaleBenchmarks {
    typealias Row = ScaleTodo<NestedRouting>
    typealias App = ScaleApp<NestedRouting>

    /// A row's long-running work, started by its own action, belonging to that row.
    static let work = Effect(model: Row.self, action: Row.Toggle.self, id: "work", cancelInFlight: true) { _, _, _ in
        try await Task.sleep(for: .seconds(3_600))
    }

    /// A store of `rows` rows with the effect handler, and one running effect per row for the
    /// first `running` rows.
    static func store(rows: Int, running: Int) -> Store {
        let store = Store(model: App(rows: rows), middleware: [EffectHandler(effects: [work])])
        for id in 0..<running { store.update(Row.Toggle(targetID: id)) }
        return store
    }

    /// An action no effect concerns, with N effects running against none.
    static func plainActionBesideEffects(harness: Harness) -> [Figure] {
        var figures: [Figure] = []
        for running in ScaleBenchmarks.sizes {
            let busy = store(rows: running, running: running)
            let idle = store(rows: running, running: 0)
            let filters: [any Action] = [App.SetFilter(value: 1), App.SetFilter(value: 0)]
            let times = harness.withRounds(atLeast: 15).compare([
                ("busy", 20_000, { ops in for i in 0..<ops { busy.update(filters[i & 1]) } }),
                ("idle", 20_000, { ops in for i in 0..<ops { idle.update(filters[i & 1]) } }),
            ])
            busy.effects.cancelAll()
            figures.append(
                Figure(
                    name: "root-only action, \(running) effects running vs none",
                    value: times["busy"]! / times["idle"]!,
                    unit: "x", target: running == 1_000 ? 1.1 : .infinity,
                    detail:
                        "\(Report.format(times["busy"]!, 0)) ns vs \(Report.format(times["idle"]!, 0)) ns, \(running) rows"
                ))
        }
        return figures
    }

    /// Removing the first of N rows, each with a running effect, against the same removal by
    /// hand with a task per row in a dictionary; one removal a round, from a tree made with a
    /// row to spare for each round.
    static func removeFirstRow(harness: Harness) -> [Figure] {
        var figures: [Figure] = []
        let harness = harness.withRounds(atLeast: 5)
        for rows in ScaleBenchmarks.sizes {
            let store = Self.store(rows: rows + harness.rounds + 1, running: rows + harness.rounds + 1)
            var (app, tasks) = Self.handWritten(rows: rows + harness.rounds + 1)
            let times = harness.compare([
                ("store", 1, { _ in store.update(App.RemoveFirst()) }),
                (
                    "hand", 1,
                    { _ in
                        let id = app.todos.removeFirst().id
                        tasks.removeValue(forKey: id)?.cancel()
                    }
                ),
            ])
            store.effects.cancelAll()
            for task in tasks.values { task.cancel() }
            blackHole(app)
            figures.append(
                Figure(
                    name: "remove 1 of \(rows) rows with running effects vs by hand",
                    value: times["store"]! / times["hand"]!, unit: "x", target: .infinity,
                    detail:
                        "\(Report.format(times["store"]! / 1_000, 1)) µs vs \(Report.format(times["hand"]! / 1_000, 1)) µs per removal"
                ))
        }
        return figures
    }

    private static func handWritten(rows: Int) -> (App, [Int: Task<Void, Never>]) {
        let app = App(rows: rows)
        var tasks: [Int: Task<Void, Never>] = [:]
        for row in app.todos { tasks[row.id] = Task { try? await Task.sleep(for: .seconds(3_600)) } }
        return (app, tasks)
    }
}
