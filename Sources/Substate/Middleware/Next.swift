/// The rest of the pipeline after one middleware: the middleware that follow it, then the
/// model tree.
///
/// A middleware may call it at once, later (to delay an action), more than once, or never
/// (to swallow the action). Calling it later, outside any dispatch, runs the rest of the
/// pipeline and then any actions queued meanwhile.
@MainActor
public struct Next: Sendable {
    let link: ChainLink

    /// Passes an action on to the rest of the pipeline.
    public func callAsFunction(_ action: Action) {
        link.store.runInDispatch { link.run(action) }
    }
}

/// One link of the compiled middleware chain; the last link reduces the action into the tree.
@MainActor
final class ChainLink {
    unowned let store: Store
    let middleware: (any Middleware)?
    let next: ChainLink?

    init(store: Store, middleware: (any Middleware)?, next: ChainLink?) {
        self.store = store
        self.middleware = middleware
        self.next = next
    }

    func run(_ action: any Action) {
        if let middleware, let next {
            middleware.handle(action, store: store, next: Next(link: next))
        } else {
            store.reduce(action)
        }
    }
}
