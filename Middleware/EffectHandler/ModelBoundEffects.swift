import Substate

/// The effects a store runs on behalf of one model each (`Effect(model:action:)`): when that
/// model leaves the tree (a destination set to `nil`, a screen popped, an element removed, an
/// enum case replaced), its effects are cancelled and send nothing more, as a StateMachine
/// node's are.
///
/// A model is the same one while a model of its type is at its place (with the same `id`,
/// when its type is `Identifiable`).
@MainActor
final class ModelBoundEffects {
    private struct Binding {
        let token: Int
        let location: ModelLocation
        let type: ObjectIdentifier
        /// The model's type as Swift prints it, for the diagnostic of a late action.
        let name: String
        let id: AnyHashable?
    }

    /// Whose storage this is, in each store (see `Store.storage(for:_:)`).
    private final class Owner {}
    private static let owner = Owner()

    private var bindings: [Binding] = []
    private var isObserving = false

    /// The registry of a store.
    static func of(_ store: Store) -> ModelBoundEffects {
        store.storage(for: owner) { ModelBoundEffects() }
    }

    /// Starts an effect for the first model of a type in the tree, bound to it; does nothing
    /// when there is none.
    static func run<M: Model>(
        for type: M.Type, in store: Store, id: EffectID?, cancelInFlight: Bool,
        catch handler: (@MainActor @Sendable (any Error) -> (any Action)?)?,
        _ operation: @escaping @Sendable (M, Send) async throws -> Void
    ) {
        guard let (location, model) = store.locatedModelsUntracked(M.self).first else { return }
        let token = store.effects.start(id: id, cancelInFlight: cancelInFlight, catch: handler) { send in
            try await operation(model, send)
        }
        guard let token else { return }
        of(store).bind(token, at: location, type: M.self, id: identity(of: model), in: store)
    }

    private func bind(_ token: Int, at location: ModelLocation, type: Any.Type, id: AnyHashable?, in store: Store) {
        bindings.append(
            Binding(token: token, location: location, type: ObjectIdentifier(type), name: typeName(type), id: id))
        guard !isObserving else { return }
        isObserving = true
        store.observeReductions { [weak self, unowned store] _, _ in
            guard let self, !self.bindings.isEmpty else { return }
            self.cancelEffectsOfGoneModels(in: store)
        }
    }

    /// After each action: the effects whose model is no longer at its place are cancelled, and
    /// those that ended are forgotten.
    private func cancelEffectsOfGoneModels(in store: Store) {
        bindings.removeAll { binding in
            guard store.effects.isRunning(token: binding.token) else { return true }
            if let model = store.model(at: binding.location), ObjectIdentifier(Swift.type(of: model)) == binding.type,
                binding.id == nil || Self.identity(of: model) == binding.id
            {
                return false
            }
            store.effects.cancel(token: binding.token, leftModel: binding.name)
            return true
        }
    }

    private static func identity(of model: any Model) -> AnyHashable? {
        func id<I: Identifiable>(_ value: I) -> AnyHashable { AnyHashable(value.id) }
        return (model as? any Identifiable).map { id($0) }
    }
}
