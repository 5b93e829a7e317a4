import Substate

/// The live stores a middleware that gathers from every store it serves (a tracker, a
/// publisher) works for, so that its sequences end when the last of them is released, not
/// when the first is.
@MainActor
struct ServedStores {
    private var live: Set<ObjectIdentifier> = []

    /// Notes a store that started with the middleware.
    mutating func serve(_ store: Store) {
        live.insert(ObjectIdentifier(store))
    }

    /// Notes a store's release; returns whether no store the middleware serves is left.
    mutating func release(_ store: Store) -> Bool {
        live.remove(ObjectIdentifier(store))
        return live.isEmpty
    }
}
