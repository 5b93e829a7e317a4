import Substate

/// Turns the outside world into actions, declared once: asynchronous sequences (notifications,
/// a location stream, a socket) and changes of model values, each mapped to actions.
///
/// Each source starts with the store and is cancelled when it is released. A replaying store
/// leaves the stream out: the actions it produced are in the log.
///
/// ```swift
/// let store = Store(model: App(), middleware: [
///     ActionStream([
///         .sequence({ dependencies in dependencies[Battery.self].levels }, map: { Battery.Changed(level: $0) }),
///         .changes(of: Session.self, \.user, map: { user in user == nil ? Cart.Clear() : nil }),
///     ]),
/// ])
/// ```
@MainActor
public final class ActionStream: Middleware {
    /// One source of actions.
    public struct Source: Sendable {
        let start: @MainActor @Sendable (Store) -> Void
        let observe: (@MainActor @Sendable (Store) -> (any Action)?)?

        /// The elements of an asynchronous sequence, made from the store's dependencies when the
        /// store starts, each mapped to an action (or to nothing).
        public static func sequence<S: AsyncSequence & Sendable>(
            _ make: @escaping @Sendable (Dependencies) -> S,
            map: @escaping @Sendable (S.Element) -> (any Action)?
        ) -> Source where S.Element: Sendable {
            Source(
                start: { store in
                    store.effects.run { send in
                        for try await element in make(send.dependencies) {
                            if let action = map(element) { await send(action) }
                        }
                    }
                }, observe: nil)
        }

        /// The value at a key path of the shallowest model of a type: each time it changes,
        /// mapped to an action (or to nothing), dispatched right after the action that
        /// changed it.
        public static func changes<M: Model, V: Equatable & Sendable>(
            of type: M.Type, _ path: KeyPath<M, V> & Sendable, map: @escaping @Sendable (V) -> (any Action)?
        ) -> Source {
            let last = LastValue<V>()
            return Source(
                start: { store in last.value = store.lookup(M.self)?[keyPath: path] },
                observe: { store in
                    let current = store.lookup(M.self)?[keyPath: path]
                    guard current != last.value else { return nil }
                    last.value = current
                    return current.flatMap(map)
                })
        }
    }

    private let sources: [Source]
    private var observation: Store.ReductionObservation?

    /// Creates a stream of actions from the sources.
    public init(_ sources: [Source]) {
        self.sources = sources
    }

    public func handle(_ action: Action, store: Store, next: Next) {
        next(action)
        guard observation == nil, isAction(action, Store.Start.self) else { return }
        for source in sources { source.start(store) }
        let observers = sources.compactMap(\.observe)
        guard !observers.isEmpty else { return }
        observation = store.observeReductions { [unowned store] _, _ in
            for observe in observers {
                if let action = observe(store) { store.update(action) }
            }
        }
    }
}
