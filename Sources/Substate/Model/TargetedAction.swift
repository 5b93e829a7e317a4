/// An action for one model of a type, named by its `id`: a row's "favourite" tapped, one
/// download cancelled.
///
/// When the target's type routes (``ActionRouting``), the store delivers the action down the
/// path to the model with that id alone: the other models of the type, and what they hold, do
/// not receive it, so the action costs the path to the row, not the list (the store finds the
/// row through its id index). Every other model that takes the action receives it as usual,
/// the row's parents included. Without routing every model receives it, and the model's own
/// `update(action:)` checks the id, so write that check either way. A test store checks the
/// rows it skipped, on a copy, and reports any that would have changed.
///
/// For effects, `EffectHandler` starts the effects declared for the action bound to that
/// model, as for a screen an action is addressed to, so that a `model:` effect reads that row
/// (not the first of its type), ids and `cancelInFlight` apply among that row's effects alone,
/// and the effects end when the row leaves the tree, wherever the rows around it move.
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

    /// The layout of the model type the action is for.
    static var targetLayout: TypeLayout { LayoutCache.layout(for: Target.self) }

    /// The id of the model the action is for, as a hashable value.
    var targetKey: AnyHashable { AnyHashable(targetID) }
}
