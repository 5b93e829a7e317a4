/// An action for one instance in the tree (a screen on a stack), carrying the action that
/// instance receives.
///
/// Middleware sees the envelope with its address; the effect handler starts the effects
/// declared for the action inside, bound to the addressed instance, so that they read its
/// state, keep their cancellation ids to it and end when it goes.
package protocol AddressedAction: Action {
    /// The action the addressed instance receives.
    var addressedAction: any Action { get }
    /// Where the addressed instance sits in the store; `nil` once it has gone.
    @MainActor func instance(in store: Store) -> ModelLocation?
    /// The same envelope around another action of the inner action's type (the inner action
    /// stamped as it is dispatched); `nil` for an action of another type.
    func readdressing(_ action: any Action) -> (any Action)?
}

/// An action that can only be carried out while something it names is in the tree: a screen
/// to pop, an element to address. The store checks it as it is dispatched and drops it, with
/// one ``Diagnostic`` of kind ``Diagnostic/Kind/undeliverableAction``, when it cannot be: a
/// late effect's action for a screen popped a moment before is common and harmless.
package protocol DeliveryChecked: Action {
    /// Why the action cannot be carried out in the store as it is; `nil` when it can.
    @MainActor func undeliverable(in store: Store) -> String?
}

/// An instance actions can be addressed to (a screen on a stack): an effect started for it
/// sends its actions addressed to it, as TCA maps a stack element's effects back into
/// `.element(id:action:)`, and dismisses it with `Send.dismiss()`.
package protocol AddressableInstance: Sendable {
    /// The action addressed to this instance.
    func address(_ action: any Action) -> any Action
    /// The action that dismisses this instance.
    var dismissal: any Action { get }
}
