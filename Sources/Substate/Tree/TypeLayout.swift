/// A compiled step of a walk: visits the value at a pointer with an action, in place.
typealias Visit = @Sendable (UnsafeMutableRawPointer, any Action) -> Void

/// What the store knows about one type of the state tree: whether it is a model, how to reach
/// the models below it, and which model and action types its subtree can involve.
///
/// Built once per type by ``LayoutBuilder`` from the type's metadata (never from values), then
/// shared and never mutated again.
// @unchecked Sendable: mutated only while being built under LayoutCache's lock, immutable once published.
final class TypeLayout: @unchecked Sendable {
    let type: Any.Type
    /// Present when the type itself conforms to ``Model``.
    let model: ModelWitness?
    /// Present when the type is `any Model`, whose content is only known at run time.
    var existential: ExistentialAccess?
    /// The ways down to values that can hold models, in declaration order.
    var parts: [Part] = []
    /// Fields whose content the store cannot walk (enums, classes), checked on real values.
    var opaqueFields: [OpaqueField] = []
    /// Problems found in this type's own declaration.
    var diagnostics: [Diagnostic] = []

    // Derived from the whole subtree once the graph is complete.
    /// Whether any model can occur at or below this type.
    var holdsModels = false
    /// The model types that can occur at or below this type.
    var modelTypes: Set<ObjectIdentifier> = []
    /// Whether some model below accepts every action (declares no `handledActions`, or is unknown).
    var routesAll = false
    /// The union of the declared action types of the models below.
    var handledActions: Set<ObjectIdentifier> = []
    /// Whether some `any Model` field occurs at or below this type.
    var hasExistentialBelow = false
    /// Whether some opaque field occurs at or below this type.
    var hasOpaqueBelow = false
    /// Every layout reachable from this one, itself included.
    var reachable: [TypeLayout] = []

    init(type: Any.Type, model: ModelWitness?) {
        self.type = type
        self.model = model
    }

    var name: String { typeName(type) }

    /// Whether a model at or below this type can react to actions of the given type.
    func reacts(to action: ObjectIdentifier) -> Bool {
        routesAll || handledActions.contains(action)
    }

    /// Whether a model of the given type can occur at or below this type.
    func mayContain(_ modelType: ObjectIdentifier) -> Bool {
        hasExistentialBelow || modelTypes.contains(modelType)
    }
}

/// One way down from a value of a layout's type to values that can hold models.
struct Part: Sendable {
    enum Access: Sendable {
        /// A stored `var` field of a struct at a byte offset.
        case field(name: String, offset: Int)
        /// The elements of a container: array elements, an optional's payload, dictionary values.
        case elements(ContainerAccess)
    }

    let access: Access
    let child: TypeLayout

    var label: String {
        switch access {
        case .field(let name, _): name
        case .elements: "[]"
        }
    }
}

/// A field of a struct that the store does not walk into (an enum or a class), kept so that
/// real values can be checked for models hidden inside.
struct OpaqueField: Sendable {
    let name: String
    let offset: Int
    let isClass: Bool
    /// Copies the field's value out of the struct at the given address.
    let read: @Sendable (UnsafeRawPointer) -> Any
}
