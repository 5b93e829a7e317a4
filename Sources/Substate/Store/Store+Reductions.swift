extension Store {
    /// Where an action that reached the tree came from.
    public enum Origin: String, Sendable, Codable, CaseIterable {
        /// Dispatched by the app: ``Store/update(_:)`` or ``Store/send(_:)`` outside any dispatch.
        case app
        /// Sent by an effect through the store's ``EffectRuntime``.
        case effect
        /// Dispatched by middleware during a dispatch, or released by middleware later (a delayed
        /// or debounced action).
        case middleware
        /// Sent by the store itself (``Start``).
        case store
    }

    /// A registration made with ``observeReductions(_:)``; cancel it to stop observing.
    @MainActor
    public final class ReductionObservation {
        // Not a weak reference: a store held weakly keeps its reference counts in a side
        // table, which slows every retain of it. The lifetime says when it is gone.
        fileprivate unowned(unsafe) let store: Store
        fileprivate let lifetime: StoreLifetime
        fileprivate let id: Int

        fileprivate init(store: Store, lifetime: StoreLifetime, id: Int) {
            self.store = store
            self.lifetime = lifetime
            self.id = id
        }

        /// Stops the observation; after the store's release, it does nothing.
        public func cancel() {
            guard !lifetime.isReleased else { return }
            store.reductionObservers.remove(id)
        }
    }

    /// Calls the observer with each action right after the tree reduced it, with its origin,
    /// in the order the tree reduced them; observers are called in the order they registered.
    ///
    /// Whatever its place in the middleware list, the observer sees exactly what the tree
    /// received: not the actions a debouncer swallowed, but the debounced one that passed.
    /// Recorders are built on it. An observer can be called while the store is being released
    /// (an action a debouncer flushes then): one that needs the store captures it weakly, or
    /// reads it from its own parameters, never as a counted `unowned` reference, which traps
    /// once the release has begun.
    ///
    /// ```swift
    /// let observation = store.observeReductions { action, origin in
    ///     print(origin, action)
    /// }
    /// observation.cancel()
    /// ```
    @discardableResult
    public func observeReductions(_ observer: @escaping @MainActor (any Action, Origin) -> Void) -> ReductionObservation
    {
        let id = reductionObservers.add(observer)
        return ReductionObservation(store: self, lifetime: lifetime, id: id)
    }
}
