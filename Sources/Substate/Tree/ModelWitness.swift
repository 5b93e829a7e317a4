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
    /// The action types listed by the model's routing, or `nil` when it takes every action.
    let handledActions: Set<ObjectIdentifier>?
    /// Whether the model's routing also takes the actions nested in its type or the types of
    /// the models below it (see ``ActionRouting/nestedActions``).
    let routesNested: Bool
    /// The model type's full name, which nested action types' names start with.
    let fullName: String
    /// Copies the model out of the address.
    let read: @Sendable (UnsafeRawPointer) -> any Model
    /// Writes a model of the same type to the address; `false` if the value has another type.
    let assign: @Sendable (UnsafeMutableRawPointer, any Model) -> Bool
    /// Whether the model at the address still equals an earlier copy (by `==` when the model is
    /// `Equatable`, else by its printed form).
    let isUnchanged: @Sendable (any Model, UnsafeRawPointer) -> Bool
    /// Calls `update(action:)` on the model at the address and records in the log whether it
    /// changed the model (see ``trackedUpdate(_:)``).
    let trackedUpdate: @Sendable (UnsafeMutableRawPointer, any Action, ChangeLog, TypeLayout) -> Void
    /// The tracked form of ``updateArray`` for an array of models that hold no models and no
    /// buffers: one loop of updates, then the changed elements recorded in the log, whose
    /// innermost entry is the array's element entry.
    let trackedLeafArray: @Sendable (UnsafeMutableRawPointer, any Action, ChangeLog, TypeLayout) -> Void
    /// The model's `id`, when the model type is `Identifiable`.
    let identity: (@Sendable (UnsafeRawPointer) -> AnyHashable)?
    /// The model's `id` as it is, for showing it: no hashable box to make.
    let plainIdentity: (@Sendable (UnsafeRawPointer) -> Any)?
    /// Whether the model is a ``Shared`` field: the only model the walk that brings shared
    /// copies up to date (``SharedSync``) updates.
    let isShared: Bool

    init<M: Model>(_ type: M.Type) {
        update = { pointer, action in M._update(at: pointer, action: action) }
        updateArray = { pointer, action in M._updateElements(at: pointer, action: action) }
        arrayVisitor = { M._arrayVisitor($0) }
        optionalVisitor = { M._optionalVisitor($0) }
        let routing = M.routing
        handledActions = routing.kind == .every ? nil : Set(routing.listed)
        routesNested = routing.kind == .nested
        fullName = String(reflecting: M.self)
        isShared = M.self is any SharedField.Type
        // Fact (typed address): the layout that led to this address was built for this type, so a value of it is there.
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
        trackedUpdate = Self.trackedUpdate(M.self)
        trackedLeafArray = Self.trackedLeafArray(M.self)
        if let reader = Self.identityReader(M.self) {
            identity = { reader.id(at: $0) }
            plainIdentity = { reader.plainID(at: $0) }
        } else {
            identity = nil
            plainIdentity = nil
        }
    }

    /// The tracked form of `update`: it keeps a copy of the model while `update(action:)` runs,
    /// and compares the model's bytes before and after.
    ///
    /// The copy holds a reference to every buffer the model owns (arrays, strings, dictionaries),
    /// so a change made in place to one of them copies the buffer first, as copy-on-write does
    /// for any shared buffer: whatever `update` changed, the bytes differ. Equal bytes therefore
    /// mean an unchanged model, with no `==` and no walk of the model's contents; differing
    /// bytes are confirmed with `==` when the model is `Equatable` (a value rebuilt equal is not
    /// a change). The byte copy is taken separately from the value copy because copying a value
    /// need not copy its padding.
    private static func trackedUpdate<M: Model>(
        _ type: M.Type
    ) -> @Sendable (UnsafeMutableRawPointer, any Action, ChangeLog, TypeLayout) -> Void {
        let isEquatable = M.self is any Equatable.Type
        return { pointer, action, log, layout in
            if layout.mayTrackWithoutCopy, !log.keepsValues,
                layout.bufferBytes(at: UnsafeRawPointer(pointer)) >= ChangeLog.largeValueBytes
            {
                return updateWithoutCopy(M.self, pointer, action, log, layout)
            }
            M._updateTracked(at: pointer, action: action) { before, after in
                if isEquatable, valuesEqual(before, after) == true { return }
                var changedParts: [Int] = []
                // Fact (field offsets): `old` is a copy of the model, and each field sits at its part's offset; the address is used only inside the closure.
                withUnsafePointer(to: before) { old in
                    for (index, part) in layout.parts.enumerated() {
                        guard case .field(_, let offset) = part.access else {
                            changedParts.append(index)
                            continue
                        }
                        if !_sameBytes(UnsafeRawPointer(old) + offset, pointer + offset, count: part.child.size) {
                            changedParts.append(index)
                        }
                    }
                }
                log.record(layout, before: before, after: after, changedParts: changedParts)
            }
        }
    }

    /// See ``trackedLeafArray``; a changed element that is `Equatable` and equal to its old
    /// value (rebuilt equal) is not recorded, as in ``trackedUpdate(_:)``.
    private static func trackedLeafArray<M: Model>(
        _ type: M.Type
    ) -> @Sendable (UnsafeMutableRawPointer, any Action, ChangeLog, TypeLayout) -> Void {
        let isEquatable = M.self is any Equatable.Type
        return { pointer, action, log, layout in
            M._updateElementsTracked(at: pointer, action: action) { index, element, before, after in
                if isEquatable, valuesEqual(before, after) == true { return }
                log.setElement(index, element)
                log.record(layout, before: before, after: after, changedParts: [])
            }
        }
    }

    /// The tracked form of `update` for a model whose buffers are large and that holds no
    /// models (an image, a document's bytes, a cache), when nothing needs its old value (only
    /// observers watch): no copy of the model is kept, so a write into one of its buffers
    /// happens in place, as it would untracked.
    ///
    /// Models that hold models keep the exact tracking: their buffers are the tree's structure,
    /// and a model whose update ran would otherwise count as having moved every model below it.
    ///
    /// Without a copy, a write made in place into a buffer cannot be told from no write at all,
    /// so the model is recorded as changed whenever its `update(action:)` ran, with no old
    /// value. Observers of the whole model may then be told of a change that did not happen,
    /// never miss one; a read of one field (`find(_:_:)` with a key path) compares that field.
    private static func updateWithoutCopy<M: Model>(
        _ type: M.Type, _ pointer: UnsafeMutableRawPointer, _ action: any Action, _ log: ChangeLog,
        _ layout: TypeLayout
    ) {
        M._update(at: pointer, action: action)
        // It holds no models, so no part of it leads to models that could have moved.
        // Fact (typed address): the layout that led to this address was built for this type, so a value of it is there.
        log.record(layout, before: nil, after: pointer.assumingMemoryBound(to: M.self).pointee, changedParts: [])
    }

    /// Reads a model's `id`, `nil` when the model is not `Identifiable`: the conformance is found
    /// once, here, not on every read.
    private static func identityReader<M: Model>(_ type: M.Type) -> (any IdentityReading)? {
        guard let identifiable = M.self as? any Identifiable.Type else { return nil }
        func reader<I: Identifiable>(_: I.Type) -> any IdentityReading { IdentityReader<I>() }
        return _openExistential(identifiable, do: reader)
    }
}

