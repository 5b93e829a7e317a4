/// A value type in the state tree that updates itself in response to actions.
///
/// The store finds every model in the tree by its type, wherever it sits: in stored `var`
/// fields, in plain structs in between, in arrays, optionals, dictionary values and
/// `any Model` fields. Each action reaches every model's ``update(action:)``, children before
/// parents, so a parent sees its children already updated.
///
/// ```swift
/// struct Counter: Model {
///     var value = 0
///     struct Increment: Action {}
///
///     mutating func update(action: Action) {
///         if action is Increment { value += 1 }
///     }
/// }
/// ```
public protocol Model: Sendable {
    /// Applies an action to this model.
    ///
    /// Keep it pure: read the action, change `self`, nothing else. Side effects belong to
    /// middleware. The default implementation ignores every action, which suits models that
    /// only hold data changed through ``Store/Replace``.
    mutating func update(action: Action)

    /// The action types this model's ``update(action:)`` reacts to, or `nil` for every action.
    ///
    /// Declaring them is optional and never needed for correctness. When every model in a
    /// subtree declares its actions, the store skips that subtree for every other action type,
    /// so the cost of a dispatch follows the work rather than the size of the tree. Types are
    /// matched exactly (a protocol that several actions adopt cannot be listed; models that
    /// react to such families declare `nil`).
    ///
    /// ```swift
    /// extension Counter {
    ///     static var handledActions: [any Action.Type]? { [Increment.self, Decrement.self] }
    /// }
    /// ```
    static var handledActions: [any Action.Type]? { get }
}

extension Model {
    public mutating func update(action: Action) {}

    public static var handledActions: [any Action.Type]? { nil }
}

/// Another name for ``Model``, so that both spellings of the Substate documentation compile.
///
/// ```swift
/// extension Counter: State { mutating func update(action: Action) { ... } }
/// ```
public typealias State = Model
