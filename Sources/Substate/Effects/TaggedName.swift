/// A name that identifies something the store keeps track of, typed by what it names: effects
/// (``EffectID``) and StateMachine nodes (`NodeID`) are both names, and the tag keeps one from
/// being passed where the other is expected.
///
/// It is written as a string literal, and reads as its name in loggers and diffs.
///
/// ```swift
/// let search: EffectID = "search"
/// store.update(Store.CancelEffects(id: search))
/// ```
public struct TaggedName<Tag>: Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public init(stringLiteral name: String) {
        self.name = name
    }

    public var description: String { name }
}

extension TaggedName: CustomReflectable {
    /// A name reads as itself in loggers and diffs.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
