/// What an ``EffectID`` names: running effects.
public enum EffectTag {}

/// Names running effects, so that they can be cancelled together or replaced by a newer one.
///
/// ```swift
/// store.effects.run(id: "search", cancelInFlight: true) { send in ... }
/// store.update(Store.CancelEffects(id: "search"))
/// ```
public typealias EffectID = TaggedName<EffectTag>
