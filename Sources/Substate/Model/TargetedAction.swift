/// An action for one model of a type, named by its `id`: a row's "favourite" tapped, one
/// download cancelled.
///
/// The model's own `update(action:)` still checks the id, as every model receives every
/// action. What adopting it adds is for effects: `EffectHandler` starts the effects declared
/// for the action bound to that model, as for a screen an action is addressed to, so that a
/// `model:` effect reads that row (not the first of its type), ids and `cancelInFlight` apply
/// among that row's effects alone, and the effects end when the row leaves the tree, wherever
/// the rows around it move.
///
/// ```swift
/// struct Episode: Model, Identifiable {
///     let id: Int
///     var isFavorite = false
///     struct FavoriteTapped: TargetedAction {
///         let targetID: Int
///         typealias Target = Episode
///     }
///     mutating func update(action: Action) {
///         if let tap = action as? FavoriteTapped, tap.targetID == id { isFavorite.toggle() }
///     }
/// }
/// ```
public protocol TargetedAction: Action {
    /// The type of the model the action is for.
    associatedtype Target: Model & Identifiable
    /// The id of the model the action is for.
    var targetID: Target.ID { get }
}

extension TargetedAction {
    /// Where the model the action is for sits in the store; `nil` when none has its id.
    @MainActor package func instance(in store: Store) -> ModelLocation? {
        store.location(of: Target.self, id: targetID)
    }
}
