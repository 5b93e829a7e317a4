import Synchronization

/// Carries the effects that nodes' pure transitions asked for, from the model tree out to the
/// ``StateMachineRunner`` that runs them.
///
/// Each input and result action brings its own outbox: nodes post to it while the tree reduces
/// the action, and the runner empties it right after. The nodes' state stays the only thing the
/// reduce changes; no effect is ever stored in the tree.
final class Outbox<Effect: Sendable>: Sendable {
    private let posted = Mutex<[(node: NodeID, effect: Effect)]>([])

    init() {}

    func post(_ effect: Effect, from node: NodeID) {
        posted.withLock { $0.append((node, effect)) }
    }

    func drain() -> [(node: NodeID, effect: Effect)] {
        posted.withLock { posted in
            defer { posted = [] }
            return posted
        }
    }
}
