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

    /// An instance with running effects, and where it was last seen.
    private struct Owner {
        var location: ModelLocation
        /// The model's type as Swift prints it, for the diagnostic of a late action.
        let name: String
        /// Finds every model of the instance's type that has an identity, by identity: one walk
        /// relocates all the owners of a type whose models moved.
        let locateAll: (@MainActor (Store) -> [AnyHashable: ModelLocation])?
        /// The tokens of its running effects (a set: an effect that ends leaves it in constant
        /// time, however many were cancelled and have not ended yet).
        var effects: Set<Int> = []
    }

    /// Whose storage this is, in each store (see `Store.storage(for:_:)`).
    private final class StorageOwner {}
    private static let storageOwner = StorageOwner()

    private var owners: [Instance: Owner] = [:]
    /// The instances with running effects, by their model's type.
    private var ownersOfType: [ObjectIdentifier: Set<Instance>] = [:]
    /// The instances with running effects, by the place they were last seen.
    private var ownersAt: [ModelLocation: Set<Instance>] = [:]
    /// The instance each running effect belongs to, and the scope it was started within.
    private var tokens: [Int: (owner: Instance, scope: Instance?)] = [:]
    /// The effects started within each scope under an id, for ``cancel(id:within:in:)``: a
    /// start with `cancelInFlight` looks at its scope's effects alone, so a thousand nodes
    /// starting effects in one action cost a thousand short lookups, not a scan of every
    /// running effect each.
    private var scoped: [Instance: [(token: Int, id: EffectID)]] = [:]
    private var isObserving = false
    /// Whether the store is asked to record which models each action changes.
    private var watchesStore = false

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
        observe(store)
        // The runtime knows the id too, so `Store.CancelEffects` still reaches these effects.
        guard
            let token = store.effects.start(
                id: id, cancelInFlight: scope == nil && cancelInFlight, catch: handler, instance: addressee,
                dismissal: dismissal, operation)
        else { return nil }
        let scope = id == nil ? nil : scope
        if let scope, let id { scoped[scope, default: []].append((token, id)) }
        let instance = Instance(model, at: location)
        tokens[token] = (instance, scope)
        if let known = owners[instance]?.location {
            // No copy of the owner is held here: the set of its effects grows in place.
            owners[instance]!.effects.insert(token)
            if known != location { move(instance, from: known, to: location) }
        } else {
            let type = Swift.type(of: model)
            owners[instance] = Owner(
                location: location, name: typeName(type), locateAll: Self.locator(for: model), effects: [token])
            ownersOfType[instance.type, default: []].insert(instance)
            ownersAt[location, default: []].insert(instance)
        }
        if !watchesStore {
            watchesStore = true
            store.watchStructure()
        }
        return token
    }

    /// Cancels the running effects with the id that were started within the scope.
    ///
    /// The cancelled effects leave the scope's list at once, though their tasks end later: a
    /// row toggled many times between two turns of the main actor (each toggle cancelling the
    /// last debounce) keeps one entry, not one per toggle.
    package func cancel(id: EffectID, within scope: Instance, in store: Store) {
        guard let effects = scoped[scope] else { return }
        var kept: [(token: Int, id: EffectID)] = []
        for effect in effects {
            if effect.id == id {
                store.effects.cancel(token: effect.token)
            } else {
                kept.append(effect)
            }
        }
        scoped[scope] = kept.isEmpty ? nil : kept
    }

    private func observe(_ store: Store) {
        guard !isObserving else { return }
        isObserving = true
        store.effects.collectsEnded = true
        // Called only inside the store's own dispatch, a flush at its release included: held
        // without a count, which would trap once the store has begun to release.
        store.observeReductions { [weak self, unowned(unsafe) store] _, _ in
            // Every owner has a token in the table until its last effect ends.
            guard let self, !self.tokens.isEmpty else { return }
            self.forgetEndedEffects(in: store)
            self.endEffectsOfGoneInstances(in: store)
        }
    }

    /// Forgets the effects that ended since the last action; costs what ended, not what runs.
    private func forgetEndedEffects(in store: Store) {
        for token in store.effects.takeEnded() {
            guard let (instance, scope) = tokens.removeValue(forKey: token) else { continue }
            if let scope, var list = scoped[scope] {
                list.removeAll { $0.token == token }
                scoped[scope] = list.isEmpty ? nil : list
            }
            // In place: a copy of the owner would copy the set of its effects.
            guard owners[instance]?.effects.remove(token) != nil, let owner = owners[instance] else { continue }
            if owner.effects.isEmpty { remove(instance, at: owner.location) }
        }
        if owners.isEmpty, watchesStore {
            watchesStore = false
            store.stopWatchingStructure()
        }
    }

    /// After each action: the effects of instances the action took out of the tree are
    /// cancelled, and owners that moved are found at their new places.
    ///
    /// The store's change record says which models the action changed and below which of them
    /// models may have appeared, gone or moved: only the owners at those places, or of those
    /// types, are looked at, so an action costs what it changed, not what runs.
    private func endEffectsOfGoneInstances(in store: Store) {
        guard !owners.isEmpty else { return }
        var suspects: Set<Instance> = []
        var everyOwner = false
        for change in store.changes {
            if change.mayRegroupExistentials || change.depth == 0 && change.changedParts == nil {
                everyOwner = true
                break
            }
            for type in change.regroupedTypes {
                if let ofType = ownersOfType[type] { suspects.formUnion(ofType) }
            }
            // A model that changed in place may have changed its identity.
            if ownersOfType[change.layout.typeID] != nil, let here = ownersAt[change.location] {
                suspects.formUnion(here)
            }
        }
        if everyOwner { suspects = Set(owners.keys) }
        guard !suspects.isEmpty else { return }
        // Each type's models with an identity are found once, in one walk, however many of its
        // owners are suspects; an owner without one is looked for at its place.
        var located: [ObjectIdentifier: [AnyHashable: ModelLocation]] = [:]
        for instance in suspects {
            guard let owner = owners[instance] else { continue }
            // Still where it was (a row that changed in place, one after a removed row): a read
            // of one path, where finding it again would walk every model of its type.
            if isPresent(instance, at: owner.location, in: store) { continue }
            if let identity = instance.identity, let locateAll = owner.locateAll {
                if located[instance.type] == nil { located[instance.type] = locateAll(store) }
                if let now = located[instance.type]?[identity] {
                    if now != owner.location { move(instance, from: owner.location, to: now) }
                    continue
                }
            }
            for token in owner.effects.sorted() {
                store.effects.cancel(token: token, leftModel: owner.name)
            }
            // Gone, and nothing of it left to end: later actions need not look at it again while
            // its cancelled tasks wind down (their tokens stay known until they end).
            remove(instance, at: owner.location)
            scoped[instance] = nil
        }
        if owners.isEmpty, watchesStore {
            watchesStore = false
            store.stopWatchingStructure()
        }
    }

    private func move(_ instance: Instance, from old: ModelLocation, to new: ModelLocation) {
        owners[instance]?.location = new
        ownersAt[old]?.remove(instance)
        if ownersAt[old]?.isEmpty == true { ownersAt[old] = nil }
        ownersAt[new, default: []].insert(instance)
    }

    private func remove(_ instance: Instance, at location: ModelLocation) {
        owners[instance] = nil
        ownersAt[location]?.remove(instance)
        if ownersAt[location]?.isEmpty == true { ownersAt[location] = nil }
        ownersOfType[instance.type]?.remove(instance)
        if ownersOfType[instance.type]?.isEmpty == true { ownersOfType[instance.type] = nil }
    }

    /// Whether a model of the instance's type, with its identity, is at the location.
    private func isPresent(_ instance: Instance, at location: ModelLocation, in store: Store) -> Bool {
        guard let model = store.model(at: location), ObjectIdentifier(Swift.type(of: model)) == instance.type else {
            return false
        }
        return instance.identity == nil || Self.identity(of: model) == instance.identity
    }

    /// For a model with an identity, what finds every model of its type by identity (the first
    /// in tree order, for an identity met twice).
    private static func locator(for model: any Model) -> (@MainActor (Store) -> [AnyHashable: ModelLocation])? {
        func locator<M: Model>(_: M.Type, _ identity: @escaping (M) -> AnyHashable)
            -> @MainActor (Store) -> [AnyHashable: ModelLocation]
        {
            { store in
                var found: [AnyHashable: ModelLocation] = [:]
                for (location, model) in store.locatedModelsUntracked(M.self) {
                    let key = identity(model)
                    if found[key] == nil { found[key] = location }
                }
                return found
            }
        }
        func locator<M: Model & Identified>(_ model: M) -> @MainActor (Store) -> [AnyHashable: ModelLocation] {
            locator(M.self) { $0.instanceIdentity }
        }
        func locator<M: Model & Identifiable>(_ model: M) -> @MainActor (Store) -> [AnyHashable: ModelLocation] {
            locator(M.self) { AnyHashable($0.id) }
        }
        if let model = model as? any Model & Identified { return locator(model) }
        return (model as? any Model & Identifiable).map { locator($0) }
    }

    /// What tells a model from another of its type at the same place, if anything does.
    nonisolated private static func identity(of model: any Model) -> AnyHashable? {
        if let model = model as? any Identified { return model.instanceIdentity }
        func id<I: Identifiable>(_ value: I) -> AnyHashable { AnyHashable(value.id) }
        return (model as? any Identifiable).map { id($0) }
    }
}
