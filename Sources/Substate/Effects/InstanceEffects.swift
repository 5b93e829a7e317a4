/// The effects that belong to a place in a store's tree: when the instance there leaves the
/// tree (a destination set to `nil`, a screen popped, an element removed, an enum case
/// replaced, a StateMachine node removed or replaced by a fresh one), its effects are
/// cancelled and send nothing more.
///
/// `Effect(model:action:)` and the effects an action addressed to a screen starts belong to
/// their model this way, as do a StateMachine node's effects; the navigation kit's screens
/// take their effects with them through it.
///
/// An instance is the same one while a model of its type is at its place. A model whose type
/// is `Identifiable`, or that names an identity of its own (``Identified``), is the same one
/// wherever a model of its type with that identity is, so the effects of a row stay with it
/// when the rows before it are removed.
///
/// Effect ids can be scoped to an instance: ``cancel(id:within:in:)`` and a start with
/// `cancelInFlight` then reach that instance's effects with the id alone, not a sibling's.
@MainActor
package final class InstanceEffects {
    /// A model the tree follows by an identity of its own rather than by `Identifiable`: a
    /// StateMachine node, whose fresh replacement with the same id is another instance.
    package protocol Identified {
        var instanceIdentity: AnyHashable { get }
    }

    /// Names one instance in the tree: by its type and identity when it has one (so that it
    /// stays the same instance when it moves), by its type and place otherwise.
    package struct Instance: Hashable {
        let type: ObjectIdentifier
        let identity: AnyHashable?
        let location: ModelLocation?

        package init(_ model: any Model, at location: ModelLocation) {
            type = ObjectIdentifier(Swift.type(of: model))
            identity = InstanceEffects.identity(of: model)
            self.location = identity == nil ? location : nil
        }
    }

    /// One effect of an instance.
    private struct Owned {
        let token: Int
    }

    /// An instance with running effects, and where it was last seen.
    private struct Owner {
        var location: ModelLocation
        /// The model's type as Swift prints it, for the diagnostic of a late action.
        let name: String
        /// Finds a model with an identity again, wherever it moved.
        let relocate: (@MainActor (Store) -> ModelLocation?)?
        var effects: [Owned] = []
    }

    /// Whose storage this is, in each store (see `Store.storage(for:_:)`).
    private final class StorageOwner {}
    private static let storageOwner = StorageOwner()

    private var owners: [Instance: Owner] = [:]
    /// The effects started within each scope under an id, for ``cancel(id:within:in:)``: a
    /// start with `cancelInFlight` looks at its scope's effects alone, so a thousand nodes
    /// starting effects in one action cost a thousand short lookups, not a scan of every
    /// running effect each. Entries of effects that ended are dropped after each action.
    private var scoped: [Instance: [(token: Int, id: EffectID)]] = [:]
    private var isObserving = false

    /// The effects of a store's instances.
    package static func of(_ store: Store) -> InstanceEffects {
        store.storage(for: storageOwner) { InstanceEffects() }
    }

    /// Starts an effect that belongs to the model at a location: it is cancelled when that
    /// model leaves the tree. Returns its token; `nil` when nothing started (a replaying or
    /// released store).
    ///
    /// - Parameters:
    ///   - scope: The instance the effect's id is scoped to: `cancelInFlight` cancels that
    ///     instance's effects with the id alone. Without one, the id is the runtime's, and
    ///     `cancelInFlight` cancels every running effect with it.
    ///   - addressee: The screen what the effect sends is addressed to (see
    ///     ``EffectRuntime``'s `start`).
    ///   - dismissal: What `Send.dismiss()` sends.
    @discardableResult
    package func start(
        belongingTo model: any Model, at location: ModelLocation, in store: Store, id: EffectID?,
        cancelInFlight: Bool, within scope: Instance?,
        catch handler: (@MainActor @Sendable (any Error) -> (any Action)?)?,
        addressedTo addressee: (any AddressableInstance)? = nil, dismissal: (any Action)? = nil,
        _ operation: @escaping @Sendable (Send) async throws -> Void
    ) -> Int? {
        if let scope, let id, cancelInFlight { cancel(id: id, within: scope, in: store) }
        // The runtime knows the id too, so `Store.CancelEffects` still reaches these effects.
        guard
            let token = store.effects.start(
                id: id, cancelInFlight: scope == nil && cancelInFlight, catch: handler, instance: addressee,
                dismissal: dismissal, operation)
        else { return nil }
        let owned = Owned(token: token)
        if let scope, let id { scoped[scope, default: []].append((token, id)) }
        let instance = Instance(model, at: location)
        if owners[instance] != nil {
            owners[instance]!.effects.append(owned)
        } else {
            let type = Swift.type(of: model)
            owners[instance] = Owner(
                location: location, name: typeName(type), relocate: Self.relocator(for: model), effects: [owned])
        }
        observe(store)
        return token
    }

    /// Cancels the running effects with the id that were started within the scope.
    package func cancel(id: EffectID, within scope: Instance, in store: Store) {
        guard let effects = scoped[scope] else { return }
        for effect in effects where effect.id == id { store.effects.cancel(token: effect.token) }
    }

    private func observe(_ store: Store) {
        guard !isObserving else { return }
        isObserving = true
        // Called only inside the store's own dispatch, a flush at its release included: held
        // without a count, which would trap once the store has begun to release.
        store.observeReductions { [weak self, unowned(unsafe) store] _, _ in
            guard let self, !self.owners.isEmpty || !self.scoped.isEmpty else { return }
            self.endEffectsOfGoneInstances(in: store)
        }
    }

    /// After each action: the effects of instances no longer in the tree are cancelled, and
    /// those that ended are forgotten.
    private func endEffectsOfGoneInstances(in store: Store) {
        var gone: [Instance] = []
        for index in owners.indices {
            let instance = owners.keys[index]
            owners.values[index].effects.removeAll { !store.effects.isRunning(token: $0.token) }
            let owner = owners.values[index]
            if owner.effects.isEmpty {
                gone.append(instance)
            } else if isPresent(instance, at: owner.location, in: store) {
                continue
            } else if let moved = owner.relocate?(store) {
                owners.values[index].location = moved
            } else {
                for effect in owner.effects { store.effects.cancel(token: effect.token, leftModel: owner.name) }
                gone.append(instance)
            }
        }
        for instance in gone { owners[instance] = nil }
        var emptied: [Instance] = []
        for index in scoped.indices {
            scoped.values[index].removeAll { !store.effects.isRunning(token: $0.token) }
            if scoped.values[index].isEmpty { emptied.append(scoped.keys[index]) }
        }
        for scope in emptied { scoped[scope] = nil }
    }

    /// Whether a model of the instance's type, with its identity, is at the location.
    private func isPresent(_ instance: Instance, at location: ModelLocation, in store: Store) -> Bool {
        guard let model = store.model(at: location), ObjectIdentifier(Swift.type(of: model)) == instance.type else {
            return false
        }
        return instance.identity == nil || Self.identity(of: model) == instance.identity
    }

    /// For a model with an identity, what finds a model of its type with that identity.
    private static func relocator(for model: any Model) -> (@MainActor (Store) -> ModelLocation?)? {
        func relocator<M: Model & Identified>(_ model: M) -> @MainActor (Store) -> ModelLocation? {
            let identity = model.instanceIdentity
            return { store in
                store.locatedModelsUntracked(M.self).first { $0.model.instanceIdentity == identity }?.location
            }
        }
        func relocator<M: Model & Identifiable>(_ model: M) -> @MainActor (Store) -> ModelLocation? {
            let id = model.id
            return { store in store.locatedModelsUntracked(M.self).first { $0.model.id == id }?.location }
        }
        if let model = model as? any Model & Identified { return relocator(model) }
        return (model as? any Model & Identifiable).map { relocator($0) }
    }

    /// What tells a model from another of its type at the same place, if anything does.
    nonisolated private static func identity(of model: any Model) -> AnyHashable? {
        if let model = model as? any Identified { return model.instanceIdentity }
        func id<I: Identifiable>(_ value: I) -> AnyHashable { AnyHashable(value.id) }
        return (model as? any Identifiable).map { id($0) }
    }
}
