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
    /// Present when the type is an enum whose payloads can hold models.
    var enumAccess: EnumAccess?
    /// The ways down to values that can hold models, in declaration order; for an enum, one
    /// per case whose payload can hold models.
    var parts: [Part] = []
    /// Present when the store cannot walk values of this type (a class, a collection it does
    /// not know, an existential other than `any Model`), although models may sit inside.
    var hiding: Hiding?
    /// The layouts of the struct's `let` fields, which walks never enter (the store cannot write
    /// them) but whose values an action can carry into the tree (``mayHoldShared``).
    var readOnlyChildren: [TypeLayout] = []
    /// For a struct or a tuple: the names of all its stored fields, in order, which
    /// ``LayoutGuard`` compares with what `Mirror` says of a value.
    var fieldNames: [String]?
    /// Whether the type keeps its elements in a stored array and shows itself as them
    /// (``ReadsAsItsElements``): paths through it name no field of its own.
    var readsAsElements = false
    /// Whether the layout disagreed with the runtime's reflection (see ``LayoutGuard``): its
    /// values are left alone, and it has no parts.
    var isUnreadable = false
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
    /// Whether some model at or below this type routes the actions nested in its type
    /// (``ActionRouting/nestedActions``).
    var routesNestedBelow = false
    /// The full names of the model types that can occur at or below this type, which the
    /// owners of a nested action type are matched against; filled only where
    /// ``routesNestedBelow``.
    var modelTypeNames: Set<String> = []
    /// Whether some `any Model` field occurs at or below this type.
    var hasExistentialBelow = false
    /// Whether the type's values hold models the store cannot walk, whatever their value:
    /// a class with model fields, a `Set` of models.
    var hidesModels = false
    /// Whether some type the store cannot walk can occur at or below this type, with models
    /// inside for sure (``hidesModels``) or perhaps, depending on the values (existentials).
    var hasHidingBelow = false
    /// Whether values of this type can contain themselves, so that trees of it can be as deep
    /// as the data makes them.
    var isRecursive = false
    /// Whether a recursive type can occur at or below this type, so that its values can nest
    /// as deep as the data does.
    var reachesRecursive = false
    /// The ways down to types that hide models, for the shape audit; a superset of ``parts``.
    var auditParts: [Part] = []
    /// Every layout reachable from this one, itself included.
    var reachable: [TypeLayout] = []
    /// The buffers of plain values a value of this type owns: its own, for an array of plain
    /// values, else those of its stored fields and tuple elements, at any depth of plain structs and models (not through enums, optionals,
    /// existentials or classes): what a change-tracking copy of the value would have to copy
    /// if one of them were written in place.
    @exclusivity(unchecked) var buffers: [BufferField] = []
    /// Whether the type is a model that holds buffers of plain values and no models, which a
    /// walk for observers may track without a copy when the buffers are large (see
    /// `ModelWitness.updateWithoutCopy`). Read for every model a tracked walk reaches, so
    /// kept apart from the lists it is derived from, and unchecked for exclusivity (the
    /// layout is immutable once published).
    @exclusivity(unchecked) var mayTrackWithoutCopy = false

    /// Whether the type itself is a model; read where copying ``model`` would cost.
    let isModel: Bool
    /// The type's identity, kept so that hot comparisons need not recompute it.
    let typeID: ObjectIdentifier

    /// The size of the type's values in bytes, padding excluded.
    let size: Int

    init(type: Any.Type, size: Int, model: ModelWitness?) {
        self.type = type
        self.size = size
        self.model = model
        isModel = model != nil
        typeID = ObjectIdentifier(type)
    }

    var name: String { typeName(type) }

    /// Whether a model at or below this type can react to actions of the given type.
    func reacts(to action: ObjectIdentifier) -> Bool {
        if routesAll || handledActions.contains(action) { return true }
        // Over-approximated: any model type below that the action belongs to keeps the walk
        // going; each model's own step then decides (``modelTakes(_:)``).
        return routesNestedBelow && belongsToModelTypeBelow(action)
    }

    /// Whether this type's own model takes actions of the given type: it takes every action,
    /// lists the type, or routes nested actions and the action belongs to its type or to the
    /// type of a model below it.
    func modelTakes(_ action: ObjectIdentifier) -> Bool {
        guard let model else { return false }
        guard let handled = model.handledActions else { return true }
        if handled.contains(action) { return true }
        return model.routesNested && belongsToModelTypeBelow(action)
    }

    /// Whether the action type belongs to one of ``modelTypeNames``; an action type never
    /// registered with ``ActionOwners`` belongs to every one (it over-delivers, never loses).
    private func belongsToModelTypeBelow(_ action: ObjectIdentifier) -> Bool {
        guard let owners = ActionOwners.names(of: action) else { return true }
        return !owners.isDisjoint(with: modelTypeNames)
    }

    /// Whether the type is a model with no models below it: walks call its `update` directly,
    /// with nothing to visit inside.
    var isLeafModel: Bool { isModel && parts.isEmpty && existential == nil }

    /// Whether a model of the given type can occur at or below this type.
    func mayContain(_ modelType: ObjectIdentifier) -> Bool {
        hasExistentialBelow || modelTypes.contains(modelType)
    }

    /// Whether a value of the type can hold a ``Shared`` field anywhere, `let` fields included:
    /// an action that carries a screen (`ScreenStack.Push(Detail())`) can put one in the tree.
    /// An `any Model` inside may hold one.
    var mayHoldShared: Bool {
        var seen: Set<ObjectIdentifier> = []
        var stack = [self]
        while let next = stack.popLast() {
            guard seen.insert(ObjectIdentifier(next)).inserted else { continue }
            if next.existential != nil || next.isModel && next.model?.isShared == true { return true }
            stack += next.parts.map(\.child) + next.readOnlyChildren
        }
        return false
    }
}

