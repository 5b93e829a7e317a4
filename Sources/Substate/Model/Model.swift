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

    /// Calls ``update(action:)`` on the model at an address. Not for implementing: the default
    /// is compiled into each conforming module, specialised for the model type, so the store
    /// reaches `update` without generic indirection.
    static func _update(at pointer: UnsafeMutableRawPointer, action: any Action)

    /// Calls ``update(action:)`` on each element of an array of this model type at an address,
    /// in index order. Not for implementing; see ``_update(at:action:)``.
    static func _updateElements(at pointer: UnsafeMutableRawPointer, action: any Action)

    /// Wraps a visitor of one model into a visitor of an array of this model type. Not for
    /// implementing; see ``_update(at:action:)``.
    static func _arrayVisitor(
        _ element: @escaping @Sendable (UnsafeMutableRawPointer, any Action) -> Void
    ) -> @Sendable (UnsafeMutableRawPointer, any Action) -> Void

    /// Wraps a visitor of one model into a visitor of an optional of this model type. Not for
    /// implementing; see ``_update(at:action:)``.
    static func _optionalVisitor(
        _ wrapped: @escaping @Sendable (UnsafeMutableRawPointer, any Action) -> Void
    ) -> @Sendable (UnsafeMutableRawPointer, any Action) -> Void
}

extension Model {
    public mutating func update(action: Action) {}

    public static var handledActions: [any Action.Type]? { nil }

    @inlinable
    public static func _update(at pointer: UnsafeMutableRawPointer, action: any Action) {
        pointer.assumingMemoryBound(to: Self.self).pointee.update(action: action)
    }

    @inlinable
    public static func _updateElements(at pointer: UnsafeMutableRawPointer, action: any Action) {
        let array = pointer.assumingMemoryBound(to: [Self].self)
        // An empty array is left alone: asking it for a mutable buffer allocates.
        if array.pointee.isEmpty { return }
        array.pointee.withUnsafeMutableBufferPointer { models in
            for index in models.indices { models[index].update(action: action) }
        }
    }

    @inlinable
    public static func _arrayVisitor(
        _ element: @escaping @Sendable (UnsafeMutableRawPointer, any Action) -> Void
    ) -> @Sendable (UnsafeMutableRawPointer, any Action) -> Void {
        { pointer, action in
            let array = pointer.assumingMemoryBound(to: [Self].self)
            if array.pointee.isEmpty { return }
            array.pointee.withUnsafeMutableBufferPointer { models in
                for index in models.indices { element(UnsafeMutableRawPointer(models.baseAddress! + index), action) }
            }
        }
    }

    @inlinable
    public static func _optionalVisitor(
        _ wrapped: @escaping @Sendable (UnsafeMutableRawPointer, any Action) -> Void
    ) -> @Sendable (UnsafeMutableRawPointer, any Action) -> Void {
        // An optional's payload sits at the optional's own address.
        { pointer, action in
            if pointer.assumingMemoryBound(to: Self?.self).pointee != nil { wrapped(pointer, action) }
        }
    }
}

/// Another name for ``Model``, so that both spellings of the Substate documentation compile.
///
/// ```swift
/// extension Counter: State { mutating func update(action: Action) { ... } }
/// ```
public typealias State = Model
