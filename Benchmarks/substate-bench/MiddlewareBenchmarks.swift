import Substate
import SubstateMiddleware

/// The per-action cost each middleware adds to a one-model store, for actions it does not handle
/// (the loggers' cost, which is formatting, is reported).
@MainActor
enum MiddlewareBenchmarks {
    static func overheads(harness: Harness) -> [Figure] {
        let discard: @MainActor (String) -> Void = { _ in }
        let contenders: [(name: String, target: Double, make: () -> any Middleware)] = [
            ("ActionLogger", .infinity, { ActionLogger(output: discard) }),
            ("ActionLogger, filtered", .infinity, { ActionLogger(filter: true, output: discard) }),
            ("ModelLogger", .infinity, { ModelLogger(output: discard) }),
            ("ModelLogger, diff", .infinity, { ModelLogger(diff: true, output: discard) }),
            ("ActionDelayer", 100, { ActionDelayer() }),
            ("ActionDebouncer", 100, { ActionDebouncer() }),
            ("ActionThrottler", 100, { ActionThrottler() }),
            ("ActionTimer, filtered", 100, { ActionTimer(filter: true) }),
            ("ActionPublisher", 100, { ActionPublisher() }),
            ("ActionUndoer", 100, { ActionUndoer() }),
            ("ActionExecutor", 100, { ActionExecutor() }),
            ("ActionTrigger", 100, { ActionTrigger() }),
            ("ActionTracker", 1_000, { ActionTracker() }),
            ("ValueTracker, one value", 1_000, { ValueTracker([.value("dark", of: Header.self, \.dark)]) }),
            (
                "ActionStream, one change source", 1_000,
                {
                    ActionStream([.changes(of: Header.self, \.dark, map: { _ in nil })])
                }
            ),
            ("ModelSaver, manual", 1_000, { ModelSaver(storage: ModelSaver.MemoryStorage(), strategy: .manual) }),
        ]
        let bare = Store(model: Header())
        var runs: [(String, Int, (Int) -> Void)] = [
            ("bare", 100_000, { ops in for i in 0..<ops { bare.update(cycle[i & 3]) } })
        ]
        for contender in contenders {
            let store = Store(model: Header(), middleware: [contender.make()])
            let ops = contender.target == .infinity ? 2_000 : 100_000
            runs.append((contender.name, ops, { ops in for i in 0..<ops { store.update(cycle[i & 3]) } }))
        }
        // Each figure is a difference of two dispatches of about a hundred nanoseconds.
        let times = harness.withRounds(atLeast: 15).compare(runs)
        return contenders.map { contender in
            let overhead = max(0, times[contender.name]! - times["bare"]!)
            return Figure(
                name: "\(contender.name) per action", value: overhead, unit: "ns", target: contender.target,
                detail:
                    "\(Report.format(times[contender.name]!, 0)) ns vs \(Report.format(times["bare"]!, 0)) ns without it"
            )
        }
    }
}
