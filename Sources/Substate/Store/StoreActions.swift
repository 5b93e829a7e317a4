extension Store {
    /// Sent once by the store itself, through the whole pipeline, as soon as it is ready.
    ///
    /// Middleware that needs setup (registering its own model, loading saved state) does it when
    /// it sees this action.
    public struct Start: Action, Codable {
        public init() {}
    }

    /// Adds a model of its own to the store, beside the root tree; middleware dispatches it,
    /// typically on ``Start``, to keep its configuration as state.
    ///
    /// A registered model receives every action after the root tree, and `Store.find(_:)`
    /// finds it. Registering a second model of a type already registered does nothing.
    ///
    /// ```swift
    /// if action is Store.Start { store.update(Store.Register(model: ActionLogger.State())) }
    /// ```
    public struct Register: Action {
        public let model: any Model
        public init(model: any Model) { self.model = model }
    }

    /// Replaces every model of the given model's type, in the tree and among registered
    /// models, with that value; for example after loading it from disk.
    ///
    /// The action then reaches the tree like any other, so models can react to it too.
    ///
    /// ```swift
    /// store.update(Store.Replace(model: Settings(theme: .dark)))
    /// ```
    public struct Replace: Action {
        public let model: any Model
        public init(model: any Model) { self.model = model }
    }

    /// Puts back models as they were; middleware uses it to undo.
    ///
    /// Made from ``Store/locatedModels(_:)``, each model goes back exactly where it was found
    /// (under its dictionary key, at its array index...), and one whose place is gone is
    /// skipped. Made from a list as ``Store/findAll(_:)`` returns it, the models of each type in
    /// the tree, in tree order, become the values of that type, in order; models of types the
    /// values do not mention, and extra ones, are left alone.
    ///
    /// ```swift
    /// let saved = store.locatedModels(Note.self)
    /// store.update(Store.Restore(located: saved))
    /// ```
    public struct Restore: Action {
        public let models: [any Model]
        /// Where each model goes back, when known; `nil` for a restore in tree order.
        public let locations: [ModelLocation]?

        /// Puts models back in tree order, by type.
        public init(models: [any Model]) {
            self.models = models
            locations = nil
        }

        /// Puts each model back where it was found.
        public init(located: [(location: ModelLocation, model: any Model)]) {
            models = located.map(\.model)
            locations = located.map(\.location)
        }
    }

    /// Cancels the running effects with an id (see ``EffectRuntime``); the action then reaches
    /// the tree like any other.
    ///
    /// ```swift
    /// store.update(Store.CancelEffects(id: "ticker"))
    /// ```
    public struct CancelEffects: Action, Codable {
        public let id: EffectID
        public init(id: EffectID) { self.id = id }
    }
}
