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
    ///
    /// After the store is released, it does nothing but report a ``Diagnostic`` of kind
    /// ``Diagnostic/Kind/useAfterRelease`` naming the dropped action.
    public func callAsFunction(_ action: Action) {
        guard !link.isReleased else {
            return link.lifetime.reportUseAfterRelease(
                member: typeName(type(of: action)),
                "a kept Next was called with \(typeName(type(of: action))) after its store was released; the action was dropped"
            )
        }
        link.withStore { $0.run(action, from: link) }
    }
}

/// One link of the compiled middleware chain.
@MainActor
class ChainLink {
    // The store owns its chain and outlives every call into it through the chain; a kept
    // `Next` checks `isReleased` first. An unmanaged reference, used without retaining it,
    // keeps the per-action cost of a link at a few nanoseconds (a store that anything holds
    // weakly has its reference counts in a side table, where each retain is slower).
    private let storeReference: Unmanaged<Store>
    /// Set when the store is released: `store` must not be used from then on.
    @exclusivity(unchecked) var isReleased = false
    /// What outlives the store, to report calls made after its release.
    let lifetime: StoreLifetime

    init(store: Store, lifetime: StoreLifetime) {
        storeReference = Unmanaged.passUnretained(store)
        self.lifetime = lifetime
    }

    /// Calls the body with the store, without retaining it.
    @inline(__always)
    func withStore<R>(_ body: (Store) -> R) -> R {
        storeReference._withUnsafeGuaranteedRef(body)
    }

    func run(_ action: any Action) {}
}

/// A link that hands the action to a middleware, with the rest of the chain as its `next`.
@MainActor
final class MiddlewareLink: ChainLink {
    let middleware: any Middleware
    let next: Next

    init(store: Store, lifetime: StoreLifetime, middleware: any Middleware, next: ChainLink) {
        self.middleware = middleware
        self.next = Next(link: next)
        super.init(store: store, lifetime: lifetime)
    }

    override func run(_ action: any Action) {
        withStore { middleware.handle(action, store: $0, next: next) }
    }
}

/// The last link: delivers the action to the model tree.
@MainActor
final class ReduceLink: ChainLink {
    override func run(_ action: any Action) {
        withStore { $0.reduce(action) }
    }
}
