import Substate

/// Identifies one instance of a feature in the tree, so that inputs can address it and the
/// results of its effects come back to it.
///
/// A node's id defaults to its feature's type name, which suits a feature that appears once;
/// give each instance of a feature that appears several times (an array of downloads) its own.
public typealias NodeID = TaggedName<NodeTag>

/// What a ``NodeID`` names: one node of a StateMachine feature in the tree.
public enum NodeTag {}
