import Substate

/// A declarative effect for ``EffectHandler``: when an action of a type passes, run asynchronous
/// work (optionally with the current value of a model) and send the actions it produces.
///
/// ```swift
/// Effect(for: Search.Query.self, id: "search", cancelInFlight: true) { query in
///     Search.Loaded(try await api.search(query.text))        // one action
/// }
/// Effect(for: Analytics.Event.self) { event, _ in            // fire and forget
///     await analytics.log(event)
/// }
/// Effect(for: Ticker.Start.self, id: "ticker") { _, send in   // a stream, until cancelled
///     for await _ in ticks { await send(Ticker.Tick()) }
/// }
/// Effect.cancel(id: "ticker", on: Ticker.Stop.self)
/// Effect(model: Counter.self, action: Counter.Increment.self) { counter, _ in
///     counter.value > 10 ? Counter.Reset(to: 0) : nil        // reads state
/// }
/// ```
///
/// Which form when: a form that returns its action for work that answers once; a form given a
/// `Send` for work that sends several actions or none; a `model:` form when the work needs the
/// model's value as the action left it. Every form reads the store's dependencies: the `Send`
/// forms through `send.dependencies`, the others through `Dependencies.current`, which holds the
/// same values while an effect runs:
///
/// ```swift
/// Effect(for: Search.Query.self) { query in
///     Search.Loaded(try await Dependencies.current[SearchClient.self].search(query.text))
/// }
/// ```
public struct Effect: Sendable {
    let actionType: ObjectIdentifier
    /// Whether the triggering action stops here instead of passing on to the tree.
    let capture: Bool
    /// Starts the effect for an action, given the store (after the action reached the tree,
    /// unless captured), for an action addressed to one instance where that instance is, and
    /// what ``before`` read.
    let start: @MainActor @Sendable (any Action, Store, ModelLocation?, (any Model)?) -> Void
    /// For an effect that decides from the change an action made, reads its model before the
    /// action reaches the tree.
    let before: (@MainActor @Sendable (Store, ModelLocation?) -> (any Model)?)?

    init<A: Action>(
        _ type: A.Type, capture: Bool, before: (@MainActor @Sendable (Store, ModelLocation?) -> (any Model)?)? = nil,
        start: @escaping @MainActor @Sendable (A, Store, ModelLocation?, (any Model)?) -> Void
    ) {
        actionType = ObjectIdentifier(A.self)
        self.capture = capture
        self.before = before
        self.start = { action, store, instance, before in
            if let action = action as? A { start(action, store, instance, before) }
        }
    }

    /// Reads the model of a type an effect is for: the first in the tree, or the first at or
    /// below the instance an action was addressed to.
    private static func reader<M: Model>(_ type: M.Type) -> @MainActor @Sendable (Store, ModelLocation?) -> (any Model)?
    {
        { store, instance in Self.located(M.self, in: store, within: instance)?.model }
    }

    /// Runs work for each action of a type; the work sends actions with the `Send` it gets.
    ///
    /// - Parameters:
    ///   - type: The action type that starts the effect.
    ///   - capture: When `true`, the action stops here and does not reach the tree.
    ///   - id: Names the effect for cancellation.
    ///   - cancelInFlight: Cancels the running effects with the same id first (the previous
    ///     request of a search-as-you-type, for example).
    ///   - handler: Turns an error into an action to send; without it, or when it returns `nil`,
    ///     the error goes to the store's `EffectRuntime.onError`.
    ///   - operation: The work.
    public init<A: Action>(
        for type: A.Type, capture: Bool = false, id: EffectID? = nil, cancelInFlight: Bool = false,
        catch handler: (@MainActor @Sendable (any Error) -> (any Action)?)? = nil,
        _ operation: @escaping @Sendable (A, Send) async throws -> Void
    ) {
        self.init(
            for: type, capture: capture, id: id, cancelInFlight: cancelInFlight,
            catching: Self.ignoringAction(handler, of: A.self), operation)
    }

