/// A step of the pipeline that every action passes before it reaches the model tree.
///
/// Middleware is the imperative shell around the pure models: it sees each action in list
/// order and decides what happens to it. Call `next(action)` to pass it on; skip the call to
/// swallow it; call `next` with another action to replace it; keep `next` and call it later to
/// delay it; call ``Store/update(_:)`` to dispatch new actions (they are queued and run after
/// the current one). A `next` kept past the store's release does nothing when called, and
/// reports a ``Diagnostic`` of kind ``Diagnostic/Kind/useAfterRelease``. Because the reduce is synchronous, state read with `Store.find(_:)`
/// before `next` returns is the state before the action, and after it the state after.
///
/// ```swift
/// struct ResetGuard: Middleware {
///     func handle(_ action: Action, store: Store, next: Next) {
///         if action is Counter.Reset, store.find(Settings.self)?.isLocked == true { return }
///         let before = store.find(Counter.self)?.value
///         next(action)
///         print("counter:", before ?? 0, "->", store.find(Counter.self)?.value ?? 0)
///     }
/// }
///
/// let store = Store(model: App(), middleware: [ResetGuard()])
/// ```
@MainActor
public protocol Middleware {
    /// Handles one action on its way to the model tree.
    ///
    /// - Parameters:
    ///   - action: The action, as dispatched or as replaced by earlier middleware.
    ///   - store: The store, to read state and dispatch new actions.
    ///   - next: The rest of the pipeline: later middleware, then the model tree.
    func handle(_ action: Action, store: Store, next: Next)

    /// Called once when the store is being released, in list order, while it still works.
    ///
    /// Middleware holding work for later (delayed actions, running tasks) cancels it here, or
    /// delivers it: actions passed to a kept `next` still reach the tree. The default does
    /// nothing.
    func storeWillRelease(_ store: Store)

    /// Whether the middleware stays in the pipeline while the store replays a recorded log.
    ///
    /// A replaying store (see ``Store/isReplaying``) feeds in exactly the actions the tree
    /// reduced when the log was recorded, effects' and middleware's included, so middleware
    /// that delays, swallows, produces actions or writes files would change or repeat them.
    /// Such middleware is left out of a replaying store's pipeline; that is the default.
    /// Middleware that only watches (loggers, timers, publishers) returns `true`, so a replay
    /// can be watched as the session was.
    var runsDuringReplay: Bool { get }
}

extension Middleware {
    public func storeWillRelease(_ store: Store) {}

    public var runsDuringReplay: Bool { false }
}
