extension Store {
    /// The actions the tree reduces from now on, in order, as an asynchronous sequence.
    ///
    /// For code without Observation (servers, tools, tests). Each element arrives after the
    /// action reached every model. The sequence ends when the store is released; a consumer
    /// that stops iterating is removed. Elements are buffered without limit, so iterate it.
    ///
    /// ```swift
    /// for await action in store.actions() { print("reduced", action) }
    /// ```
    public func actions() -> AsyncStream<any Action> {
        let (stream, continuation) = AsyncStream<any Action>.makeStream()
        subscribe(continuation) { _, action in continuation.yield(action) }
        return stream
    }

    /// The values of the shallowest model of a type: the current one first, then each new value
    /// after an action that changed it.
    ///
    /// Nothing is yielded for actions that leave the model equal to its previous value. The
    /// sequence ends when the store is released; values are buffered without limit.
    ///
    /// ```swift
    /// for await counter in store.values(of: Counter.self) { print(counter.value) }
    /// ```
    public func values<M: Model & Equatable>(of type: M.Type) -> AsyncStream<M> {
        let (stream, continuation) = AsyncStream<M>.makeStream()
        var last = lookup(type)
        if let last { continuation.yield(last) }
        subscribe(continuation) { store, _ in
            let now = store.lookup(type)
            guard now != last else { return }
            last = now
            if let now { continuation.yield(now) }
        }
        return stream
    }

    private func subscribe<Element>(
        _ continuation: AsyncStream<Element>.Continuation,
        receive: @escaping @MainActor (Store, any Action) -> Void
    ) {
        let id = subscriptions.add(.init(receive: receive, finish: { continuation.finish() }))
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.subscriptions.remove(id) }
        }
    }
}