/// A heap buffer of plain values (an array's) that a value owns, at a byte offset inside the
/// value.
struct BufferField: Sendable {
    let offset: Int
    /// The size of one element, in bytes.
    let stride: Int
    /// Whether the array is a `ContiguousArray` rather than an `Array`.
    let contiguous: Bool

    func at(_ offset: Int) -> BufferField {
        BufferField(offset: self.offset + offset, stride: stride, contiguous: contiguous)
    }
}

extension TypeLayout {
    /// How many bytes the buffers of the value at the address can hold (see ``buffers``).
    ///
    /// Every array keeps its capacity in its buffer's header, whatever its element type, so the
    /// array is read as an array of bytes: a direct read, with no generic code to run for each
    /// model a tracked walk reaches. Only arrays of plain values are counted, and those always
    /// use Swift's own buffer (never a bridged one).
    @inline(__always)
    func bufferBytes(at pointer: UnsafeRawPointer) -> Int {
        var total = 0
        for buffer in buffers {
            let field = pointer + buffer.offset
            // Fact (array header): every native array keeps its capacity, in elements, in the same buffer header, whatever the element type.
            let capacity =
                buffer.contiguous
                ? field.assumingMemoryBound(to: ContiguousArray<UInt8>.self).pointee.capacity
                : field.assumingMemoryBound(to: [UInt8].self).pointee.capacity
            total += capacity * buffer.stride
        }
        return total
    }
}

/// One way down from a value of a layout's type to values that can hold models.
///
/// A class, so that walks that loop over a layout's parts share them rather than copy their
/// closures and names for every value they visit.
final class Part: Sendable {
    enum Access: Sendable {
        /// A stored `var` field of a struct, or an element of a tuple, at a byte offset.
        case field(name: String, offset: Int)
        /// The elements of a container: array elements, an optional's payload, dictionary values.
        case elements(ContainerAccess)
        /// The payload of one case of an enum (see ``TypeLayout/enumAccess``).
        case enumCase(tag: Int, name: String)
    }

    let access: Access
    let child: TypeLayout

    init(access: Access, child: TypeLayout) {
        self.access = access
        self.child = child
    }

    /// The label `Mirror` gives a stored field or a tuple element of this name: its name, and
    /// `.0`, `.1`... for a tuple's unlabelled elements, which layouts name by position alone.
    static func mirrorLabel(ofField name: String) -> String {
        name.first?.isNumber == true ? ".\(name)" : name
    }

    /// How the part reads in a path from the root.
    var label: String {
        switch access {
        case .field(let name, _): ".\(name)"
        case .elements(let container):
            switch container.kind {
            case .optional: "?"
            case .array, .contiguousArray, .dictionary: "[]"
            }
        case .enumCase(_, let name): ".\(name)"
        }
    }
}

/// Why the store cannot walk values of a type that may hold models.
struct Hiding: Sendable {
    enum Kind: Sendable {
        /// A class: models are value types, and the store does not walk into references.
        case classInstance
        /// A standard-library generic type other than the containers the store walks.
        case collection
        /// An existential other than `any Model` (`Any`, `any Sendable`, `any P`).
        case existential
    }

    let kind: Kind
    /// The types inside that may hold models: a class's stored fields, a collection's
    /// elements. Empty for existentials, whose contents are known only from values.
    let inner: [TypeLayout]
    /// For classes: the class's own fields, for reading values in the audit.
    let read: @Sendable (UnsafeRawPointer) -> Any
}
