import Substate

/// Runs declarative ``Effect``s keyed by action type, on the store's `EffectRuntime`.
///
/// An action passes on to the tree first (unless an effect captures it), then its effects start,
/// in list order, so effects that read a model see the state the action produced. Actions the
/// effects send pass the whole pipeline again, like any other.
///
/// An action addressed to one screen (`ScreenStack.ToElement`) starts the effects declared for
/// the action inside, bound to that screen: a `model:` effect reads that screen's model, not
/// the first of its type; effect ids and `cancelInFlight` apply among that screen's effects
/// alone; and the effects end when the screen leaves the tree, as TCA scopes a stack
/// element's effects.
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
    /// What the handler does with an action type, found once per type.
    private enum Route {
        /// Effects are declared for the type.
        case effects([Effect])
        /// The type addresses one instance (`ScreenStack.ToElement`): the effects of the
        /// action inside start, bound to that instance.
        case addressed
        /// Nothing: the action passes on.
        case none
    }

    private let effects: [ObjectIdentifier: [Effect]]
    private var routes: [ObjectIdentifier: Route] = [:]

    public init(effects: [Effect]) {
        self.effects = Dictionary(grouping: effects, by: \.actionType)
    }

    public func handle(_ action: Action, store: Store, next: Next) {
        let type = ObjectIdentifier(Swift.type(of: action))
        switch routes[type] ?? route(for: action, type: type) {
        case .none:
            next(action)
        case .effects(let matching):
            if !matching.contains(where: \.capture) { next(action) }
            for effect in matching { effect.start(action, store, nil) }
        case .addressed:
            handleAddressed(action, store: store, next: next)
        }
    }

    private func route(for action: any Action, type: ObjectIdentifier) -> Route {
        let route: Route =
            if let matching = effects[type] {
                .effects(matching)
            } else if action is any AddressedAction, !effects.isEmpty {
                .addressed
            } else {
                .none
            }
        routes[type] = route
        return route
    }

    /// Starts the effects declared for the action inside an addressed one, bound to the
    /// addressed instance, once the envelope has reached the tree.
    private func handleAddressed(_ action: any Action, store: Store, next: Next) {
        guard let addressed = action as? any AddressedAction else { return next(action) }
        let inner = addressed.addressedAction
        guard let matching = effects[ObjectIdentifier(Swift.type(of: inner))] else { return next(action) }
        if !matching.contains(where: \.capture) { next(action) }
        // An instance the action itself removed starts nothing.
        guard let instance = addressed.instance(in: store) else { return }
        for effect in matching { effect.start(inner, store, instance) }
    }
}
