/// A store's middleware in the order actions pass them, and the links that hand an action
/// from each to the next and from the last to the tree.
///
/// A store without middleware skips the chain: its dispatch reduces the action itself and
/// pays for no link.
@MainActor
struct MiddlewareChain {
    /// The middleware, first to last.
    let middleware: [any Middleware]
    /// Whether the chain is the reducing link alone (no middleware).
    let reducesDirectly: Bool
    /// The first link: the first middleware's, or the tree's when there is none; `nil` until
    /// linked to the store.
    private(set) var head: ChainLink?

    init(middleware: [any Middleware]) {
        self.middleware = middleware
        reducesDirectly = middleware.isEmpty
    }

    /// Makes the links, for a store whose initialization is complete.
    mutating func link(to store: Store, lifetime: StoreLifetime) {
        var link: ChainLink = ReduceLink(store: store, lifetime: lifetime)
        for middleware in middleware.reversed() {
            link = MiddlewareLink(store: store, lifetime: lifetime, middleware: middleware, next: link)
        }
        head = link
    }

    /// Marks every link released: a `Next` a middleware kept must no longer reach the store.
    func release() {
        var link = head
        while let current = link {
            current.isReleased = true
            link = (current as? MiddlewareLink)?.next.link
        }
    }
}