    /// Runs work for each action of a type, and turns an error it throws into an action with
    /// the action that started it at hand.
    ///
    /// Use it when the failure must name what the action named: the row a `TargetedAction` is
    /// for, the query that failed.
    ///
    /// ```swift
    /// Effect(for: Row.Download.self, catch: { error, download in Row.Failed(targetID: download.targetID) }) {
    ///     download, send in try await send(Row.Downloaded(targetID: download.targetID, data: fetch(download.url)))
    /// }
    /// ```
    public init<A: Action>(
        for type: A.Type, capture: Bool = false, id: EffectID? = nil, cancelInFlight: Bool = false,
        catch handler: @escaping @MainActor @Sendable (any Error, A) -> (any Action)?,
        _ operation: @escaping @Sendable (A, Send) async throws -> Void
    ) {
        self.init(
            for: type, capture: capture, id: id, cancelInFlight: cancelInFlight, catching: handler, operation)
    }

    /// The `for:` forms that send: the handler is given the error and the action.
    private init<A: Action>(
        for type: A.Type, capture: Bool, id: EffectID?, cancelInFlight: Bool,
        catching: (@MainActor @Sendable (any Error, A) -> (any Action)?)?,
        _ operation: @escaping @Sendable (A, Send) async throws -> Void
    ) {
        self.init(type, capture: capture) { action, store, instance, _ in
            let handler = Self.given(action, to: catching)
            guard let instance else {
                return store.effects.run(id: id, cancelInFlight: cancelInFlight, catch: handler) { send in
                    try await operation(action, send)
                }
            }
            Self.run(at: instance, in: store, id: id, cancelInFlight: cancelInFlight, catch: handler) {
                send in try await operation(action, send)
            }
        }
    }

    /// Runs work for each action of a type and sends the one action it returns, if any.
    public init<A: Action>(
        for type: A.Type, capture: Bool = false, id: EffectID? = nil, cancelInFlight: Bool = false,
        catch handler: (@MainActor @Sendable (any Error) -> (any Action)?)? = nil,
        _ operation: @escaping @Sendable (A) async throws -> (any Action)?
    ) {
        self.init(for: type, capture: capture, id: id, cancelInFlight: cancelInFlight, catch: handler) {
            action, send in
            if let produced = try await operation(action) { await send(produced) }
        }
    }

    /// Runs work for each action of a type and sends the one action it returns, turning an
    /// error it throws into an action with the action that started it at hand.
    ///
    /// Use it when the failure must name what the action named, as the row it is for.
    ///
    /// ```swift
    /// Effect(for: Row.Load.self, catch: { _, load in Row.Failed(targetID: load.targetID) }) { load in
    ///     Row.Loaded(targetID: load.targetID, text: try await fetch(load.targetID))
    /// }
    /// ```
    public init<A: Action>(
        for type: A.Type, capture: Bool = false, id: EffectID? = nil, cancelInFlight: Bool = false,
        catch handler: @escaping @MainActor @Sendable (any Error, A) -> (any Action)?,
        _ operation: @escaping @Sendable (A) async throws -> (any Action)?
    ) {
        self.init(for: type, capture: capture, id: id, cancelInFlight: cancelInFlight, catch: handler) {
            action, send in
            if let produced = try await operation(action) { await send(produced) }
        }
    }

    /// Runs work for each action of a type with the current value of a model (the first of its
    /// type in the tree, after the action reached the tree; for an action addressed to one
    /// screen, the first inside that screen); the work sends actions with `Send`.
    ///
    /// The effect belongs to that model: when the model leaves the tree (a destination set to
    /// `nil`, a screen popped, an element removed, an enum case replaced), the effect is
    /// cancelled and sends nothing more, as TCA cancels a dismissed child's effects.
    public init<M: Model, A: Action>(
        model: M.Type, action: A.Type, capture: Bool = false, id: EffectID? = nil, cancelInFlight: Bool = false,
        catch handler: (@MainActor @Sendable (any Error) -> (any Action)?)? = nil,
        _ operation: @escaping @Sendable (M, A, Send) async throws -> Void
    ) {
        self.init(
            model: model, action: action, capture: capture, id: id, cancelInFlight: cancelInFlight,
            catching: Self.ignoringModel(handler), condition: nil, operation)
    }

