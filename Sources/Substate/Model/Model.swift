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

    /// Which actions the store delivers to this model type: every action by default, or only
    /// those that belong to it, so that a dispatch skips the rows and screens it does not
    /// concern (see ``ActionRouting``).
    ///
    /// ```swift
    /// struct Todo: Model {
    ///     static let routing = ActionRouting.nestedActions
    ///     var isDone = false
    ///     struct Toggle: Action {}
    ///     mutating func update(action: Action) { if action is Toggle { isDone.toggle() } }
    /// }
    /// ```
    static var routing: ActionRouting { get }

    /// Calls ``update(action:)`` on the model at an address. Not for implementing: the default
    /// is compiled into each conforming module, specialised for the model type, so the store
    /// reaches `update` without generic indirection.
    static func _update(at pointer: UnsafeMutableRawPointer, action: any Action)

    /// Calls ``update(action:)`` on the model at an address and, if that changed the model,
    /// calls `changed` with its value before and after. Not for implementing; see
    /// ``_update(at:action:)``.
    static func _updateTracked(
        at pointer: UnsafeMutableRawPointer, action: any Action, changed: (_ before: Self, _ after: Self) -> Void)

    /// Calls ``update(action:)`` on each element of an array of this model type at an address,
    /// in index order. Not for implementing; see ``_update(at:action:)``.
    static func _updateElements(at pointer: UnsafeMutableRawPointer, action: any Action)

    /// Calls ``update(action:)`` on each element of an array of this model type at an address
    /// and calls `changed` for each element that changed, with its index, its address and its
    /// value before and after. Not for implementing; see ``_update(at:action:)``.
    static func _updateElementsTracked(
        at pointer: UnsafeMutableRawPointer, action: any Action,
        changed: (_ index: Int, _ element: UnsafeRawPointer, _ before: Self, _ after: Self) -> Void)

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

    public static var routing: ActionRouting { handledActions.map { .only($0) } ?? .everyAction }

    @inlinable
    public static func _update(at pointer: UnsafeMutableRawPointer, action: any Action) {
        // Fact (typed address): the layout that led to this address was built for this type, so a value of it is there.
        pointer.assumingMemoryBound(to: Self.self).pointee.update(action: action)
    }

    @inlinable
    public static func _updateTracked(
        at pointer: UnsafeMutableRawPointer, action: any Action, changed: (_ before: Self, _ after: Self) -> Void
    ) {
        // The copy holds a reference to every buffer the model owns, so a change made in place
        // copies the buffer first and the bytes differ; equal bytes mean an unchanged model.
        // The bytes are copied apart from the value because copying a value need not copy its
        // padding.
        // Fact (bytes mean change): a bitwise copy holds a reference to every buffer the model owns, so a write in place changes the model's bytes.
        let model = pointer.assumingMemoryBound(to: Self.self)
        let size = MemoryLayout<Self>.size
        withUnsafeTemporaryAllocation(byteCount: Swift.max(size, 1), alignment: MemoryLayout<Self>.alignment) {
            scratch in
            let bytes = UnsafeRawPointer(scratch.baseAddress!)
            scratch.baseAddress!.copyMemory(from: pointer, byteCount: size)
            let before = model.pointee
            model.pointee.update(action: action)
            if !_sameBytes(bytes, UnsafeRawPointer(pointer), count: size) { changed(before, model.pointee) }
        }
    }

    @inlinable
    public static func _updateElements(at pointer: UnsafeMutableRawPointer, action: any Action) {
        // Fact (array storage): an array's own buffer holds its elements contiguously, one stride apart; the pointer is used only inside the closure.
        let array = pointer.assumingMemoryBound(to: [Self].self)
        // An empty array is left alone: asking it for a mutable buffer allocates.
        if array.pointee.isEmpty { return }
        array.pointee.withUnsafeMutableBufferPointer { models in
            for index in models.indices { models[index].update(action: action) }
        }
    }

    @inlinable
    public static func _updateElementsTracked(
        at pointer: UnsafeMutableRawPointer, action: any Action,
        changed: (_ index: Int, _ element: UnsafeRawPointer, _ before: Self, _ after: Self) -> Void
    ) {
        // Fact (array storage): an array's own buffer holds its elements contiguously, one stride apart; the pointer is used only inside the closure.
        let array = pointer.assumingMemoryBound(to: [Self].self)
        if array.pointee.isEmpty { return }
        // The whole array is kept before the walk, as `_updateTracked` keeps one model: the
        // first write copies the shared buffer, so the elements' bytes before and after can be
        // compared after one plain loop of updates (the fact *bytes mean change*).
        let before = array.pointee
        array.pointee.withUnsafeMutableBufferPointer { models in
            for index in models.indices { models[index].update(action: action) }
        }
        let size = MemoryLayout<Self>.size
        before.withUnsafeBufferPointer { old in
            array.pointee.withUnsafeBufferPointer { new in
                // The update loop may not have written at all, leaving the buffer shared.
                if old.baseAddress == new.baseAddress { return }
                for index in new.indices {
                    let element = UnsafeRawPointer(new.baseAddress! + index)
                    if !_sameBytes(UnsafeRawPointer(old.baseAddress! + index), element, count: size) {
                        changed(index, element, old[index], new[index])
                    }
                }
            }
        }
    }

    @inlinable
    public static func _arrayVisitor(
        _ element: @escaping @Sendable (UnsafeMutableRawPointer, any Action) -> Void
    ) -> @Sendable (UnsafeMutableRawPointer, any Action) -> Void {
        { pointer, action in
            // Fact (array storage): an array's own buffer holds its elements contiguously, one stride apart; the pointer is used only inside the closure.
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
            // Fact (optional in place): an optional's payload sits at the optional's own address (`.some` is tag 0 of a single-payload enum).
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

/// Whether two regions of memory hold the same bytes; inlined where a model's size is known,
/// so that comparing a small model is a few word comparisons. Not for use.
@inlinable
public func _sameBytes(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, count: Int) -> Bool {
    var offset = 0
    // Fact (in bounds): both regions hold `count` bytes, and each load stays inside them; an unaligned load reads any address.
    while offset + 8 <= count {
        if lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            != rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        {
            return false
        }
        offset += 8
    }
    while offset < count {
        if lhs.load(fromByteOffset: offset, as: UInt8.self) != rhs.load(fromByteOffset: offset, as: UInt8.self) {
            return false
        }
        offset += 1
    }
    return true
}
