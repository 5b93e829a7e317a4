@_spi(Reflection) import Swift

/// Builds ``TypeLayout``s from type metadata: once per type, never from values.
///
/// Stored `var` fields are found with the standard library's key-path reflection, which hands
/// back writable key paths and byte offsets; containers are recognised through
/// ``ModelContainer``. Recursive types are fine: a layout is registered before its fields are
/// built, and what depends on the whole graph is derived in ``finish()``.
struct LayoutBuilder {
    var layouts: [ObjectIdentifier: TypeLayout]
    private var fresh: [TypeLayout] = []
    /// `let` fields found while building, checked once the graph is known.
    private var readOnlyFields: [(owner: TypeLayout, name: String, child: TypeLayout)] = []

    init(layouts: [ObjectIdentifier: TypeLayout]) {
        self.layouts = layouts
    }

    mutating func layout<T>(_ type: T.Type) -> TypeLayout {
        let id = ObjectIdentifier(T.self)
        if let existing = layouts[id] { return existing }
        let witness = (T.self as? any Model.Type).map { ModelWitness($0) }
        let layout = TypeLayout(type: T.self, model: witness)
        layouts[id] = layout
        fresh.append(layout)

        if T.self == (any Model).self {
            layout.existential = ExistentialAccess()
        } else if let container = T.self as? any ModelContainer.Type {
            layout.parts = [container.containerPart(&self)]
        } else if T.self is AnyObject.Type {
            if witness != nil {
                layout.diagnostics.append(
                    Diagnostic(
                        kind: .classField, typeName: layout.name, member: "",
                        message:
                            "\(layout.name) is a class; models must be value types, so the store does not update it."
                    ))
            }
        } else if metadataKind(T.self) == structKind && !isLibraryType(T.self) {
            addFields(of: T.self, to: layout)
        }
        return layout
    }

    private mutating func addFields<T>(of type: T.Type, to layout: TypeLayout) {
        _ = _forEachFieldWithKeyPath(of: T.self, options: ignoreUnknownFields) { cName, keyPath in
            let name = String(cString: cName)
            guard let opener = keyPath as? any FieldOpener else { return true }
            let field = opener.openField(&self)
            guard let offset = field.offset else { return true }
            if field.isOpaque {
                layout.opaqueFields.append(
                    OpaqueField(name: name, offset: offset, isClass: field.isClass, read: field.read))
            }
            if field.writable {
                layout.parts.append(Part(access: .field(name: name, offset: offset), child: field.child))
            } else {
                readOnlyFields.append((layout, name, field.child))
            }
            return true
        }
    }

    /// Derives what depends on the whole graph and drops the ways down that hold no models.
    mutating func finish() {
        for layout in fresh {
            var seen: Set<ObjectIdentifier> = []
            var stack = [layout]
            var reachable: [TypeLayout] = []
            while let next = stack.popLast() {
                guard seen.insert(ObjectIdentifier(next)).inserted else { continue }
                reachable.append(next)
                stack.append(contentsOf: next.parts.reversed().map(\.child))
            }
            layout.reachable = reachable
            for below in reachable {
                if let model = below.model {
                    layout.holdsModels = true
                    layout.modelTypes.insert(ObjectIdentifier(below.type))
                    if let handled = model.handledActions {
                        layout.handledActions.formUnion(handled)
                    } else {
                        layout.routesAll = true
                    }
                }
                if below.existential != nil {
                    layout.holdsModels = true
                    layout.routesAll = true
                    layout.hasExistentialBelow = true
                }
                if !below.opaqueFields.isEmpty { layout.hasOpaqueBelow = true }
            }
        }
        for layout in fresh {
            layout.parts.removeAll { !$0.child.holdsModels }
        }
        for (owner, name, child) in readOnlyFields where child.holdsModels {
            owner.diagnostics.append(
                Diagnostic(
                    kind: .letField, typeName: owner.name, member: name,
                    message:
                        "\(owner.name).\(name) is a `let` field holding models; the store cannot write to it, so its models are not updated. Declare it `var`."
                ))
        }
        for layout in fresh where !layout.opaqueFields.isEmpty {
            // Opaque fields only matter where the store walks: in types that hold models.
            if !layout.holdsModels { layout.opaqueFields = [] }
        }
        fresh = []
        readOnlyFields = []
    }
}

/// What a struct field looks like to the builder once its value type is known.
struct FieldInfo {
    let child: TypeLayout
    let writable: Bool
    let offset: Int?
    let isOpaque: Bool
    let isClass: Bool
    let read: @Sendable (UnsafeRawPointer) -> Any
}

/// Opens a reflected key path so that the builder learns the field's value type statically.
protocol FieldOpener {
    func openField(_ builder: inout LayoutBuilder) -> FieldInfo
}

extension KeyPath: FieldOpener {
    func openField(_ builder: inout LayoutBuilder) -> FieldInfo {
        let child = builder.layout(Value.self)
        let isClass = Value.self is AnyObject.Type
        let isEnum = metadataKind(Value.self) == enumKind
        return FieldInfo(
            child: child,
            writable: self is WritableKeyPath<Root, Value>,
            offset: MemoryLayout<Root>.offset(of: self),
            isOpaque: (isClass || isEnum) && !isLibraryType(Value.self),
            isClass: isClass,
            read: { $0.assumingMemoryBound(to: Value.self).pointee }
        )
    }
}

/// Keeps the reflection going past fields it cannot describe (closures, `weak` references).
/// Spelled by value because the standard library declares the option as a mutable static.
let ignoreUnknownFields = _EachFieldOptions(rawValue: 1 << 1)

let structKind = 0x200
let enumKind = 0x201

/// The kind word at the start of a type's runtime metadata (struct, enum, optional, tuple...).
func metadataKind(_ type: Any.Type) -> Int {
    unsafeBitCast(type, to: UnsafePointer<Int>.self).pointee
}

/// Types of the toolchain's own modules, which never hold models except through the containers
/// handled above, are not reflected.
package func isLibraryType(_ type: Any.Type) -> Bool {
    let name = String(reflecting: type)
    return name.hasPrefix("Swift.") || name.hasPrefix("Foundation.") || name.hasPrefix("FoundationEssentials.")
        || name.hasPrefix("Synchronization.") || name.hasPrefix("Dispatch.") || name.hasPrefix("_")
}