    /// Runs work for each action of a type with the current value of a model, and turns an
    /// error it throws into an action with that model and the action at hand.
    ///
    /// Use it when a failure must name its row: the handler is given the row the effect ran
    /// for, as the work was.
    ///
    /// ```swift
    /// Effect(model: Episode.self, action: Episode.FavoriteTapped.self, catch: { _, episode, _ in
    ///     Episode.SaveFailed(targetID: episode.id)
    /// }) { episode, _, send in
    ///     try await send(Episode.Saved(targetID: episode.id, isFavorite: save(episode)))
    /// }
    /// ```
    public init<M: Model, A: Action>(
        model: M.Type, action: A.Type, capture: Bool = false, id: EffectID? = nil, cancelInFlight: Bool = false,
        catch handler: @escaping @MainActor @Sendable (any Error, M, A) -> (any Action)?,
        _ operation: @escaping @Sendable (M, A, Send) async throws -> Void
    ) {
        self.init(
            model: model, action: action, capture: capture, id: id, cancelInFlight: cancelInFlight,
            catching: handler, condition: nil, operation)
    }

    /// Runs work for each action of a type with the current value of a model, when the change
    /// the action made to the model says so: TCA's reducer that returns an effect only in some
    /// states, with no middleware.
    ///
    /// `condition` is given the model before the action (`nil` when there was none) and after
    /// it; the effect starts only when it returns `true`.
    ///
    /// ```swift
    /// Effect(model: Counter.self, action: Counter.Decrement.self, id: "delay", when: { _, after in after.count < 0 }) {
    ///     _, _, send in
    ///     try await send.dependencies.clock.sleep(for: .seconds(1))
    ///     await send(Counter.DecrementDelayResponse())
    /// }
    /// ```
    public init<M: Model, A: Action>(
        model: M.Type, action: A.Type, capture: Bool = false, id: EffectID? = nil, cancelInFlight: Bool = false,
        catch handler: (@MainActor @Sendable (any Error) -> (any Action)?)? = nil,
        when condition: @escaping @MainActor @Sendable (_ before: M?, _ after: M) -> Bool,
        _ operation: @escaping @Sendable (M, A, Send) async throws -> Void
    ) {
        self.init(
            model: model, action: action, capture: capture, id: id, cancelInFlight: cancelInFlight,
            catching: Self.ignoringModel(handler), condition: condition, operation)
    }

    /// Runs work for each action of a type with the current value of a model when the change
    /// the action made says so, and turns an error it throws into an action with that model and
    /// the action at hand.
    ///
    /// Use it when the effect starts only in some states and a failure must name its row.
    ///
    /// ```swift
    /// Effect(model: Row.self, action: Row.Refresh.self, catch: { _, row, _ in Row.Failed(targetID: row.id) },
    ///        when: { _, after in after.isStale }) { row, _, send in
    ///     try await send(Row.Loaded(targetID: row.id, text: fetch(row.id)))
    /// }
    /// ```
    public init<M: Model, A: Action>(
        model: M.Type, action: A.Type, capture: Bool = false, id: EffectID? = nil, cancelInFlight: Bool = false,
        catch handler: @escaping @MainActor @Sendable (any Error, M, A) -> (any Action)?,
        when condition: @escaping @MainActor @Sendable (_ before: M?, _ after: M) -> Bool,
        _ operation: @escaping @Sendable (M, A, Send) async throws -> Void
    ) {
        self.init(
            model: model, action: action, capture: capture, id: id, cancelInFlight: cancelInFlight,
            catching: handler, condition: condition, operation)
    }

    /// A handler of the error alone, as one given the action too.
    private static func ignoringAction<A: Action>(
        _ handler: (@MainActor @Sendable (any Error) -> (any Action)?)?, of _: A.Type
    ) -> (@MainActor @Sendable (any Error, A) -> (any Action)?)? {
        guard let handler else { return nil }
        return { error, _ in handler(error) }
    }

    /// A handler given the action that started the effect, as one of the error alone.
    private static func given<A: Action>(
        _ action: A, to handler: (@MainActor @Sendable (any Error, A) -> (any Action)?)?
    ) -> (@MainActor @Sendable (any Error) -> (any Action)?)? {
        guard let handler else { return nil }
        return { error in handler(error, action) }
    }

    /// A handler given the action, as one of the error and the model.
    private static func given<M: Model, A: Action>(
        _ action: A, to handler: (@MainActor @Sendable (any Error, M, A) -> (any Action)?)?
    ) -> (@MainActor @Sendable (any Error, M) -> (any Action)?)? {
        guard let handler else { return nil }
        return { error, model in handler(error, model, action) }
    }

