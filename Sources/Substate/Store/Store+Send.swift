extension Store {
    /// Dispatches an action from any isolation domain and returns at once, without waiting,
    /// with a task to wait for or cancel the effects the action starts.
    ///
    /// The action is handled on the main actor soon after, like ``update(_:)``. Actions sent
    /// from one task are handled in the order they were sent. The task is TCA's `StoreTask`:
    /// awaiting ``StoreTask/finish()`` waits until the action was handled and the effects it
    /// started ended, which is what SwiftUI's `.refreshable` needs to keep its spinner; the
    /// result can be ignored.
    ///
    /// ```swift
    /// Task.detached { store.send(Download.Progress(fraction: 0.5)) }
    /// // SwiftUI: .refreshable { await store.send(Feed.Refresh()).finish() }
    /// ```
    @discardableResult
    public nonisolated func send(_ action: Action) -> StoreTask {
        let ticket = StoreTask.Ticket()
        let isFirst = inbox.withLock { inbox in
            inbox.append((action, ticket))
            return inbox.count == 1
        }
        if isFirst { Task { @MainActor [weak self] in self?.drainInbox() } }
        return StoreTask(store: self, ticket: ticket)
    }

    private func drainInbox() {
        let entries = inbox.withLock { inbox in
            defer { inbox.removeAll() }
            return inbox
        }
        for (action, ticket) in entries {
            let first = effects.nextEffectToken
            update(action)
            ticket.handled(starting: first..<effects.nextEffectToken, in: effects)
        }
    }

    /// Tells the tasks of the actions sent and never handled that nothing will run for them,
    /// when the store goes.
    func abandonInbox() {
        let entries = inbox.withLock { inbox in
            defer { inbox.removeAll() }
            return inbox
        }
        for (_, ticket) in entries { ticket.abandon() }
    }
}
