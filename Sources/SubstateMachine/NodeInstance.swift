import Synchronization

/// One node of a StateMachine feature: its id, and the number that tells it from a fresh node
/// given the same id. Copies of a node share it.
///
/// A node holds it by reference, so that the id and the number take one word of the node:
/// inputs to an array of nodes walk less memory.
@usableFromInline
final class NodeInstance: Sendable {
    @usableFromInline let id: NodeID
    /// Unique among the nodes made in this process.
    let number: UInt64

    private static let last = Atomic<UInt64>(0)

    init(id: NodeID) {
        self.id = id
        number = Self.last.add(1, ordering: .relaxed).newValue
    }
}