/// Compares two values with `==` when the first is `Equatable`; `nil` when it is not.
func valuesEqual(_ lhs: Any, _ rhs: Any) -> Bool? {
    guard let lhs = lhs as? any Equatable else { return nil }
    func compare<E: Equatable>(_ lhs: E) -> Bool { (rhs as? E) == lhs }
    return compare(lhs)
}

/// Reads the `id` of an `Identifiable` model at an address.
private protocol IdentityReading: Sendable {
    func id(at pointer: UnsafeRawPointer) -> AnyHashable
    func plainID(at pointer: UnsafeRawPointer) -> Any
}

private final class IdentityReader<I: Identifiable>: IdentityReading {
    /// Where a stored `id` sits in the model, so that reading it copies the id alone; `nil` for
    /// a computed `id`, read through the whole model.
    ///
    /// A tracked walk reads the ids of the models above a change while it is still writing
    /// inside them: a dictionary among their fields has its storage moved out meanwhile, and
    /// copying the whole model would copy that placeholder.
    private let offset = MemoryLayout<I>.offset(of: \I.id)

    @inline(__always)
    private func read(_ pointer: UnsafeRawPointer) -> I.ID {
        // Fact (field offsets): `MemoryLayout.offset(of:)` gives a stored `id`'s byte offset; `nil` for a computed one.
        if let offset { return (pointer + offset).assumingMemoryBound(to: I.ID.self).pointee }
        return pointer.assumingMemoryBound(to: I.self).pointee.id
    }

    func id(at pointer: UnsafeRawPointer) -> AnyHashable {
        AnyHashable(read(pointer))
    }

    func plainID(at pointer: UnsafeRawPointer) -> Any {
        read(pointer)
    }
}
