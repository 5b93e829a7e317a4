import Observation

/// Identifies what an observer read: the shallowest model of a type, or all of them.
struct ObservationKey: Hashable, Sendable {
    let type: ObjectIdentifier
    let all: Bool
}

/// A read made through the store that some observer may depend on, and how to tell whether an
/// action changed its result.
@MainActor
final class ObservedQuery {
    let keyPath: KeyPath<Store, Int>
    /// Returns whether the result changed since the last check (always `true` when the model
    /// type is not `Equatable`).
    let hasChanged: @MainActor (Store) -> Bool

    init(keyPath: KeyPath<Store, Int>, hasChanged: @escaping @MainActor (Store) -> Bool) {
        self.keyPath = keyPath
        self.hasChanged = hasChanged
    }
}

extension Store {
    /// The value behind an observation key; only its identity matters to the registrar.
    nonisolated subscript(observing key: ObservationKey) -> Int { 0 }

    /// Registers the read of a model type with the observation registrar.
    ///
    /// Observation is per model type: after an action, observers of a type are told when the
    /// result of their read changed (for `Equatable` models) or may have changed (for others).
    /// The entry is dropped once observers are told, since observation tracking is one-shot and
    /// observers register again when they read again.
    func track<T>(_ type: T.Type, all: Bool) {
        let key = ObservationKey(type: ObjectIdentifier(T.self), all: all)
        let keyPath: KeyPath<Store, Int>
        if let cached = observationKeyPaths[key] {
            keyPath = cached
        } else {
            keyPath = \Store.[observing: key]
            observationKeyPaths[key] = keyPath
        }
        registrar.access(self, keyPath: keyPath)
        guard observed[key] == nil else { return }
        guard T.self is any Equatable.Type else {
            observed[key] = ObservedQuery(keyPath: keyPath) { _ in true }
            return
        }
        // Results are compared as arrays, so that "none" compares equal to "none".
        func result(_ store: Store) -> [T] { all ? store.lookupAll(type) : store.lookup(type).map { [$0] } ?? [] }
        var last = result(self)
        observed[key] = ObservedQuery(keyPath: keyPath) { store in
            let now = result(store)
            defer { last = now }
            return valuesEqual(last, now) != true
        }
    }

    func notifyObservers() {
        let changed = observed.filter { $0.value.hasChanged(self) }
        for (key, query) in changed {
            observed[key] = nil
            registrar.willSet(self, keyPath: query.keyPath)
            registrar.didSet(self, keyPath: query.keyPath)
        }
    }
}
