/// Names running effects, so that they can be cancelled together or replaced by a newer one.
///
/// ```swift
/// store.effects.run(id: "search", cancelInFlight: true) { send in ... }
/// store.update(Store.CancelEffects(id: "search"))
/// ```
public struct EffectID: Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public init(stringLiteral name: String) {
        self.name = name
    }

    public var description: String { name }
}
