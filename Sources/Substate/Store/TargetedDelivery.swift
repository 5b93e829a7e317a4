/// Which action types a store delivers down the path to one instance rather than to the whole
/// tree (see ``TargetedWalk``), and the walk that does it.
///
/// Actions of a ``TargetedAction`` type whose target type routes (``ActionRouting``) are; every
/// other type is delivered as usual, which a dispatch learns in one load and one comparison
/// once the type has been seen.
@MainActor
struct TargetedDelivery: ~Copyable {
    /// The action types known to be delivered as usual.
    private let usualTypes = PlainActionTypes()
    /// Per action type seen, the model type whose instances it is addressed to, if it is.
    private var instanceTypes: [ObjectIdentifier: ObjectIdentifier?] = [:]
    /// The walk down paths, with the visitors it compiled.
    let walk: TargetedWalk
    /// The instances the last dispatch left out, while the store checks routing (see
    /// ``Store/checkRouting(_:type:)``).
    var lastSkipped: SkippedInstances?

    init(log: ChangeLog) {
        walk = TargetedWalk(log: log)
    }

    /// Whether actions of the type are delivered as usual, to the whole tree.
    @inline(__always)
    mutating func isUsual(_ type: ObjectIdentifier, _ action: any Action) -> Bool {
        instanceType(of: type, action) == nil
    }

    /// The model type whose instances actions of the type are addressed to, when they are
    /// delivered down the path to one instance; `nil` for the usual delivery, in one load and one
    /// comparison once the type has been seen.
    @inline(__always)
    mutating func instanceType(of type: ObjectIdentifier, _ action: any Action) -> ObjectIdentifier? {
        let slot = PlainActionTypes.slot(of: type)
        if usualTypes.contains(type, slot: slot) { return nil }
        return instanceType(of: type, action, slot: slot)
    }

    private mutating func instanceType(of type: ObjectIdentifier, _ action: any Action, slot: Int)
        -> ObjectIdentifier?
    {
        let found: ObjectIdentifier?
        if let known = instanceTypes[type] {
            found = known
        } else {
            let layout = Self.address(of: action, in: nil)?.layout
            found = layout?.model?.handledActions != nil ? layout?.typeID : nil
            instanceTypes[type] = .some(found)
        }
        if found == nil { usualTypes.insert(type, slot: slot) }
        return found
    }

    /// The layout of the instance an action is addressed to and its identity, with where it
    /// sits in the store when one is given; `nil` for an action not addressed to one instance.
    static func address(of action: any Action, in store: Store?) -> (
        layout: TypeLayout, key: AnyHashable, location: ModelLocation?
    )? {
        if let targeted = action as? any TargetedAction {
            return (Swift.type(of: targeted).targetLayout, targeted.targetKey, store.flatMap(targeted.instance(in:)))
        }
        if let addressed = action as? any PathDelivered {
            return (
                Swift.type(of: addressed).instanceLayout, addressed.instanceKey,
                store.flatMap(addressed.instanceLocation(in:))
            )
        }
        return nil
    }
}

/// An action addressed to one instance, other than a ``TargetedAction``, that the store can
/// deliver down the path to it when the instance's type routes: a stack screen's `ToElement`.
protocol PathDelivered: Action {
    /// The layout of the instance's type.
    static var instanceLayout: TypeLayout { get }
    /// The instance's identity, as its type's `id`.
    var instanceKey: AnyHashable { get }
    /// Where the instance sits in the store; `nil` when none has the identity.
    @MainActor func instanceLocation(in store: Store) -> ModelLocation?
}
