/// The reads made through a store that observers depend on, and which of them an action's
/// changes touch.
///
/// A read stays until its observers are told, since observation tracking is one-shot and
/// observers register again when they read again. The reads by protocol, which any changed
/// model may touch, and the reads of one value of a model, checked with the read of the whole
/// model, are kept apart, so that finding the touched reads never looks through all of them.
@MainActor
struct ObservationTable {
    private var queries: [ObservationKey: ObservedQuery] = [:]
    private var byProtocol: Set<ObservationKey> = []
    /// The reads of one value of a model (a key path), by the same read of the whole model.
    private var members: [ObservationKey: Set<ObservationKey>] = [:]
    /// The registrar's key path of each key ever read, kept so that a key read again reuses it.
    private var keyPaths: [ObservationKey: KeyPath<Store, Int>] = [:]

    /// Whether no read waits for a change.
    var isEmpty: Bool { queries.isEmpty }

    /// The registrar's key path for a key.
    mutating func keyPath(for key: ObservationKey) -> KeyPath<Store, Int> {
        if let cached = keyPaths[key] { return cached }
        let keyPath = \Store.[observing: key]
        keyPaths[key] = keyPath
        return keyPath
    }

    /// Adds a read, in place of the same read made before.
    mutating func insert(_ query: ObservedQuery, for key: ObservationKey) {
        queries[key] = query
        if key.byProtocol { byProtocol.insert(key) }
        if key.member != nil { members[key.whole, default: []].insert(key) }
    }

    /// Removes and returns the reads the changes touch, each once.
    ///
    /// A changed model touches the reads of its own type and id and those of every model above
    /// it, whose values contain it: those are taken at once, except reads of "the shallowest
    /// model of a type", taken only if that model is another value now. A change that may have
    /// added, removed or moved models below it touches the reads of those types, taken if
    /// reading again gives another result (`differs`). The cost follows the changes and the
    /// reads they touch, not the size of the tree or the number of reads.
    mutating func takeTouched(
        by changes: [ModelChange], differs: (ObservedQuery) -> Bool
    ) -> [ObservedQuery] {
        guard !changes.isEmpty, !queries.isEmpty else { return [] }
        var direct: Set<ObservationKey> = []
        var checked: Set<ObservationKey> = []
        var regrouped: Set<ObjectIdentifier> = []
        var everywhere = false
        for change in changes {
            let ids = change.ids
            Self.insert(change.layout.typeID, ids.before, direct: &direct, checked: &checked)
            if ids.after != ids.before {
                Self.insert(change.layout.typeID, ids.after, direct: &direct, checked: &checked)
            }
            regrouped.formUnion(change.regroupedTypes)
            if change.mayRegroupExistentials { everywhere = true }
            for ancestor in change.ancestors {
                Self.insert(ancestor.type, ancestor.id, direct: &direct, checked: &checked)
            }
        }
        checked.formUnion(byProtocol)
        if !regrouped.isEmpty || everywhere {
            for key in queries.keys where everywhere || regrouped.contains(key.type) { checked.insert(key) }
        }
        // A read of one value of a model is checked whenever the same read of the whole model
        // would be taken or checked: the value is compared, not the model.
        if !members.isEmpty {
            for key in direct.union(checked) {
                if let values = members[key] { checked.formUnion(values) }
            }
        }
        var touched: [ObservationKey] = []
        for key in direct where queries[key] != nil { touched.append(key) }
        for key in checked where !direct.contains(key) {
            if let query = queries[key], differs(query) { touched.append(key) }
        }
        return touched.compactMap { remove($0) }
    }

    private mutating func remove(_ key: ObservationKey) -> ObservedQuery? {
        guard let query = queries.removeValue(forKey: key) else { return nil }
        if key.byProtocol { byProtocol.remove(key) }
        if key.member != nil {
            members[key.whole]?.remove(key)
            if members[key.whole]?.isEmpty == true { members[key.whole] = nil }
        }
        return query
    }

    private static func insert(
        _ type: ObjectIdentifier, _ id: AnyHashable?, direct: inout Set<ObservationKey>,
        checked: inout Set<ObservationKey>
    ) {
        direct.insert(ObservationKey(type: type, scope: .all, byProtocol: false))
        checked.insert(ObservationKey(type: type, scope: .first, byProtocol: false))
        if let id { direct.insert(ObservationKey(type: type, scope: .id(id), byProtocol: false)) }
    }
}
