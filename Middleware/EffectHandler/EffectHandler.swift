import Substate

/// Runs declarative ``Effect``s keyed by action type, on the store's `EffectRuntime`.
///
/// An action passes on to the tree first (unless an effect captures it), then its effects start,
/// in list order, so effects that read a model see the state the action produced. Actions the
/// effects send pass the whole pipeline again, like any other.
///
/// ```swift
/// let store = Store(model: App(), middleware: [
///     ActionDebouncer(),
///     EffectHandler(effects: [
///         Effect(for: Search.Query.self, id: "search", cancelInFlight: true) { query in
///             Search.Loaded(try await api.search(query.text))
///         },
///     ]),
/// ])
/// ```
@MainActor
public final class EffectHandler: Middleware {
    private let effects: [ObjectIdentifier: [Effect]]

    public init(effects: [Effect]) {
        self.effects = Dictionary(grouping: effects, by: \.actionType)
    }

    public func handle(_ action: Action, store: Store, next: Next) {
        guard let matching = effects[ObjectIdentifier(type(of: action))] else {
            next(action)
            return
        }
        if !matching.contains(where: \.capture) { next(action) }
        for effect in matching { effect.start(action, store) }
    }
}
