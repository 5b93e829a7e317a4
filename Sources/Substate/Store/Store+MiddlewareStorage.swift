extension Store {
    /// The storage a middleware instance keeps for this store alone: made on the first call,
    /// released with the store.
    ///
    /// A middleware value is configuration: an app builds one list and may make several stores
    /// from it (a preview, a test store, one per window), side by side or one after another.
    /// Whatever a middleware learns while it works (timers it started, the last value it saw,
    /// an undo history) belongs to the store it is handed, so it lives here, keyed by the
    /// middleware instance and the storage's type.
    ///
    /// ```swift
    /// final class TapCounter: Middleware {
    ///     final class Taps { var count = 0 }
    ///
    ///     func handle(_ action: Action, store: Store, next: Next) {
    ///         if action is Tapped { store.storage(for: self) { Taps() }.count += 1 }
    ///         next(action)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - owner: The middleware instance; the store keeps its middleware for its whole life, so
    ///     the instance's identity cannot be reused meanwhile.
    ///   - make: Makes the storage the first time this owner asks this store.
    public func storage<Owner: AnyObject, Storage: AnyObject>(
        for owner: Owner, _ make: () -> Storage
    ) -> Storage {
        let key = MiddlewareStorageKey(owner: ObjectIdentifier(owner), storage: ObjectIdentifier(Storage.self))
        if let existing = middlewareStorage[key] {
            // The key names the storage's type, so the cast cannot fail.
            return unsafeDowncast(existing, to: Storage.self)
        }
        let made = make()
        middlewareStorage[key] = made
        return made
    }

    /// The storage a middleware instance made for this store, if it made one.
    package func existingStorage<Owner: AnyObject, Storage: AnyObject>(
        for owner: Owner, as type: Storage.Type
    ) -> Storage? {
        let key = MiddlewareStorageKey(owner: ObjectIdentifier(owner), storage: ObjectIdentifier(Storage.self))
        // The key names the storage's type, so the cast cannot fail.
        return middlewareStorage[key].map { unsafeDowncast($0, to: Storage.self) }
    }
}

/// Which middleware instance's storage of which type (see ``Store/storage(for:_:)``).
struct MiddlewareStorageKey: Hashable {
    let owner: ObjectIdentifier
    let storage: ObjectIdentifier
}

/// Storage of a middleware that holds work for later (actions it will release, saves it will
/// make): a test store asks, so that a test waiting for an action knows whether one can come.
package protocol HoldsPendingWork: AnyObject {
    /// How many things the middleware will still do for its store without being asked again.
    @MainActor var pendingWork: Int { get }
}

extension Store {
    /// How many things middleware holds for later for this store (see ``HoldsPendingWork``),
    /// plus the actions sent from other threads and not yet dispatched.
    package var pendingWork: Int {
        var count = inbox.withLock { $0.count }
        for storage in middlewareStorage.values {
            if let holder = storage as? any HoldsPendingWork { count += holder.pendingWork }
        }
        return count
    }

    /// The type names of the middleware in the store's pipeline, in order, for messages.
    package var middlewareNames: [String] { middleware.map { typeName(type(of: $0)) } }
}
