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
/// element's effects. An action that names the model it is for (`TargetedAction`, a row's
/// action with the row's id) starts its effects bound to that model in the same way.
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
        /// Effects are declared for the type, which names the model it is for
        /// (`TargetedAction`): they start bound to that model.
        case targeted([Effect])
        /// The type addresses one instance (`ScreenStack.ToElement`): the effects of the
        /// action inside start, bound to that instance.
        case addressed
        /// Nothing: the action passes on.
        case none
    }

    /// A model as an effect read it before an action, `nil` for an effect that reads none.
    private typealias Before = (any Model)?

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
            let befores = Self.befores(of: matching, in: store, within: nil)
            if !matching.contains(where: \.capture) { next(action) }
            for (index, effect) in matching.enumerated() { effect.start(action, store, nil, befores?[index]) }
        case .targeted(let matching):
            handleTargeted(action, matching, store: store, next: next)
        case .addressed:
            handleAddressed(action, store: store, next: next)
        }
    }

    private func route(for action: any Action, type: ObjectIdentifier) -> Route {
        let route: Route =
            if let matching = effects[type] {
                action is any TargetedAction ? .targeted(matching) : .effects(matching)
            } else if action is any AddressedAction, !effects.isEmpty {
                .addressed
            } else {
                .none
            }
        routes[type] = route
        return route
    }

    /// Starts the effects declared for an action that names its model, bound to that model,
    /// once the action has reached the tree; a model that is not there starts nothing.
    private func handleTargeted(_ action: any Action, _ matching: [Effect], store: Store, next: Next) {
        let targeted = action as? any TargetedAction
        let befores = Self.befores(of: matching, in: store, within: targeted?.instance(in: store) ?? nil)
        if !matching.contains(where: \.capture) { next(action) }
        guard let instance = targeted?.instance(in: store) else { return }
        for (index, effect) in matching.enumerated() { effect.start(action, store, instance, befores?[index]) }
    }

    /// What the effects that decide from the change read before the action; `nil` when none
    /// of them does.
    private static func befores(
        of effects: [Effect], in store: Store, within instance: @autoclosure () -> ModelLocation?
    ) -> [Before]? {
        guard effects.contains(where: { $0.before != nil }) else { return nil }
        let instance = instance()
        return effects.map { $0.before?(store, instance) }
    }

    /// Starts the effects declared for the action inside an addressed one, bound to the
    /// addressed instance, once the envelope has reached the tree.
    private func handleAddressed(_ action: any Action, store: Store, next: Next) {
        guard let addressed = action as? any AddressedAction else { return next(action) }
        let inner = addressed.addressedAction
        guard let matching = effects[ObjectIdentifier(Swift.type(of: inner))] else { return next(action) }
        let befores = Self.befores(of: matching, in: store, within: addressed.instance(in: store))
        if !matching.contains(where: \.capture) { next(action) }
        // An instance the action itself removed starts nothing.
        guard let instance = addressed.instance(in: store) else { return }
        for (index, effect) in matching.enumerated() { effect.start(inner, store, instance, befores?[index]) }
    }
}
