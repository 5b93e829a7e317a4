/// Where the models of `Identifiable` types sit, by type and id, so that a read by id walks
/// down one path instead of the whole tree.
///
/// A type's entry is made by the first read of it and dropped when a recorded action may have
/// added, removed or moved its models, or changed their ids; the next read finds them again.
/// An entry is a hint that a read checks (the model found there must have the id), never trusted
/// blindly, so entries outlive actions the store did not record: a read whose hint is wrong
/// finds the models again.
struct IDIndex {
    private var locations: [ObjectIdentifier: [AnyHashable: ModelLocation]] = [:]

    /// Whether no type has an entry.
    var isEmpty: Bool { locations.isEmpty }

    /// Where the model of a type with an id was when its type's entry was made, if it has one.
    func location(of type: ObjectIdentifier, id: AnyHashable) -> ModelLocation? {
        locations[type]?[id]
    }

    /// Makes a type's entry: the locations of its models by id.
    mutating func setEntry(_ entry: [AnyHashable: ModelLocation], for type: ObjectIdentifier) {
        locations[type] = entry
    }

    /// Notes where one model of a type with an id sits, beside what the type's entry holds.
    mutating func note(_ location: ModelLocation, of type: ObjectIdentifier, id: AnyHashable) {
        locations[type, default: [:]][id] = location
    }

    /// Drops every entry: any model may have moved.
    mutating func removeAll() {
        if !locations.isEmpty { locations.removeAll() }
    }

    /// Drops the entries of the types whose models the changes may have added, removed or
    /// moved, or whose ids changed.
    mutating func forget(after changes: [ModelChange]) {
        for change in changes {
            if change.mayRegroupExistentials || change.depth == 0 && change.changedParts == nil {
                locations.removeAll()
                return
            }
            for type in change.regroupedTypes { locations[type] = nil }
            if change.layout.model?.identity != nil {
                let ids = change.ids
                if ids.before != ids.after { locations[change.layout.typeID] = nil }
            }
        }
    }
}
