import Substate

/// Hands the values of ``PublishedModel``s to outside code, as asynchronous sequences that
/// yield the current value, then each new one after an action changed it.
///
/// Any number of consumers can iterate; a consumer that stops iterating is removed. Sequences
/// end when the store is released.
///
/// A publisher serves one store at a time: its sequences follow that store's models. Another
/// store made from the same middleware list while the first lives is refused (its models are
/// not published, and it reports a `Diagnostic` of kind `sharedMiddleware`); a store made
/// after the first one's release is served.
///
/// ```swift
/// let publisher = ModelPublisher()
/// let store = Store(model: App(), middleware: [publisher])
/// Task { for await settings in publisher.values(of: Settings.self) { apply(settings) } }
/// ```
@MainActor
public final class ModelPublisher: Middleware {
    private struct Feed {
        let publish: @MainActor (Store) -> Void
        let finish: @MainActor () -> Void
    }

    private var claim = StoreClaim(
        "ModelPublisher", reuse: .afterRelease,
        consequence: "the models of this store are not published; its actions pass on.")
    private var feeds: [ObjectIdentifier: Feed] = [:]
    private var subscribers: [ObjectIdentifier: AnyObject] = [:]

    public init() {}

    /// The values of the shallowest model of a type: the current one (once the store started),
    /// then each change.
    public func values<M: PublishedModel>(of type: M.Type) -> AsyncStream<M> {
        let key = ObjectIdentifier(M.self)
        let subscribers = (self.subscribers[key] as? Subscribers<M>) ?? Subscribers<M>()
        if self.subscribers[key] == nil {
            self.subscribers[key] = subscribers
            var last = claim.owner?.find(M.self)
            feeds[key] = Feed(
                publish: { store in
                    let now = store.lookup(M.self)
                    guard now != last else { return }
                    last = now
                    if let now { subscribers.yield(now) }
                },
                finish: { subscribers.finish() })
        }
        return subscribers.subscribe(first: claim.owner?.find(M.self))
    }

    /// `true`: it only watches. Subscribers see a replay as they saw the session.
    public var runsDuringReplay: Bool { true }

    public func handle(_ action: Action, store: Store, next: Next) {
        guard claim.admits(store) else { return next(action) }
        next(action)
        for feed in feeds.values { feed.publish(store) }
    }

    public func storeWillRelease(_ store: Store) {
        guard claim.release(store) else { return }
        for feed in feeds.values { feed.finish() }
        feeds = [:]
        subscribers = [:]
    }
}
