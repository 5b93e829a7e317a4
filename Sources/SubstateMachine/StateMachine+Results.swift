extension StateMachine {
    /// The results of an effect, with merges run in parallel and concatenations in order.
    func results(of effect: IOEffect) -> IOResultStream {
        switch EffectComposition(effect) {
        case .plain(let effect):
            return runIOEffect(effect)
        case .merge(let effects):
            let streams = effects.map { results(of: $0) }
            return IOResultStream { continuation in
                let task = Task {
                    await withTaskGroup(of: Void.self) { group in
                        for stream in streams {
                            group.addTask { for await result in stream { continuation.yield(result) } }
                        }
                    }
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        case .concat(let effects):
            let feature = self
            return IOResultStream { continuation in
                let task = Task {
                    for effect in effects {
                        if Task.isCancelled { break }
                        for await result in feature.results(of: effect) { continuation.yield(result) }
                    }
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
    }
}
