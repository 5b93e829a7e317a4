/// Stamping: the values a ``StampedAction`` or ``StampedFromState`` reads from the outside
/// world or the tree are written into it once, when it is dispatched, so that the log records
/// them and a replay reads them back instead of asking again. Writes only ``plainTypes``.
extension Store {
    /// The action stamped from the store's dependencies when it is a ``StampedAction`` (never
    /// while replaying: the log holds the values it was stamped with); otherwise the action
    /// itself, its type noted as plain.
    func stamped(_ action: any Action, type: ObjectIdentifier, slot: Int) -> any Action {
        guard let stampable = action as? any StampedAction else {
            if let fromState = action as? any StampedFromState {
                return isReplaying ? action : stamped(fromState)
            }
            // An action addressed to one screen is stamped as the action inside it would be,
            // reading that screen's state; the envelope is what the log records.
            if let addressed = action as? any AddressedAction, !isReplaying {
                let inner = addressed.addressedAction
                if let fromState = inner as? any StampedFromState {
                    return addressed.readdressing(stamped(fromState, at: addressed.instance(in: self))) ?? action
                }
                if let stampable = inner as? any StampedAction {
                    return addressed.readdressing(stamp(stampable)) ?? action
                }
            }
            // An action checked for delivery, or a dismissal, is never plain: it is checked on
            // every dispatch.
            if !(action is any DeliveryChecked), !(action is any DismissRequest) {
                plainTypes.insert(type, slot: slot)
            }
            return action
        }
        guard !isReplaying else { return action }
        return stamp(stampable)
    }

    private func stamp<S: StampedAction>(_ action: S) -> any Action {
        var action = action
        // The stamp runs with the store's dependencies as the current ones, as an effect does:
        // an `unimplemented` endpoint it calls reports to this store's test.
        Dependencies.$current.withValue(dependencies) { action.stamp(from: dependencies) }
        return action
    }

    /// The action stamped from the dependencies and the state of the model it reads: the one in
    /// the instance at `location` (the screen it is addressed to), the one a ``TargetedAction``
    /// names, or else the first of its type; unstamped when there is none.
    private func stamped<S: StampedFromState>(_ action: S, at location: ModelLocation? = nil) -> any Action {
        let instance = location ?? (action as? any TargetedAction)?.instance(in: self)
        let named = instance.flatMap { stampSource(S.StampSource.self, in: $0) }
        guard let state = named ?? lookup(S.StampSource.self) else { return action }
        var action = action
        Dependencies.$current.withValue(dependencies) { action.stamp(from: dependencies, state: state) }
        return action
    }

    /// The first model of a type at or inside the instance at a location.
    private func stampSource<T: Model>(_ type: T.Type, in instance: ModelLocation) -> T? {
        if let model = model(at: instance) as? T { return model }
        return locatedModelsUntracked(T.self).first {
            $0.location.box == instance.box && $0.location.steps.starts(with: instance.steps)
        }?.model
    }
}
