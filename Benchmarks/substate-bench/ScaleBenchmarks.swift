import Substate
import SubstateMiddleware

/// What an action costs in an app of N rows when it concerns only a few models: cost follows
/// the work, not the size of the app. Each row runs at N = 100, 1,000 and 10,000, beside the
/// same tree given every action and beside hand-written code doing the same work.
@MainActor
enum ScaleBenchmarks {
    static let sizes = [100, 1_000, 10_000]

    /// An action only the root handles, and a presented screen's timer tick, beside N rows.
    static func routedActions(harness: Harness) -> [Figure] {
        var figures: [Figure] = []
        for rows in sizes {
            let routed = Store(model: ScaleApp<NestedRouting>(rows: rows))
            let broadcast = Store(model: ScaleApp<BroadcastRouting>(rows: rows))
            var hand = ScaleApp<NestedRouting>(rows: rows)
            let filters: [any Action] = [
                ScaleApp<NestedRouting>.SetFilter(value: 1), ScaleApp<NestedRouting>.SetFilter(value: 0),
            ]
            let broadcastFilters: [any Action] = [
                ScaleApp<BroadcastRouting>.SetFilter(value: 1), ScaleApp<BroadcastRouting>.SetFilter(value: 0),
            ]
            let tick: any Action = ScaleTimer<NestedRouting>.Tick()
            let slowOps = max(20, 200_000 / rows)
            let times = harness.withRounds(atLeast: 15).compare([
                ("routed", 100_000, { ops in for i in 0..<ops { routed.update(filters[i & 1]) } }),
                ("broadcast", slowOps, { ops in for i in 0..<ops { broadcast.update(broadcastFilters[i & 1]) } }),
                // TCA's shape: only the root's reducer runs for the root's action.
                ("hand", 100_000, { ops in for i in 0..<ops { hand.update(action: filters[i & 1]) } }),
                ("tick", 100_000, { ops in for _ in 0..<ops { routed.update(tick) } }),
                ("hand tick", 100_000, { ops in for _ in 0..<ops { hand.timer?.update(action: tick) } }),
            ])
            blackHole(hand)
            figures.append(
                Figure(
                    name: "root-only action, \(rows) rows, routed", value: times["routed"]!, unit: "ns", target: 2_000,
                    detail:
                        "every model: \(Report.format(times["broadcast"]!, 0)) ns; the root's update by hand: \(Report.format(times["hand"]!, 0)) ns"
                ))
            figures.append(
                Figure(
                    name: "timer tick beside \(rows) rows, routed", value: times["tick"]!, unit: "ns", target: 2_000,
                    detail: "the timer's update by hand: \(Report.format(times["hand tick"]!, 0)) ns"))
        }
        return figures
    }

    /// A row's own action addressed by id, with routing on: it goes down the path to that row
    /// and reaches its parent. Once alone, and once starting the row's debounced effect (the
    /// last one cancelled), as TCA's Todos does on every toggle.
    static func rowAction(harness: Harness) -> [Figure] {
        typealias Row = ScaleTodo<NestedRouting>
        var figures: [Figure] = []
        var effectParts: [Int: Double] = [:]
        for rows in sizes {
            let routed = Store(model: ScaleApp<NestedRouting>(rows: rows))
            let withEffect = Store(
                model: ScaleApp<NestedRouting>(rows: rows),
                middleware: [EffectHandler(effects: [EffectScaleBenchmarks.work])])
            var hand = ScaleApp<NestedRouting>(rows: rows)
            var tasks: [Int: Task<Void, Never>] = [:]
            let toggles: [any Action] = (0..<64).map { Row.Toggle(targetID: ($0 * 7919) % rows) }
            // Every addressed row has its effect running before the rounds, as after the warm-up.
            for toggle in toggles { withEffect.update(toggle) }
            let times = harness.withRounds(atLeast: 15).compare([
                ("routed", 20_000, { ops in for i in 0..<ops { routed.update(toggles[i & 63]) } }),
                ("effect", 20_000, { ops in for i in 0..<ops { withEffect.update(toggles[i & 63]) } }),
                (
                    "hand", 20_000,
                    { ops in
                        // The row found by its id in an index, as an identified array does.
                        for i in 0..<ops {
                            let action = toggles[i & 63]
                            let id = (action as! Row.Toggle).targetID
                            hand.todos[id].update(action: action)
                            hand.update(action: action)
                        }
                    }
                ),
                (
                    "hand effect", 20_000,
                    { ops in
                        for i in 0..<ops {
                            let action = toggles[i & 63]
                            let id = (action as! Row.Toggle).targetID
                            hand.todos[id].update(action: action)
                            hand.update(action: action)
                            tasks[id]?.cancel()
                            tasks[id] = Task { try? await Task.sleep(for: .seconds(3_600)) }
                        }
                    }
                ),
            ])
            withEffect.effects.cancelAll()
            for task in tasks.values { task.cancel() }
            blackHole(hand)
            let effectPart = times["effect"]! - times["routed"]!
            effectParts[rows] = effectPart
            figures.append(
                Figure(
                    name: "row action to 1 of \(rows) rows, routed", value: times["routed"]!, unit: "ns",
                    target: 5_000,
                    detail: "the row's and the root's update by hand: \(Report.format(times["hand"]!, 0)) ns"))
            figures.append(
                Figure(
                    name: "row action to 1 of \(rows) rows starting its effect", value: times["effect"]!, unit: "ns",
                    target: 5_000,
                    detail:
                        "the effect's part: \(Report.format(effectPart, 0)) ns (target 2,000); by hand with a task per row: \(Report.format(times["hand effect"]!, 0)) ns"
                ))
        }
        if let small = effectParts[1_000], let large = effectParts[10_000] {
            figures.append(
                Figure(
                    name: "effect part of a row action, 10,000 rows vs 1,000", value: large / max(small, 1), unit: "x",
                    target: 1.5,
                    detail: "\(Report.format(large, 0)) ns vs \(Report.format(small, 0)) ns"))
        }
        return figures
    }
}
