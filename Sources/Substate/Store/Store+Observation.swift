import Observation

/// Identifies what an observer read: the shallowest model of a type, all of them, or the one
/// with an `id`; the whole model, or one value of it (a key path).
// @unchecked Sendable: the id is a model's `id`, and models are Sendable; AnyHashable, which
// holds it, is not marked so; key paths into models are immutable.
struct ObservationKey: Hashable, @unchecked Sendable {
    enum Scope: Hashable {
        case first
        case all
        case id(AnyHashable)
    }

    let type: ObjectIdentifier
    let scope: Scope
    /// Whether the type is a protocol rather than a model type: any changed model may match it.
    let byProtocol: Bool
    /// The value of the model the read named, or `nil` for the whole model.
    var member: AnyKeyPath? = nil

    /// The same read of the whole model.
    var whole: ObservationKey { ObservationKey(type: type, scope: scope, byProtocol: byProtocol) }
}

/// A read made through the store that some observer depends on.
///
/// It keeps what it needs to tell whether the read would now give another result: where the
/// model it read stood, its id, or the small value a key path read. Never the model itself:
/// a kept model would share its buffers with the tree, and every later write into them would
/// copy them first.
@MainActor
final class ObservedQuery {
    let keyPath: KeyPath<Store, Int>
    /// Whether reading again would give another result, given what the last action changed.
    let differs: @MainActor (Store, [ModelChange]) -> Bool

    init(keyPath: KeyPath<Store, Int>, differs: @escaping @MainActor (Store, [ModelChange]) -> Bool) {
        self.keyPath = keyPath
        self.differs = differs
    }
}

extension Store {
    /// The value behind an observation key; only its identity matters to the registrar.
    nonisolated subscript(observing key: ObservationKey) -> Int { 0 }

    /// Registers a read with the observation registrar.
    ///
    /// After an action, the store tells observers from what the action changed (see
    /// ``notifyObservers(of:)``), never by running every query again. The entry is dropped once
    /// its observers are told, since observation tracking is one-shot and observers register
    /// again when they read again.
    func track(_ key: ObservationKey, differs: @escaping @MainActor (Store, [ModelChange]) -> Bool) {
        let keyPath: KeyPath<Store, Int>
        if let cached = observationKeyPaths[key] {
            keyPath = cached
        } else {
            keyPath = \Store.[observing: key]
            observationKeyPaths[key] = keyPath
        }
        registrar.access(self, keyPath: keyPath)
        observed[key] = ObservedQuery(keyPath: keyPath, differs: differs)
        if key.byProtocol { observedByProtocol.insert(key) }
        if key.member != nil { observedMembers[key.whole, default: []].insert(key) }
    }

    /// The observation key of a read of a type.
    func observationKey<T>(_ type: T.Type, _ scope: ObservationKey.Scope) -> ObservationKey {
        ObservationKey(type: ObjectIdentifier(T.self), scope: scope, byProtocol: !(T.self is any Model.Type))
    }

    /// Tells the observers whose reads the changes touched, each once.
    ///
    /// A changed model touches the reads of its own type and id and those of every model above
    /// it, whose values contain it: those observers are told at once, except readers of "the
    /// shallowest model of a type", who are told only if that model is another value now. A
    /// change that may have added, removed or moved models below it (it changed a container or
    /// a field that holds models) touches the reads of those types, and their observers are
    /// told if reading again gives another result. The cost follows the changes and the
    /// observers they touch, not the size of the tree or the number of observers.
    func notifyObservers(of changes: [ModelChange]) {
        guard !changes.isEmpty else { return }
        var direct: Set<ObservationKey> = []
        var checked: Set<ObservationKey> = []
        var regrouped: Set<ObjectIdentifier> = []
        var everywhere = false
        for change in changes {
            let ids = change.ids
            insert(change.layout.typeID, ids.before, direct: &direct, checked: &checked)
            if ids.after != ids.before { insert(change.layout.typeID, ids.after, direct: &direct, checked: &checked) }
            regrouped.formUnion(change.regroupedTypes)
            if change.mayRegroupExistentials { everywhere = true }
            for ancestor in change.ancestors {
                insert(ancestor.type, ancestor.id, direct: &direct, checked: &checked)
            }
        }
        checked.formUnion(observedByProtocol)
        // Changes that may have added, removed or moved models touch every read of those types.
        if !regrouped.isEmpty || everywhere {
            for key in observed.keys where everywhere || regrouped.contains(key.type) { checked.insert(key) }
        }
        // A read of one value of a model is checked whenever the same read of the whole model
        // would be told or checked: the value is compared, not the model.
        if !observedMembers.isEmpty {
            for key in direct.union(checked) {
                if let members = observedMembers[key] { checked.formUnion(members) }
            }
        }
        var told: [ObservationKey] = []
        for key in direct where observed[key] != nil { told.append(key) }
        for key in checked where !direct.contains(key) {
            if let query = observed[key], query.differs(self, changes) { told.append(key) }
        }
        for key in told {
            guard let query = observed.removeValue(forKey: key) else { continue }
            if key.byProtocol { observedByProtocol.remove(key) }
            if key.member != nil {
                observedMembers[key.whole]?.remove(key)
                if observedMembers[key.whole]?.isEmpty == true { observedMembers[key.whole] = nil }
            }
            registrar.willSet(self, keyPath: query.keyPath)
            registrar.didSet(self, keyPath: query.keyPath)
        }
    }

    private func insert(
        _ type: ObjectIdentifier, _ id: AnyHashable?, direct: inout Set<ObservationKey>,
        checked: inout Set<ObservationKey>
    ) {
        direct.insert(ObservationKey(type: type, scope: .all, byProtocol: false))
        checked.insert(ObservationKey(type: type, scope: .first, byProtocol: false))
        if let id { direct.insert(ObservationKey(type: type, scope: .id(id), byProtocol: false)) }
    }
}

/// Whether two values read from the tree are the same: by `==` when they are `Equatable`, else
/// by their bytes (which can only tell apart values that may be equal, never miss a change).
func sameValue<T>(_ lhs: T?, _ rhs: T?) -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): return true
    case (let lhs?, let rhs?):
        if let equal = valuesEqual(lhs, rhs) { return equal }
        return withUnsafeBytes(of: lhs) { left in withUnsafeBytes(of: rhs) { right in left.elementsEqual(right) } }
    default: return false
    }
}
