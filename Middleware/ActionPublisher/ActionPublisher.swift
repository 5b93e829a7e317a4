import Substate

/// Hands each ``PublishedAction`` that reached the tree to outside code, as an asynchronous
/// sequence.
///
/// Any number of consumers can iterate ``actions()``; a consumer that stops iterating is
/// removed. Sequences end when the store is released.
///
/// ```swift
/// let publisher = ActionPublisher()
/// let store = Store(model: App(), middleware: [publisher])
/// Task { for await action in publisher.actions() { analytics.track(action) } }
/// ```
@MainActor
public final class ActionPublisher: Middleware {
    let subscribers = Subscribers<any PublishedAction>()
    private var isPublished = ActionTypeCheck { $0 is PublishedAction }

    public init() {}

    /// The published actions from now on, each after it reached the tree.
    public func actions() -> AsyncStream<any PublishedAction> {
        subscribers.subscribe()
    }

    /// `true`: it only watches. Subscribers see a replay as they saw the session.
    public var runsDuringReplay: Bool { true }

    public func handle(_ action: Action, store: Store, next: Next) {
        next(action)
        if !subscribers.isEmpty, isPublished(action), let published = action as? PublishedAction {
            subscribers.yield(published)
        }
    }

    public func storeWillRelease(_ store: Store) {
        subscribers.finish()
    }
}
