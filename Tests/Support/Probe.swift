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

    public func record(_ entry: String) {
        let ready = state.withLock { state in
            state.entries.append(entry)
            let ready = state.waiters.filter { $0.count <= state.entries.count }
            state.waiters.removeAll { $0.count <= state.entries.count }
            return ready.map(\.continuation)
        }
        for waiter in ready { waiter.resume() }
    }

    public func wait(for count: Int) async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.entries.count >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}
