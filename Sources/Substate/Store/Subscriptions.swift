/// The consumers of a store's reduced actions made by ``Store/actions()`` and
/// ``Store/values(of:)``, each fed after every action the tree reduced.
@MainActor
struct Subscriptions {
    /// One consumer: what it does with each action, and how its sequence ends.
    struct Entry {
        let receive: @MainActor (Store, any Action) -> Void
        let finish: () -> Void
    }

    private var entries: [Int: Entry] = [:]
    private var nextID = 0

    /// Whether there is no consumer.
    var isEmpty: Bool { entries.isEmpty }

    /// Adds a consumer; returns the id that removes it.
    mutating func add(_ entry: Entry) -> Int {
        let id = nextID
        nextID += 1
        entries[id] = entry
        return id
    }

    /// Removes a consumer; nothing when it is gone already.
    mutating func remove(_ id: Int) {
        entries[id] = nil
    }

    /// Hands an action the tree reduced to every consumer.
    func deliver(_ action: any Action, from store: Store) {
        for entry in entries.values { entry.receive(store, action) }
    }

    /// Ends every consumer's sequence: the store is going.
    func finishAll() {
        for entry in entries.values { entry.finish() }
    }
}
