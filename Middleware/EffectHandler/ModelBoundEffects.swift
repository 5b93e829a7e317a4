import Substate

/// The effects a store runs on behalf of one model each (`Effect(model:action:)`): when that
/// model leaves the tree (a destination set to `nil`, a screen popped, an element removed, an
/// enum case replaced), its effects are cancelled and send nothing more, as a StateMachine
/// node's are.
///
/// A model is the same one while a model of its type is at its place; a model whose type is
/// `Identifiable` is the same one wherever a model of its type with its `id` is, so the effects
/// of a row stay with it when the rows before it are removed.
@MainActor
final class ModelBoundEffects {
    private struct Binding {
        let token: Int
        var location: ModelLocation
        let type: ObjectIdentifier
        /// The model's type as Swift prints it, for the diagnostic of a late action.
        let name: String
        let id: AnyHashable?
        /// Finds an `Identifiable` model again by its id, wherever it moved.
        let relocate: (@MainActor (Store) -> ModelLocation?)?
        /// The effect's id and the instance it was started for, when an action addressed to one
        /// started it: its id and `cancelInFlight` apply within that instance alone.
        var effectID: EffectID? = nil
        var instance: InstanceKey? = nil
    }

    /// Names the instance an effect was started for: by its type and id when it has one (so
    /// that it stays the same instance when it moves), by its place otherwise.
    private struct InstanceKey: Hashable {
        let type: ObjectIdentifier
        let id: AnyHashable?
        let location: ModelLocation?

        init(_ model: any Model, at location: ModelLocation) {
            type = ObjectIdentifier(Swift.type(of: model))
            id = ModelBoundEffects.identity(of: model)
            self.location = id == nil ? location : nil
        }
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
    /// first at or below it), bound to it, when `condition` allows it for that model; does
    /// nothing when there is none.
    static func run<M: Model>(
        for type: M.Type, in store: Store, within instance: ModelLocation?, id: EffectID?, cancelInFlight: Bool,
        catch handler: (@MainActor @Sendable (any Error) -> (any Action)?)?,
        if condition: (@MainActor (M) -> Bool)? = nil, _ operation: @escaping @Sendable (M, Send) async throws -> Void
    ) {
        guard let (location, model) = located(M.self, in: store, within: instance), condition?(model) ?? true
        else { return }
        of(store).start(
            at: location, model: model, in: store, instance: instance, id: id, cancelInFlight: cancelInFlight,
            catch: handler, dismissal: Dismiss<M>()
        ) { send in try await operation(model, send) }
    }

    /// The first model of a type in the tree, or the first at or below an instance, with where
    /// it is.
    static func located<M: Model>(_ type: M.Type, in store: Store, within instance: ModelLocation?) -> (
        location: ModelLocation, model: M
    )? {
        store.locatedModelsUntracked(M.self).first { instance?.contains($0.location) ?? true }
    }

    /// Starts an effect bound to the model at an instance's location (a screen an action was
    /// addressed to); does nothing when it is gone.
    static func run(
        at instance: ModelLocation, in store: Store, id: EffectID?, cancelInFlight: Bool,
        catch handler: (@MainActor @Sendable (any Error) -> (any Action)?)?,
        _ operation: @escaping @Sendable (Send) async throws -> Void
    ) {
        guard let model = store.model(at: instance) else { return }
        // `send.dismiss()` dismisses that model (a screen on a stack pops itself instead).
        func dismissal<M: Model>(_ model: M) -> any Action { Dismiss<M>() }
        of(store).start(
            at: instance, model: model, in: store, instance: instance, id: id, cancelInFlight: cancelInFlight,
            catch: handler, dismissal: dismissal(model), operation)
    }

    /// Cancels the effects with the id that were started for the instance.
    static func cancel(id: EffectID, within instance: ModelLocation, in store: Store) {
        guard let model = store.model(at: instance) else { return }
        of(store).cancel(id: id, within: InstanceKey(model, at: instance), in: store)
    }

    private func cancel(id: EffectID, within instance: InstanceKey, in store: Store) {
        for binding in bindings where binding.effectID == id && binding.instance == instance {
            store.effects.cancel(token: binding.token)
        }
    }

    private func start(
        at location: ModelLocation, model: any Model, in store: Store, instance: ModelLocation?, id: EffectID?,
        cancelInFlight: Bool, catch handler: (@MainActor @Sendable (any Error) -> (any Action)?)?,
        dismissal: (any Action)? = nil, _ operation: @escaping @Sendable (Send) async throws -> Void
    ) {
        let instanceModel = instance.flatMap { store.model(at: $0) }
        let key = instance.flatMap { instance in instanceModel.map { InstanceKey($0, at: instance) } }
        // Within an instance, ids name that instance's effects: a sibling's are left alone.
        if let key, let id, cancelInFlight { cancel(id: id, within: key, in: store) }
        // The runtime knows the id too, so `Store.CancelEffects` still reaches these effects.
        let token = store.effects.start(
            id: id, cancelInFlight: instance == nil && cancelInFlight, catch: handler,
            instance: instanceModel as? any AddressableInstance, dismissal: dismissal, operation)
        guard let token else { return }
        let type = Swift.type(of: model)
        var binding = Binding(
            token: token, location: location, type: ObjectIdentifier(type), name: typeName(type),
            id: Self.identity(of: model), relocate: Self.relocator(for: model))
        if let key {
            binding.effectID = id
            binding.instance = key
        }
        bind(binding, in: store)
    }

    /// For an `Identifiable` model, what finds a model of its type with its id in the store.
    private static func relocator(for model: any Model) -> (@MainActor (Store) -> ModelLocation?)? {
        func relocator<M: Model & Identifiable>(_ model: M) -> @MainActor (Store) -> ModelLocation? {
            let id = model.id
            return { store in store.locatedModelsUntracked(M.self).first { $0.model.id == id }?.location }
        }
        return (model as? any Model & Identifiable).map { relocator($0) }
    }

    private func bind(_ binding: Binding, in store: Store) {
        bindings.append(binding)
        guard !isObserving else { return }
        isObserving = true
        // Called only inside the store's own dispatch, a flush at its release included: held
        // without a count, which would trap once the store has begun to release.
        store.observeReductions { [weak self, unowned(unsafe) store] _, _ in
            guard let self, !self.bindings.isEmpty else { return }
            self.cancelEffectsOfGoneModels(in: store)
        }
    }

    /// After each action: the effects whose model is no longer at its place are cancelled, and
    /// those that ended are forgotten.
    private func cancelEffectsOfGoneModels(in store: Store) {
        var kept: [Binding] = []
        for var binding in bindings where store.effects.isRunning(token: binding.token) {
            if let model = store.model(at: binding.location), ObjectIdentifier(Swift.type(of: model)) == binding.type,
                binding.id == nil || Self.identity(of: model) == binding.id
            {
                kept.append(binding)
            } else if let moved = binding.relocate?(store) {
                binding.location = moved
                kept.append(binding)
            } else {
                store.effects.cancel(token: binding.token, leftModel: binding.name)
            }
        }
        bindings = kept
    }

    nonisolated fileprivate static func identity(of model: any Model) -> AnyHashable? {
        func id<I: Identifiable>(_ value: I) -> AnyHashable { AnyHashable(value.id) }
        return (model as? any Identifiable).map { id($0) }
    }
}
