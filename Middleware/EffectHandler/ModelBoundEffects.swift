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
        /// The effect's id and the instance it was started for, when an action addressed to one
        /// started it: its id and `cancelInFlight` apply within that instance alone.
        var effectID: EffectID? = nil
        var instance: ModelLocation? = nil
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

    /// Starts an effect for the first model of a type in the tree (or, given an instance, the
    /// first at or below it), bound to it; does nothing when there is none.
    static func run<M: Model>(
        for type: M.Type, in store: Store, within instance: ModelLocation?, id: EffectID?, cancelInFlight: Bool,
        catch handler: (@MainActor @Sendable (any Error) -> (any Action)?)?,
        _ operation: @escaping @Sendable (M, Send) async throws -> Void
    ) {
        let found = store.locatedModelsUntracked(M.self).first { instance?.contains($0.location) ?? true }
        guard let (location, model) = found else { return }
        of(store).start(
            at: location, model: model, in: store, instance: instance, id: id, cancelInFlight: cancelInFlight,
            catch: handler
        ) { send in try await operation(model, send) }
    }

    /// Starts an effect bound to the model at an instance's location (a screen an action was
    /// addressed to); does nothing when it is gone.
    static func run(
        at instance: ModelLocation, in store: Store, id: EffectID?, cancelInFlight: Bool,
        catch handler: (@MainActor @Sendable (any Error) -> (any Action)?)?,
        _ operation: @escaping @Sendable (Send) async throws -> Void
    ) {
        guard let model = store.model(at: instance) else { return }
        of(store).start(
            at: instance, model: model, in: store, instance: instance, id: id, cancelInFlight: cancelInFlight,
            catch: handler, operation)
    }

    /// Cancels the effects with the id that were started for the instance.
    static func cancel(id: EffectID, within instance: ModelLocation, in store: Store) {
        of(store).cancel(id: id, within: instance, in: store)
    }

    private func cancel(id: EffectID, within instance: ModelLocation, in store: Store) {
        for binding in bindings where binding.effectID == id && binding.instance == instance {
            store.effects.cancel(token: binding.token)
        }
    }

    private func start(
        at location: ModelLocation, model: any Model, in store: Store, instance: ModelLocation?, id: EffectID?,
        cancelInFlight: Bool, catch handler: (@MainActor @Sendable (any Error) -> (any Action)?)?,
        _ operation: @escaping @Sendable (Send) async throws -> Void
    ) {
        // Within an instance, ids name that instance's effects: a sibling's are left alone.
        if let instance, let id, cancelInFlight { cancel(id: id, within: instance, in: store) }
        // The runtime knows the id too, so `Store.CancelEffects` still reaches these effects.
        let addressable = instance.flatMap { store.model(at: $0) as? any AddressableInstance }
        let token = store.effects.start(
            id: id, cancelInFlight: instance == nil && cancelInFlight, catch: handler, instance: addressable, operation)
        guard let token else { return }
        let type = Swift.type(of: model)
        var binding = Binding(
            token: token, location: location, type: ObjectIdentifier(type), name: typeName(type),
            id: Self.identity(of: model))
        if let instance {
            binding.effectID = id
            binding.instance = instance
        }
        bind(binding, in: store)
    }

    private func bind(_ binding: Binding, in store: Store) {
        bindings.append(binding)
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
