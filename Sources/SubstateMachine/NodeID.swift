/// Identifies one instance of a feature in the tree, so that inputs can address it and the
/// results of its effects come back to it.
///
/// A node's id defaults to its feature's type name, which suits a feature that appears once;
/// give each instance of a feature that appears several times (an array of downloads) its own.
public struct NodeID: Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public init(stringLiteral name: String) {
        self.name = name
    }

    public var description: String { name }
}

extension NodeID: CustomReflectable {
    /// A node id reads as its name in loggers and diffs.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