    /// A handler of the error alone, as one given the model and the action too.
    private static func ignoringModel<M: Model, A: Action>(
        _ handler: (@MainActor @Sendable (any Error) -> (any Action)?)?
    ) -> (@MainActor @Sendable (any Error, M, A) -> (any Action)?)? {
        guard let handler else { return nil }
        return { error, _, _ in handler(error) }
    }

    /// The `model:` forms: the model's effect, started when `condition` (given the model before
    /// and after the action) allows, or always without one.
    private init<M: Model, A: Action>(
        model: M.Type, action: A.Type, capture: Bool, id: EffectID?, cancelInFlight: Bool,
        catching: (@MainActor @Sendable (any Error, M, A) -> (any Action)?)?,
        condition: (@MainActor @Sendable (_ before: M?, _ after: M) -> Bool)?,
        _ operation: @escaping @Sendable (M, A, Send) async throws -> Void
    ) {
        let reader: (@MainActor @Sendable (Store, ModelLocation?) -> (any Model)?)? =
            condition == nil ? nil : Self.reader(M.self)
        self.init(action, capture: capture, before: reader) { action, store, instance, before in
            var allows: (@MainActor (M) -> Bool)?
            if let condition { allows = { after in condition(before as? M, after) } }
            let handler = Self.given(action, to: catching)
            Self.run(
                for: M.self, in: store, within: instance, id: id, cancelInFlight: cancelInFlight, catch: handler,
                if: allows
            ) { model, send in
                try await operation(model, action, send)
            }
        }
    }

    /// Runs work for each action of a type with the current value of a model, and sends the one
    /// action it returns, if any.
    public init<M: Model, A: Action>(
        model: M.Type, action: A.Type, capture: Bool = false, id: EffectID? = nil, cancelInFlight: Bool = false,
        catch handler: (@MainActor @Sendable (any Error) -> (any Action)?)? = nil,
        _ operation: @escaping @Sendable (M, A) async throws -> (any Action)?
    ) {
        self.init(
            model: model, action: action, capture: capture, id: id, cancelInFlight: cancelInFlight, catch: handler
        ) { model, action, send in
            if let produced = try await operation(model, action) { await send(produced) }
        }
    }

    /// Runs work for each action of a type with the current value of a model and sends the one
    /// action it returns, turning an error it throws into an action with that model and the
    /// action at hand.
    ///
    /// Use it when a failure must name its row.
    ///
    /// ```swift
    /// Effect(model: Row.self, action: Row.Load.self, catch: { _, row, _ in Row.Failed(targetID: row.id) }) { row, _ in
    ///     Row.Loaded(targetID: row.id, text: try await fetch(row.id))
    /// }
    /// ```
    public init<M: Model, A: Action>(
        model: M.Type, action: A.Type, capture: Bool = false, id: EffectID? = nil, cancelInFlight: Bool = false,
        catch handler: @escaping @MainActor @Sendable (any Error, M, A) -> (any Action)?,
        _ operation: @escaping @Sendable (M, A) async throws -> (any Action)?
    ) {
        self.init(
            model: model, action: action, capture: capture, id: id, cancelInFlight: cancelInFlight, catch: handler
        ) { model, action, send in
            if let produced = try await operation(model, action) { await send(produced) }
        }
    }

    /// Cancels the running effects with an id when an action of a type passes; when the action
    /// is addressed to one screen, that screen's effects with the id alone.
    public static func cancel<A: Action>(id: EffectID, on type: A.Type) -> Effect {
        Effect(type, capture: false) { _, store, instance, _ in
            guard let instance else { return store.effects.cancel(id: id) }
            Self.cancel(id: id, within: instance, in: store)
        }
    }

    /// Cancels the running effects with an id when an action of a type passes and the change it
    /// made to a model says so (given the model before the action, `nil` when there was none,
    /// and after it), as TCA's reducer that returns `.cancel(id:)` only in some states.
    ///
    /// ```swift
    /// Effect.cancel(id: "delay", on: Counter.Increment.self, model: Counter.self) { _, after in after.count >= 0 }
    /// ```
    public static func cancel<M: Model, A: Action>(
        id: EffectID, on type: A.Type, model: M.Type,
        when condition: @escaping @MainActor @Sendable (_ before: M?, _ after: M) -> Bool
    ) -> Effect {
        Effect(type, capture: false, before: reader(M.self)) { _, store, instance, before in
            guard let after = Self.located(M.self, in: store, within: instance)?.model,
                condition(before as? M, after)
            else { return }
            guard let instance else { return store.effects.cancel(id: id) }
            Self.cancel(id: id, within: instance, in: store)
        }
    }
}

