import Substate

/// Emits the analytics event of each ``TrackedAction`` after it reached the tree, to a closure
/// and to ``events()`` sequences, in dispatch order, for an analytics backend.
///
/// Nothing is tracked while a store replays a log, unless `duringReplay` is `true`.
///
/// ```swift
/// let tracker = ActionTracker { event in analytics.send(event.name, event.values) }
/// let store = Store(model: App(), middleware: [tracker])
/// for await event in tracker.events() { print(event) }
/// ```
@MainActor
public final class ActionTracker: Middleware {
    private let outlet: EventOutlet
    private var isTracked = ActionTypeCheck { $0 is any TrackedAction }

    /// Creates a tracker.
    ///
    /// - Parameters:
    ///   - duringReplay: Whether a replaying store tracks too.
    ///   - onEvent: Receives each event as it is emitted.
    public init(duringReplay: Bool = false, onEvent: (@MainActor (TrackedEvent) -> Void)? = nil) {
        outlet = EventOutlet(onEvent, duringReplay: duringReplay)
    }

    /// The events emitted from now on, until the last store the tracker serves is released.
    public func events() -> AsyncStream<TrackedEvent> { outlet.stream() }

    public var runsDuringReplay: Bool { outlet.duringReplay }

    public func handle(_ action: Action, store: Store, next: Next) {
        next(action)
        if isAction(action, Store.Start.self) { outlet.serve(store) }
        guard isTracked(action), let tracked = action as? any TrackedAction else { return }
        func event<A: TrackedAction>(_ action: A) -> TrackedEvent { A.tracking.event(for: action, in: store) }
        outlet.emit(event(tracked))
    }

    public func storeWillRelease(_ store: Store) { outlet.release(store) }
}
