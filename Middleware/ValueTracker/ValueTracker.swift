import Substate

/// Emits an analytics event when a tracked model value changes, and once when the store
/// starts, to a closure and to ``events()`` sequences, in dispatch order.
///
/// Each tracked value is named, and read from the shallowest model of its type by key path.
/// Nothing is tracked while a store replays a log, unless `duringReplay` is `true`.
///
/// ```swift
/// let tracker = ValueTracker([
///     .value("theme", of: Settings.self, \.theme),
///     .value("cart_items", of: Cart.self, \.items.count),
/// ]) { event in analytics.setProperty(event.name, event.values) }
/// ```
@MainActor
public final class ValueTracker: Middleware {
    /// A value to track: its event name, and how to read it from the tree.
    public struct Value: Sendable {
        let name: String
        let read: @MainActor @Sendable (Store) -> String?

        /// The value at a key path of the shallowest model of a type; the event is named `name`
        /// and carries the value under `value`.
        public static func value<M: Model, V>(
            _ name: String, of type: M.Type, _ path: KeyPath<M, V> & Sendable
        ) -> Value {
            Value(name: name) { store in store.lookup(M.self).map { describe($0[keyPath: path]) } }
        }
    }

    private let values: [Value]
    private var last: [String?]
    private let outlet: EventOutlet
    private let duringReplay: Bool

    /// Creates a tracker of values.
    ///
    /// - Parameters:
    ///   - values: The values to track.
    ///   - duringReplay: Whether a replaying store tracks too.
    ///   - onEvent: Receives each event as it is emitted.
    public init(
        _ values: [Value], duringReplay: Bool = false, onEvent: (@MainActor (TrackedEvent) -> Void)? = nil
    ) {
        self.values = values
        last = Array(repeating: nil, count: values.count)
        outlet = EventOutlet(onEvent)
        self.duringReplay = duringReplay
    }

    /// The events emitted from now on, until the store is released.
    public func events() -> AsyncStream<TrackedEvent> { outlet.stream() }

    public var runsDuringReplay: Bool { duringReplay }

    public func handle(_ action: Action, store: Store, next: Next) {
        next(action)
        let starting = isAction(action, Store.Start.self)
        for (index, value) in values.enumerated() {
            let current = value.read(store)
            guard starting || current != last[index] else { continue }
            last[index] = current
            if let current { outlet.emit(TrackedEvent(name: value.name, values: [("value", current)])) }
        }
    }

    public func storeWillRelease(_ store: Store) { outlet.finish() }
}
