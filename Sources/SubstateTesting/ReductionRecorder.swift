import Substate

/// Records, for a test store, each action the tree reduced with the state after it, and wakes
/// a test waiting to receive one. It observes the store's reductions, so it sees exactly what
/// reached the tree wherever the middleware under test sits.
@MainActor
final class ReductionRecorder<Root: Model & Equatable> {
    struct Reduction {
        let action: any Action
        let after: Root
        /// The models the test placed beside the root, after the action.
        let beside: [any Model]
        /// Whether the action is a `QuietAction` that changed no state: an exhaustive test
        /// need not receive it.
        let isQuiet: Bool
    }

    /// Reductions the test has not received yet, in order.
    var received: [Reduction] = []
    /// The type of the action the test is sending, while it is being sent.
    var sending: ObjectIdentifier?
    /// The state right after the sent action reached the tree.
    var sent: Root?
    /// The models beside the root right after the sent action reached the tree.
    var sentBeside: [any Model] = []
    /// The types of the models the test placed beside the root, in the order it gave them.
    let besideTypes: [ObjectIdentifier]
    /// The state after the last reduction (or when recording started), against which a quiet
    /// action is found to have changed nothing.
    private var last: (root: Root, beside: [any Model])
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Starts recording what the store's tree reduces from now on; `besideTypes` are the types
    /// of the models the test placed beside the root.
    init(observing store: Store, besideTypes: [ObjectIdentifier]) {
        self.besideTypes = besideTypes
        last = (store.lookup(Root.self)!, [])
        last.beside = besideValues(in: store)
        store.observeReductions { [weak self, unowned store] action, _ in
            guard let self else { return }
            reduced(action, after: store.lookup(Root.self)!, beside: besideValues(in: store))
        }
    }

    /// The models of ``besideTypes`` the store holds beside its root, in that order.
    func besideValues(in store: Store) -> [any Model] {
        guard !besideTypes.isEmpty else { return [] }
        let values = store.besideValues
        return besideTypes.compactMap { type in values.first { ObjectIdentifier(Swift.type(of: $0)) == type } }
    }

    private func reduced(_ action: any Action, after: Root, beside: [any Model]) {
        let isQuiet = action is any QuietAction && after == last.root && Self.same(beside, last.beside)
        last = (after, beside)
        if let sending, sent == nil, ObjectIdentifier(type(of: action)) == sending {
            sent = after
            sentBeside = beside
            return
        }
        received.append(Reduction(action: action, after: after, beside: beside, isQuiet: isQuiet))
        resumeAll()
    }

    /// Lets go of the quiet actions received, which changed nothing: what an exhaustive test
    /// store does with those the test did not ask for.
    func dropQuiet() {
        received.removeAll(where: \.isQuiet)
    }

    /// Whether two lists of the models beside the root are equal, model by model.
    private static func same(_ models: [any Model], _ others: [any Model]) -> Bool {
        guard models.count == others.count else { return false }
        return zip(models, others).allSatisfy { model, other in
            func equals<E: Equatable>(_ model: E) -> Bool { model == other as? E }
            guard let model = model as? any Equatable else { return false }
            return equals(model)
        }
    }

    /// Waits until a reduction is recorded; `false` when the timeout passed first.
    func waitForAction(timeout: Duration) async -> Bool {
        if !received.isEmpty { return true }
        let deadline = Task { @MainActor [weak self] in
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            self?.resumeAll()
        }
        await withCheckedContinuation { waiters.append($0) }
        deadline.cancel()
        return !received.isEmpty
    }

    /// Waits until the store's effects ended; `false` when the timeout passed first.
    func waitForEffects(of store: Store, timeout: Duration) async -> Bool {
        if store.effects.inFlightCount == 0 { return true }
        let race = Race()
        await withCheckedContinuation { continuation in
            race.continuation = continuation
            race.tasks = [
                Task { @MainActor in
                    await store.effects.waitForAll()
                    race.finish()
                },
                Task { @MainActor in
                    guard (try? await Task.sleep(for: timeout)) != nil else { return }
                    race.finish()
                },
            ]
        }
        return store.effects.inFlightCount == 0
    }

    private func resumeAll() {
        let resumed = waiters
        waiters = []
        for waiter in resumed { waiter.resume() }
    }
}

/// Resumes a waiting test once, when the first of several tasks finishes, and cancels the rest.
@MainActor
private final class Race {
    var continuation: CheckedContinuation<Void, Never>?
    var tasks: [Task<Void, Never>] = []

    func finish() {
        continuation?.resume()
        continuation = nil
        for task in tasks { task.cancel() }
    }
}
