/// A value a ``StateEncoder`` wrote: where its JSON is in the output, what type it was, where
/// its bytes were kept, and the values written inside it.
///
/// Nodes are kept in one array, each after its parent (depth first), so a node's descendants
/// are the `descendants` nodes right after it.
struct EncodedNode {
    /// The value's type.
    let type: ObjectIdentifier
    /// Where its JSON starts and ends in the output.
    var start: Int
    var end: Int
    /// Where a copy of its bytes starts in the memo's byte store, and how many there are; -1
    /// for a type whose bytes do not identify its values (``ByteIdentity``).
    var raw = -1
    var rawCount = -1
    /// The value itself, kept alive in the memo's list of values, so that no buffer it refers to
    /// is freed and reused while its bytes are remembered; -1 with `raw`.
    var holder = -1
    /// The first value written inside it, and the next value written inside its parent.
    var firstChild = -1
    var next = -1
    /// How many nodes follow it inside it.
    var descendants = 0
    /// The node of the previous encode it was copied from, unchanged; -1 when it was written.
    var reused = -1
    /// Whether it is an array each of whose elements has a node (its children, in order).
    var elementsAreNodes = false

    init(type: ObjectIdentifier, start: Int) {
        self.type = type
        self.start = start
        end = start
    }
}
