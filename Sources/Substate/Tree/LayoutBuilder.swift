@_spi(Reflection) import Swift
import Synchronization

/// Builds ``TypeLayout``s from type metadata: once per type, never from values.
///
/// Stored `var` fields are found with the standard library's key-path reflection, which hands
/// back writable key paths and byte offsets; containers are recognised through
/// ``ModelContainer``; enum cases and tuple elements are read from the runtime's metadata
/// (``RuntimeMetadata``). Recursive types are fine: a layout is registered before its parts are
/// built, and what depends on the whole graph is derived in ``finish(checking:root:)``.
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
        let layout = TypeLayout(type: T.self, size: MemoryLayout<T>.size, model: witness)
        layouts[id] = layout
        fresh.append(layout)

        let kind = RuntimeMetadata.kind(T.self)
        if let array = T.self as? any HeapBuffered.Type, let buffer = array.plainBuffer { layout.buffers = [buffer] }
        if T.self == (any Model).self {
            layout.existential = ExistentialAccess()
        } else if let container = T.self as? any ModelContainer.Type {
            layout.parts = [container.containerPart(&self)]
        } else if kind == RuntimeMetadata.existentialKind {
            layout.hiding = Hiding(kind: .existential, inner: [], read: read(T.self))
        } else if T.self is AnyObject.Type {
            if witness != nil || !isLibraryType(T.self) {
                layout.hiding = Hiding(kind: .classInstance, inner: classFields(of: T.self), read: read(T.self))
            }
        } else if kind == RuntimeMetadata.enumKind {
            if !isLibraryType(T.self) || !RuntimeMetadata.genericTypeArguments(of: T.self).isEmpty {
                addCases(of: T.self, to: layout)
            }
        } else if kind == RuntimeMetadata.tupleKind {
            let elements = RuntimeMetadata.tupleElements(of: T.self) ?? []
            layout.fieldNames = elements.map { Part.mirrorLabel(ofField: $0.label) }
            for element in elements {
                let child = self.layout(ofAny: element.type)
                layout.parts.append(Part(access: .field(name: element.label, offset: element.offset), child: child))
            }
        } else if kind == RuntimeMetadata.structKind {
            if !isLibraryType(T.self) {
                layout.fieldNames = storedFieldNames(of: T.self)
                layout.readsAsElements = T.self is any ReadsAsItsElements.Type
                addFields(of: T.self, to: layout)
            } else {
                let arguments = RuntimeMetadata.genericTypeArguments(of: T.self)
                if !arguments.isEmpty {
                    let inner = arguments.map { self.layout(ofAny: $0) }
                    layout.hiding = Hiding(kind: .collection, inner: inner, read: read(T.self))
                }
            }
        }
        return layout
    }

    /// The layout of a type known only as a metatype value.
    mutating func layout(ofAny type: Any.Type) -> TypeLayout {
        func open<T>(_ type: T.Type, _ builder: inout LayoutBuilder) -> TypeLayout { builder.layout(T.self) }
        return open(type, &self)
    }

    private func read<T>(_ type: T.Type) -> @Sendable (UnsafeRawPointer) -> Any {
        // Fact (typed address): the layout that led to this address was built for this type, so a value of it is there.
        { $0.assumingMemoryBound(to: T.self).pointee }
    }

    private mutating func addFields<T>(of type: T.Type, to layout: TypeLayout) {
        _ = _forEachFieldWithKeyPath(of: T.self, options: ignoreUnknownFields) { cName, keyPath in
            let name = String(cString: cName)
            guard let opener = keyPath as? any FieldOpener else { return true }
            let field = opener.openField(&self)
            guard let offset = field.offset else { return true }
            if field.writable {
                // A shared field is stored as `_name`; places are named as the source reads them.
                let shown = field.child.model?.isShared == true && name.hasPrefix("_") ? String(name.dropFirst()) : name
                layout.parts.append(Part(access: .field(name: shown, offset: offset), child: field.child))
            } else {
                readOnlyFields.append((layout, name, field.child))
                layout.readOnlyChildren.append(field.child)
            }
            return true
        }
    }

    /// The names of every stored field of a struct, in order, as the standard library's
    /// reflection gives them (which `Mirror` agrees with).
    private func storedFieldNames(of type: Any.Type) -> [String] {
        var names: [String] = []
        _ = _forEachField(of: type, options: ignoreUnknownFields) { name, _, _, _ in
            names.append(String(cString: name))
            return true
        }
        return names
    }

    /// The layouts of a class's stored fields, its superclasses' included.
    private mutating func classFields(of type: Any.Type) -> [TypeLayout] {
        var types: [Any.Type] = []
        var current: AnyClass? = type as? AnyClass
        while let someClass = current, !isLibraryType(someClass) {
            _ = _forEachField(of: someClass, options: classFieldOptions) { _, _, fieldType, _ in
                types.append(fieldType)
                return true
            }
            current = _getSuperclass(someClass)
        }
        return types.map { layout(ofAny: $0) }
    }

    private mutating func addCases<E>(of type: E.Type, to layout: TypeLayout) {
        guard let cases = RuntimeMetadata.enumCases(of: E.self) else { return }
        var accessCases: [EnumAccess.Case] = []
        var parts: [Part] = []
        for (tag, enumCase) in cases.enumerated() {
            var box: BoxAccess?
            if let payload = enumCase.payload {
                let child = self.layout(ofAny: payload)
                parts.append(Part(access: .enumCase(tag: tag, name: enumCase.name), child: child))
                if enumCase.isIndirect { box = boxAccess(for: payload) }
            }
            accessCases.append(
                EnumAccess.Case(
                    name: enumCase.name, payload: enumCase.payload, hasPayload: enumCase.hasPayload, box: box))
        }
        let payloadCases = cases.filter(\.hasPayload).count
        guard let access = EnumAccess(E.self, cases: accessCases, payloadCaseCount: payloadCases) else { return }
        layout.enumAccess = access
        layout.parts = parts
    }

    private func boxAccess(for payload: Any.Type) -> BoxAccess {
        func open<P>(_ type: P.Type) -> BoxAccess { BoxAccess(P.self) }
        return open(payload)
    }

    /// Derives what depends on the whole graph and drops the ways down that hold no models.
    ///
    /// Given a value of the root type, the fresh struct and tuple layouts met in it are checked
    /// first against what `Mirror` says of their values (see ``LayoutGuard``); one that
    /// disagrees loses its parts before anything is derived from them.
    mutating func finish(checking value: Any? = nil, root: TypeLayout? = nil) {
        deriveModelFacts()
        if let value, let root, checkFields(of: root, value: value) {
            deriveModelFacts()
        }
        for layout in fresh where layout.hiding != nil {
            // A model class hides itself; other hiding types hide what their insides hold.
            layout.hidesModels =
                layout.model != nil
                || Self.reachable(from: layout, throughHiding: true).dropFirst().contains {
                    ($0.model != nil && !($0.type is AnyObject.Type)) || $0.existential != nil || $0.hidesModels
                }
        }
        for layout in fresh {
            layout.hasHidingBelow = layout.reachable.contains { below in
                guard let hiding = below.hiding else { return false }
                return below.hidesModels || hiding.kind == .existential
            }
            layout.isRecursive = layout.parts.contains { part in
                Self.reachable(from: part.child, throughHiding: false).contains { $0 === layout }
            }
        }
        for layout in fresh { layout.reachesRecursive = layout.reachable.contains(where: \.isRecursive) }
        var sizing: Set<ObjectIdentifier> = []
        let building = Set(fresh.map { ObjectIdentifier($0) })
        for layout in fresh { Self.findBuffers(of: layout, building: building, sizing: &sizing) }
        for layout in fresh {
            layout.auditParts = layout.parts.filter { $0.child.hasHidingBelow }
            layout.parts.removeAll { !$0.child.holdsModels }
            layout.mayTrackWithoutCopy =
                layout.isLeafModel && !layout.buffers.isEmpty
        }
        for (owner, name, child) in readOnlyFields where child.holdsModels {
            owner.diagnostics.append(
                Diagnostic(
                    kind: .letField, typeName: owner.name, member: name,
                    message:
                        "\(owner.name).\(name) is a `let` field holding models; the store cannot write to it, so its models are not updated. Declare it `var`."
                ))
        }
        fresh = []
        readOnlyFields = []
    }

    /// Which models, action types and `any Model` fields each fresh layout can reach.
    private func deriveModelFacts() {
        for layout in fresh {
            layout.holdsModels = layout.isUnreadable
            layout.modelTypes = []
            layout.handledActions = []
            layout.routesAll = false
            layout.routesNestedBelow = false
            layout.modelTypeNames = []
            layout.hasExistentialBelow = false
            let reachable = Self.reachable(from: layout, throughHiding: false)
            layout.reachable = reachable
            for below in reachable {
                if let model = below.model, below.hiding == nil {
                    layout.holdsModels = true
                    layout.modelTypes.insert(ObjectIdentifier(below.type))
                    if let handled = model.handledActions {
                        layout.handledActions.formUnion(handled)
                        if model.routesNested { layout.routesNestedBelow = true }
                    } else {
                        layout.routesAll = true
                    }
                }
                if below.existential != nil {
                    layout.holdsModels = true
                    layout.routesAll = true
                    layout.hasExistentialBelow = true
                }
                // Kept in its parents' parts, so that the trees holding it report it.
                if below.isUnreadable { layout.holdsModels = true }
            }
            if layout.routesNestedBelow {
                for below in reachable {
                    if let model = below.model, below.hiding == nil { layout.modelTypeNames.insert(model.fullName) }
                }
            }
        }
    }

    /// Checks the fresh struct and tuple layouts met in a value of the root's type, one value
    /// each, breadth first and only where models can be; returns whether one failed, after
    /// making it opaque. Values are reached through `Mirror`, never through the layouts being
    /// checked.
    private mutating func checkFields(of root: TypeLayout, value: Any) -> Bool {
        var unchecked = Set(fresh.filter { $0.fieldNames != nil }.map { ObjectIdentifier($0) })
        var failed = false
        var queue: [(value: Any, layout: TypeLayout)] = [(value, root)]
        var head = 0
        // Enough to find the first value of every type in any real tree, and bounded for huge ones.
        let budget = 10_000
        while head < queue.count, head < budget, !unchecked.isEmpty {
            let (value, layout) = queue[head]
            head += 1
            if let names = layout.fieldNames, unchecked.remove(ObjectIdentifier(layout)) != nil,
                let mismatch = LayoutGuard.fieldMismatch(names, value: value)
            {
                failed = true
                layout.isUnreadable = true
                layout.parts = []
                layout.diagnostics.append(LayoutGuard.diagnostic(layout.type, mismatch))
                continue
            }
            // A custom mirror says what its author chose, except the standard library's own for the
            // containers the store walks, which show their elements; the package's own collections
            // give their stored fields apart from it.
            let stored = (value as? any ReadsAsItsElements)?.storedFieldsMirror
            let isContainer = layout.parts.contains { if case .elements = $0.access { true } else { false } }
            guard stored != nil || isContainer || !(value is any CustomReflectable),
                layout.reachable.contains(where: { unchecked.contains(ObjectIdentifier($0)) })
            else { continue }
            let children = (stored ?? Mirror(reflecting: value)).children
            for part in layout.parts where part.child.holdsModels {
                guard part.child.reachable.contains(where: { unchecked.contains(ObjectIdentifier($0)) }) else {
                    continue
                }
                switch part.access {
                case .field(let name, _):
                    let label = Part.mirrorLabel(ofField: name)
                    if let child = children.first(where: { $0.label == label }) {
                        queue.append((child.value, part.child))
                    }
                case .enumCase(_, let name):
                    if let child = children.first, child.label == name { queue.append((child.value, part.child)) }
                case .elements(let container):
                    // The first elements are enough to meet the types they can hold.
                    for child in children.prefix(ShapeAudit.samplesPerPath) {
                        guard container.kind == .dictionary else {
                            queue.append((child.value, part.child))
                            continue
                        }
                        if let entry = Mirror(reflecting: child.value).children.dropFirst().first {
                            queue.append((entry.value, part.child))
                        }
                    }
                }
            }
        }
        return failed
    }

    /// Finds the buffers a layout's values own through their fields (see ``TypeLayout/buffers``),
    /// before the fields that hold no models are dropped. A type met again while its own
    /// buffers are being found (a recursive type) adds none of its own below itself: those
    /// sit behind an array's buffer, which is already counted.
    private static func findBuffers(
        of layout: TypeLayout, building: Set<ObjectIdentifier>, sizing: inout Set<ObjectIdentifier>
    ) {
        // Layouts built before are final: their fields without models are gone already.
        guard building.contains(ObjectIdentifier(layout)), sizing.insert(ObjectIdentifier(layout)).inserted else {
            return
        }
        // An array of plain values already knows its own buffer.
        guard layout.buffers.isEmpty, layout.enumAccess == nil, layout.existential == nil, layout.hiding == nil else {
            return
        }
        var buffers: [BufferField] = []
        for part in layout.parts {
            guard case .field(_, let offset) = part.access else { continue }
            findBuffers(of: part.child, building: building, sizing: &sizing)
            for inner in part.child.buffers { buffers.append(inner.at(offset)) }
        }
        layout.buffers = buffers
    }

    /// Every layout reachable from one, itself first, through its parts (and, if asked, through
    /// what hiding types hold).
    private static func reachable(from layout: TypeLayout, throughHiding: Bool) -> [TypeLayout] {
        var seen: Set<ObjectIdentifier> = []
        var stack = [layout]
        var reachable: [TypeLayout] = []
        while let next = stack.popLast() {
            guard seen.insert(ObjectIdentifier(next)).inserted else { continue }
            reachable.append(next)
            stack.append(contentsOf: next.parts.reversed().map(\.child))
            if throughHiding, let hiding = next.hiding { stack.append(contentsOf: hiding.inner.reversed()) }
        }
        return reachable
    }
}

