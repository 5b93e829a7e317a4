import Substate

/// Hands each ``PublishedAction`` that reached the tree to outside code, as an asynchronous
/// sequence.
///
/// Any number of consumers can iterate ``actions()``; a consumer that stops iterating is
/// removed. One publisher may serve several stores made from one middleware list: it publishes
/// the actions of each, and its sequences end when the last of them is released.
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
    private var served = ServedStores()

    public init() {}

    /// The published actions from now on, each after it reached the tree.
    public func actions() -> AsyncStream<any PublishedAction> {
        subscribers.subscribe()
    }

    /// `true`: it only watches. Subscribers see a replay as they saw the session.
    public var runsDuringReplay: Bool { true }

    public func handle(_ action: Action, store: Store, next: Next) {
        next(action)
        if isAction(action, Store.Start.self) { served.serve(store) }
        if !subscribers.isEmpty, isPublished(action), let published = action as? PublishedAction {
            subscribers.yield(published)
        }
    }

    public func storeWillRelease(_ store: Store) {
        if served.release(store) { subscribers.finish() }
    }
}
