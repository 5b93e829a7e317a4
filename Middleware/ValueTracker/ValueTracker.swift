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
        /// Makes the reader one store uses: it returns the value's description when it changed
        /// since that store's last read (or when `starting`).
        let makeReader: @MainActor @Sendable () -> @MainActor (Store, _ starting: Bool) -> String?

        /// The value at a key path of the shallowest model of a type; the event is named `name`
        /// and carries the value under `value`.
        public static func value<M: Model, V: Equatable & Sendable>(
            _ name: String, of type: M.Type, _ path: KeyPath<M, V> & Sendable
        ) -> Value {
            Value(name: name) {
                let last = LastValue<V>()
                return { store, starting in
                    let current = store.lookup(M.self)?[keyPath: path]
                    guard starting || current != last.value else { return nil }
                    last.value = current
                    return current.map(describe)
                }
            }
        }
    }

    /// The readers of one store, in the order of the values.
    @MainActor
    private final class Readers {
        let read: [@MainActor (Store, _ starting: Bool) -> String?]

        init(_ values: [Value]) { read = values.map { $0.makeReader() } }
    }

    private let values: [Value]
    private let outlet: EventOutlet

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
        outlet = EventOutlet(onEvent, duringReplay: duringReplay)
    }

    /// The events emitted from now on, until the last store the tracker serves is released.
    public func events() -> AsyncStream<TrackedEvent> { outlet.stream() }

    public var runsDuringReplay: Bool { outlet.duringReplay }

    public func handle(_ action: Action, store: Store, next: Next) {
        next(action)
        let starting = isAction(action, Store.Start.self)
        if starting { outlet.serve(store) }
        let readers = store.storage(for: self) { Readers(values) }
        for (value, read) in zip(values, readers.read) {
            if let current = read(store, starting) {
                outlet.emit(TrackedEvent(name: value.name, values: [("value", current)]))
            }
        }
    }

    public func storeWillRelease(_ store: Store) { outlet.release(store) }
}
