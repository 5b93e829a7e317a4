import Substate
import Synchronization

/// Carries the effects that nodes' pure transitions asked for, from the model tree out to the
/// ``StateMachineRunner`` that runs them.
///
/// Each input and result action brings its own outbox: nodes post to it while the tree reduces
/// the action, and the runner empties it right after. The nodes' state stays the only thing the
/// reduce changes; no effect is ever stored in the tree. It is not generic, so the runner's
/// per-action work needs no run-time generic lookups.
@usableFromInline
final class Outbox: Sendable, HiddenFromLogs {
    private let posted = Mutex<[(node: NodeInstance, effect: any Sendable)]>([])
    private let count = Atomic<Int>(0)

    @usableFromInline
    init() {}

    @usableFromInline
    func post(_ effect: any Sendable, from node: NodeInstance) {
        posted.withLock { $0.append((node, effect)) }
        count.add(1, ordering: .relaxed)
    }

    /// Whether any node posted an effect.
    var isEmpty: Bool { count.load(ordering: .relaxed) == 0 }

    func drain() -> [(node: NodeInstance, effect: any Sendable)] {
        posted.withLock { posted in
            defer { posted = [] }
            return posted
        }
    }
}