/// What a struct field looks like to the builder once its value type is known.
struct FieldInfo {
    let child: TypeLayout
    let writable: Bool
    let offset: Int?
}

/// Opens a reflected key path so that the builder learns the field's value type statically.
protocol FieldOpener {
    func openField(_ builder: inout LayoutBuilder) -> FieldInfo
}

extension KeyPath: FieldOpener {
    func openField(_ builder: inout LayoutBuilder) -> FieldInfo {
        FieldInfo(
            child: builder.layout(Value.self), writable: self is WritableKeyPath<Root, Value>,
            offset: MemoryLayout<Root>.offset(of: self))
    }
}

/// Keeps the reflection going past fields it cannot describe (closures, `weak` references).
/// Spelled by value because the standard library declares the option as a mutable static.
let ignoreUnknownFields = _EachFieldOptions(rawValue: 1 << 1)
/// Reflects a class's own stored fields, past those it cannot describe.
let classFieldOptions = _EachFieldOptions(rawValue: 1 << 0 | 1 << 1)

/// Types of the toolchain's own modules, which never hold models except through the containers
/// handled above, are not reflected.
package func isLibraryType(_ type: Any.Type) -> Bool {
    let id = ObjectIdentifier(type)
    if let known = libraryTypes.withLock({ $0[id] }) { return known }
    let name = String(reflecting: type)
    let answer =
        name.hasPrefix("Swift.") || name.hasPrefix("Foundation.") || name.hasPrefix("FoundationEssentials.")
        || name.hasPrefix("Synchronization.") || name.hasPrefix("Dispatch.") || name.hasPrefix("_")
    libraryTypes.withLock { $0[id] = answer }
    return answer
}

/// The answers of ``isLibraryType(_:)``, once per type: loggers ask on every value they print.
private let libraryTypes = Mutex<[ObjectIdentifier: Bool]>([:])
