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

    /// A row's own action addressed by id, with routing on: it reaches the row and its parent.
    static func rowAction(harness: Harness) -> [Figure] {
        var figures: [Figure] = []
        for rows in sizes {
            let routed = Store(model: ScaleApp<NestedRouting>(rows: rows))
            var hand = ScaleApp<NestedRouting>(rows: rows)
            let toggles: [any Action] = (0..<64).map { ScaleTodo<NestedRouting>.Toggle(targetID: ($0 * 7919) % rows) }
            let times = harness.withRounds(atLeast: 15).compare([
                ("routed", max(50, 500_000 / rows), { ops in for i in 0..<ops { routed.update(toggles[i & 63]) } }),
                (
                    "hand", 100_000,
                    { ops in
                        // The row found by its id in an index, as an identified array does.
                        for i in 0..<ops {
                            let action = toggles[i & 63]
                            let id = (action as! ScaleTodo<NestedRouting>.Toggle).targetID
                            hand.todos[id].update(action: action)
                            hand.update(action: action)
                        }
                    }
                ),
            ])
            blackHole(hand)
            figures.append(
                Figure(
                    name: "row action to 1 of \(rows) rows, routed", value: times["routed"]!, unit: "ns",
                    target: .infinity,
                    detail: "the row's and the root's update by hand: \(Report.format(times["hand"]!, 0)) ns"))
        }
        return figures
    }
}
