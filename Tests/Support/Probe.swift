import Synchronization

/// Records what effects did, and lets a test wait until a number of entries arrived.
public final class Probe: Sendable {
    private struct State {
        public init() {}

        public var entries: [String] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }
    private let state = Mutex(State())

    public init() {}

    public var entries: [String] { state.withLock { $0.entries } }

    public func record(_ entry: String) { update { $0.entries.append(entry) } }

    public func wait(for count: Int) async {
        await withCheckedContinuation { continuation in update { $0.waiters.append((count, continuation)) } }
    }

    /// Changes the state, then resumes every waiter whose number of entries has arrived: one
    /// rule for a new entry and for a new waiter.
    private func update(_ change: (inout State) -> Void) {
        let ready = state.withLock { state in
            change(&state)
            let ready = state.waiters.filter { $0.count <= state.entries.count }
            state.waiters.removeAll { $0.count <= state.entries.count }
            return ready.map(\.continuation)
        }
        for waiter in ready { waiter.resume() }
    }
}
