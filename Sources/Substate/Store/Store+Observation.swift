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
        let keyPath = observation.keyPath(for: key)
        registrar.access(self, keyPath: keyPath)
        observation.insert(ObservedQuery(keyPath: keyPath, differs: differs), for: key)
    }

    /// The observation key of a read of a type.
    func observationKey<T>(_ type: T.Type, _ scope: ObservationKey.Scope) -> ObservationKey {
        ObservationKey(type: ObjectIdentifier(T.self), scope: scope, byProtocol: !(T.self is any Model.Type))
    }

    /// Tells the observers whose reads the changes touched, each once (see
    /// ``ObservationTable/takeTouched(by:differs:)``).
    func notifyObservers(of changes: [ModelChange]) {
        let touched = observation.takeTouched(by: changes) { $0.differs(self, changes) }
        for query in touched {
            registrar.willSet(self, keyPath: query.keyPath)
            registrar.didSet(self, keyPath: query.keyPath)
        }
    }
}

/// Whether two values read from the tree are the same: by `==` when they are `Equatable`, else
/// by their bytes (which can only tell apart values that may be equal, never miss a change).
func sameValue<T>(_ lhs: T?, _ rhs: T?) -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): return true
    case (let lhs?, let rhs?):
        if let equal = valuesEqual(lhs, rhs) { return equal }
        // Fact (scoped pointer): both values' bytes are read only inside the closures, as bytes.
        return withUnsafeBytes(of: lhs) { left in withUnsafeBytes(of: rhs) { right in left.elementsEqual(right) } }
    default: return false
    }
}
