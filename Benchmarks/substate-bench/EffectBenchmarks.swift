import Substate

/// Dispatches one action from a nonisolated context, as an effect's work would.
nonisolated func sendFromTask(_ store: Store, _ action: any Action) async {
    await MainActor.run { store.update(action) }
}

/// The cost of starting and completing one-shot effects through the store's runtime, against
/// the same work done with bare tasks.
@MainActor
enum EffectBenchmarks {
    static func oneShot(harness: Harness) async -> Figure {
        let count = 10_000
        let tracked = Store(model: Header())
        let bare = Store(model: Header())
        let times = await harness.compareAsync([
            (
                "effects", count,
                { count in
                    for _ in 0..<count { tracked.effects.run { send in await send(Bump()) } }
                    await tracked.effects.waitForAll()
                }
            ),
            (
                "tasks", count,
                { count in
                    var tasks: [Task<Void, Never>] = []
                    tasks.reserveCapacity(count)
                    for _ in 0..<count { tasks.append(Task { await sendFromTask(bare, Bump()) }) }
                    for task in tasks { await task.value }
                }
            ),
        ])
        return Figure(
            name: "10,000 one-shot effects vs bare tasks", value: times["effects"]! / times["tasks"]!, unit: "x",
            target: .infinity,
            detail: "\(Report.format(times["effects"]!, 0)) ns vs \(Report.format(times["tasks"]!, 0)) ns per effect")
    }
}
