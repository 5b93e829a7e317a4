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
    /// A registered model receives every action after the root tree, and ``Store/find(_:)``
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

    /// Puts back models as ``Store/findAll(_:)`` returned them: for each model type among the
    /// values, the models of that type in the tree, in tree order, become the values of that
    /// type, in order; middleware uses it to undo.
    ///
    /// Models of a type that the values do not mention are left alone. When the tree now holds
    /// more models of a type than there are values, the extra ones are left alone too.
    ///
    /// ```swift
    /// let saved = store.findAll(Editor.self)
    /// store.update(Store.Restore(models: saved))
    /// ```
    public struct Restore: Action {
        public let models: [any Model]
        public init(models: [any Model]) { self.models = models }
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