extension Effect {
    /// The first model of a type in the tree, or the first at or below an instance, with where
    /// it is.
    @MainActor
    static func located<M: Model>(_ type: M.Type, in store: Store, within instance: ModelLocation?) -> (
        location: ModelLocation, model: M
    )? {
        // The instance itself is most often the model: one walk down its path.
        if let instance {
            if let model = store.model(at: instance) as? M { return (instance, model) }
            // A screen's model inside the stack element it was addressed to: that subtree alone.
            return store.firstLocatedModel(M.self, within: instance)
        }
        return store.locatedModelsUntracked(M.self).first
    }

    /// Starts an effect for the first model of a type in the tree (or, given an instance, the
    /// first at or below it), belonging to that model, when `condition` allows it for that
    /// model; does nothing when there is none.
    @MainActor
    fileprivate static func run<M: Model>(
        for type: M.Type, in store: Store, within instance: ModelLocation?, id: EffectID?, cancelInFlight: Bool,
        catch handler: (@MainActor @Sendable (any Error, M) -> (any Action)?)?,
        if condition: (@MainActor (M) -> Bool)? = nil, _ operation: @escaping @Sendable (M, Send) async throws -> Void
    ) {
        guard let (location, model) = located(M.self, in: store, within: instance), condition?(model) ?? true
        else { return }
        start(
            belongingTo: model, at: location, in: store, instance: instance, id: id, cancelInFlight: cancelInFlight,
            catch: given(model, to: handler), dismissal: Dismiss<M>()
        ) { send in try await operation(model, send) }
    }

    /// Starts an effect belonging to the model at an instance's location (a screen an action
    /// was addressed to); does nothing when it is gone.
    @MainActor
    fileprivate static func run(
        at instance: ModelLocation, in store: Store, id: EffectID?, cancelInFlight: Bool,
        catch handler: (@MainActor @Sendable (any Error) -> (any Action)?)?,
        _ operation: @escaping @Sendable (Send) async throws -> Void
    ) {
        guard let model = store.model(at: instance) else { return }
        // `send.dismiss()` dismisses that model (a screen on a stack pops itself instead).
        func dismissal<M: Model>(_ model: M) -> any Action { Dismiss<M>() }
        start(
            belongingTo: model, at: instance, in: store, instance: instance, id: id, cancelInFlight: cancelInFlight,
            catch: handler, dismissal: dismissal(model), operation)
    }

    /// A handler given the model the effect runs for, as one of the error alone.
    fileprivate static func given<M: Model>(
        _ model: M, to handler: (@MainActor @Sendable (any Error, M) -> (any Action)?)?
    ) -> (@MainActor @Sendable (any Error) -> (any Action)?)? {
        guard let handler else { return nil }
        return { error in handler(error, model) }
    }

    /// Cancels the effects with the id that were started for the instance.
    @MainActor
    fileprivate static func cancel(id: EffectID, within instance: ModelLocation, in store: Store) {
        guard let model = store.model(at: instance) else { return }
        InstanceEffects.of(store).cancel(id: id, within: InstanceEffects.Instance(model, at: instance), in: store)
    }

    /// Starts an effect belonging to a model; within the instance an action was addressed to,
    /// its id names that instance's effects alone, and what it sends is addressed there.
    @MainActor
    private static func start(
        belongingTo model: any Model, at location: ModelLocation, in store: Store, instance: ModelLocation?,
        id: EffectID?, cancelInFlight: Bool, catch handler: (@MainActor @Sendable (any Error) -> (any Action)?)?,
        dismissal: any Action, _ operation: @escaping @Sendable (Send) async throws -> Void
    ) {
        let instanceModel = instance.flatMap { store.model(at: $0) }
        let scope = instance.flatMap { instance in instanceModel.map { InstanceEffects.Instance($0, at: instance) } }
        InstanceEffects.of(store).start(
            belongingTo: model, at: location, in: store, id: id,
            // An instance that is gone scopes nothing, and cancels nothing outside it.
            cancelInFlight: cancelInFlight && (instance == nil || scope != nil), within: scope, catch: handler,
            addressedTo: instanceModel as? any AddressableInstance, dismissal: dismissal, operation)
    }
}
