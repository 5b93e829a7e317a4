/// The one store a middleware that serves a single store works for (a recorder writes one
/// session into one log; a model publisher's sequences follow one store's models).
///
/// Another store handed the same instance is refused: its actions pass on untouched, and it
/// reports a ``Diagnostic`` of kind ``Diagnostic/Kind/sharedMiddleware`` saying so.
@MainActor
package struct StoreClaim {
    /// Whether a store may be served after the one before it was released.
    package enum Reuse {
        /// Serves one store at a time: a store made after the previous one's release is served.
        case afterRelease
        /// Serves the first store only, ever.
        case never
    }

    private let middleware: String
    private let reuse: Reuse
    private let consequence: String
    /// The store served, while it lives.
    package private(set) weak var owner: Store?
    /// The owner's identity, which stays readable while the owner is being released (a weak
    /// reference then reads `nil`); cleared by ``release(_:)``.
    private var ownerID: ObjectIdentifier?
    private var claimed = false

    /// - Parameters:
    ///   - middleware: The middleware's type name, for the diagnostic.
    ///   - reuse: Whether a later store may take the place of a released one.
    ///   - consequence: What the refused store misses, as a sentence ending the diagnostic.
    package init(_ middleware: String, reuse: Reuse, consequence: String) {
        self.middleware = middleware
        self.reuse = reuse
        self.consequence = consequence
    }

    /// Whether the middleware works for the store; a refused store gets the diagnostic.
    package mutating func admits(_ store: Store) -> Bool {
        let id = ObjectIdentifier(store)
        if ownerID == id { return true }
        if owner != nil || (claimed && reuse == .never) { return refuse(store) }
        owner = store
        ownerID = id
        claimed = true
        return true
    }

    /// Called as a store is released: whether it is the one served, which it then stops being.
    package mutating func release(_ store: Store) -> Bool {
        guard ownerID == ObjectIdentifier(store) else { return false }
        ownerID = nil
        owner = nil
        return true
    }

    private func refuse(_ store: Store) -> Bool {
        let serving = owner == nil ? "already served another store" : "already serves another store"
        store.report(
            Diagnostic(
                kind: .sharedMiddleware, typeName: middleware, member: "",
                message:
                    "this \(middleware) instance \(serving), and one instance serves one store\(reuse == .afterRelease ? " at a time" : ""): \(consequence) Give each store its own \(middleware)."
            ))
        return false
    }
}
