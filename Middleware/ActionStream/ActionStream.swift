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
    ///
    /// A source is a description: each store the stream serves starts its own copy of it, with
    /// its own last seen value.
    public struct Source: Sendable {
        /// Makes the parts of the source one store runs: what starts with the store, and what
        /// looks at the tree after each action.
        let make: @MainActor @Sendable () -> Running

        struct Running {
            let start: @MainActor (Store) -> Void
            let observe: (@MainActor (Store) -> (any Action)?)?
        }

        /// The elements of an asynchronous sequence, made from the store's dependencies when the
        /// store starts, each mapped to an action (or to nothing).
        public static func sequence<S: AsyncSequence & Sendable>(
            _ make: @escaping @Sendable (Dependencies) -> S,
            map: @escaping @Sendable (S.Element) -> (any Action)?
        ) -> Source where S.Element: Sendable {
            Source {
                Running(
                    start: { store in
                        store.effects.run { send in
                            for try await element in make(send.dependencies) {
                                if let action = map(element) { await send(action) }
                            }
                        }
                    }, observe: nil)
            }
        }

        /// The value at a key path of the shallowest model of a type: each time it changes,
        /// mapped to an action (or to nothing), dispatched right after the action that
        /// changed it.
        public static func changes<M: Model, V: Equatable & Sendable>(
            of type: M.Type, _ path: KeyPath<M, V> & Sendable, map: @escaping @Sendable (V) -> (any Action)?
        ) -> Source {
            Source {
                let last = LastValue<V>()
                return Running(
                    start: { store in last.value = store.lookup(M.self)?[keyPath: path] },
                    observe: { store in
                        let current = store.lookup(M.self)?[keyPath: path]
                        guard current != last.value else { return nil }
                        last.value = current
                        return current.flatMap(map)
                    })
            }
        }
    }

    private let sources: [Source]

    /// Creates a stream of actions from the sources.
    ///
    /// One stream may serve several stores made from one middleware list: each store runs the
    /// sources on its own, from its own start to its release.
    public init(_ sources: [Source]) {
        self.sources = sources
    }

    public func handle(_ action: Action, store: Store, next: Next) {
        next(action)
        guard isAction(action, Store.Start.self) else { return }
        let running = sources.map { $0.make() }
        for source in running { source.start(store) }
        let observers = running.compactMap(\.observe)
        guard !observers.isEmpty else { return }
        // Called only inside the store's own dispatch, a flush at its release included: held
        // without a count, which would trap once the store has begun to release.
        store.observeReductions { [unowned(unsafe) store] _, _ in
            for observe in observers {
                if let action = observe(store) { store.update(action) }
            }
        }
    }
}
