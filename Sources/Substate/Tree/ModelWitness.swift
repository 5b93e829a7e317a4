/// The operations the tree needs on one concrete model type, captured once per type.
///
/// The closures are created in a generic context where the model type is known, so each call
/// is a direct call to that type's `update(action:)` through its witness table.
struct ModelWitness: Sendable {
    /// Calls `update(action:)` on the model at the address.
    let update: Visit
    /// Calls `update(action:)` on every element of an array of this model type at the address.
    let updateArray: Visit
    /// Wraps a visitor of one model into a visitor of an array of this model type.
    let arrayVisitor: @Sendable (@escaping Visit) -> Visit
    /// Wraps a visitor of one model into a visitor of an optional of this model type.
    let optionalVisitor: @Sendable (@escaping Visit) -> Visit
    /// The declared action types, or `nil` when the model reacts to every action.
    let handledActions: Set<ObjectIdentifier>?
    /// Copies the model out of the address.
    let read: @Sendable (UnsafeRawPointer) -> any Model
    /// Writes a model of the same type to the address; `false` if the value has another type.
    let assign: @Sendable (UnsafeMutableRawPointer, any Model) -> Bool
    /// Whether the model at the address still equals an earlier copy (by `==` when the model is
    /// `Equatable`, else by its printed form).
    let isUnchanged: @Sendable (any Model, UnsafeRawPointer) -> Bool

    init<M: Model>(_ type: M.Type) {
        update = { pointer, action in M._update(at: pointer, action: action) }
        updateArray = { pointer, action in M._updateElements(at: pointer, action: action) }
        arrayVisitor = { M._arrayVisitor($0) }
        optionalVisitor = { M._optionalVisitor($0) }
        handledActions = M.handledActions.map { Set($0.map { ObjectIdentifier($0) }) }
        read = { pointer in pointer.assumingMemoryBound(to: M.self).pointee }
        assign = { pointer, value in
            guard let value = value as? M else { return false }
            pointer.assumingMemoryBound(to: M.self).pointee = value
            return true
        }
        isUnchanged = { before, pointer in
            let after = pointer.assumingMemoryBound(to: M.self).pointee
            return valuesEqual(before, after) ?? (String(reflecting: before) == String(reflecting: after))
        }
    }
}

/// Compares two values with `==` when the first is `Equatable`; `nil` when it is not.
func valuesEqual(_ lhs: Any, _ rhs: Any) -> Bool? {
    guard let lhs = lhs as? any Equatable else { return nil }
    func compare<E: Equatable>(_ lhs: E) -> Bool { (rhs as? E) == lhs }
    return compare(lhs)
}
