extension Store {
    /// Dispatches an action from any isolation domain and returns at once, without waiting.
    ///
    /// The action is handled on the main actor soon after, like ``update(_:)``. Actions sent
    /// from one task are handled in the order they were sent.
    ///
    /// ```swift
    /// Task.detached { store.send(Download.Progress(fraction: 0.5)) }
    /// ```
    public nonisolated func send(_ action: Action) {
        let isFirst = inbox.withLock { inbox in
            inbox.append(action)
            return inbox.count == 1
        }
        guard isFirst else { return }
        Task { @MainActor [weak self] in self?.drainInbox() }
    }

    private func drainInbox() {
        let actions = inbox.withLock { inbox in
            defer { inbox.removeAll() }
            return inbox
        }
        for action in actions { update(action) }
    }
}
