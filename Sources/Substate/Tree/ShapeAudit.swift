/// Finds the models the store cannot reach in a tree, so that each is reported instead of
/// silently missed: classes that are or hold models, collections the store does not walk
/// (`Set`...), and existentials other than `any Model` that hold one.
///
/// Classes and collections are found from the layout alone, wherever they sit, and named with
/// the first path from the root that leads to them (`App.screens[].cache`). What an existential
/// holds is known only from values, so those are checked on real values, when a store starts
/// and when a model is registered, replaced or restored, and named with the value's path
/// (`App.screens[3].extra`). The walk goes only where such types can occur.
enum ShapeAudit {
    /// How many values are inspected per path of the layout, per audit.
    static let samplesPerPath = 64

    /// The types that hide models whatever their values, each with the first path that leads
    /// to it, breadth first so the path is the shortest. Layouts never change, so a store asks
    /// once per tree: when it starts and when a model is registered.
    static func typeDiagnostics(_ root: TypeLayout) -> [Diagnostic] {
        guard root.hasHidingBelow else { return [] }
        var found: [Diagnostic] = []
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        var queue: [(layout: TypeLayout, path: String, member: String)] = [(root, root.name, "")]
        var head = 0
        while head < queue.count {
            let (layout, path, member) = queue[head]
            head += 1
            if let hiding = layout.hiding, layout.hidesModels {
                found.append(diagnostic(hiding.kind, layout, path: path, member: member))
            }
            for part in layout.auditParts where seen.insert(ObjectIdentifier(part.child)).inserted {
                queue.append((part.child, path + (layout.readsAsElements ? "" : part.label), part.fieldName ?? member))
            }
        }
        return found
    }

    /// The existentials in a value that hold models, each named with its path in the value.
    /// Values change, so a store asks again whenever it puts values back wholesale.
    static func valueDiagnostics(in pointer: UnsafeRawPointer, layout: TypeLayout) -> [Diagnostic] {
        guard layout.hasHidingBelow else { return [] }
        var audit = ValueAudit(root: layout)
        audit.visit(pointer, layout, from: nil)
        return audit.found
    }

    static func diagnostic(_ kind: Hiding.Kind, _ layout: TypeLayout, path: String, member: String) -> Diagnostic {
        let name = layout.name
        switch kind {
        case .classInstance:
            let what = layout.model != nil ? "is a class conforming to Model" : "is a class holding models"
            return Diagnostic(
                kind: .classInstance, typeName: name, member: member, path: path,
                message:
                    "\(path) is of type \(name), which \(what); the store only walks value types, so those models are not updated. Make \(name) a struct."
            )
        case .collection:
            return Diagnostic(
                kind: .unwalkableCollection, typeName: name, member: member, path: path,
                message:
                    "\(path) is a \(name), a collection the store does not walk; the models in it are not updated. Hold them in an Array, a Dictionary or an Optional."
            )
        case .existential:
            return Diagnostic(
                kind: .unopenedExistential, typeName: name, member: member, path: path,
                message:
                    "\(path) is declared as \(name) and holds a model; the store only opens `any Model`, so it is not updated. Declare it `any Model` or as the model's type."
            )
        }
    }
}

extension Part {
    /// The field's name, for the `member` of a diagnostic.
    var fieldName: String? {
        if case .field(let name, _) = access { return name }
        return nil
    }
}

/// Walks values down to the existentials that may hold models, and checks what they hold.
private struct ValueAudit {
    var found: [Diagnostic] = []
    /// The path of the value being visited, one component per part.
    private var path: [String]
    /// Where values were inspected, by owning layout and part: each is sampled a bounded number
    /// of times and reported once.
    private var samples: [PartKey: Int] = [:]
    private var reported: Set<PartKey> = []

    struct PartKey: Hashable {
        let owner: ObjectIdentifier
        let part: Int
    }

    init(root: TypeLayout) {
        path = [root.name]
    }

    mutating func visit(_ pointer: UnsafeRawPointer, _ layout: TypeLayout, from key: PartKey?) {
        if let hiding = layout.hiding, hiding.kind == .existential {
            guard let key, !reported.contains(key), holdsModel(hiding.read(pointer), depth: 8) else { return }
            reported.insert(key)
            let member = path.last.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? ""
            found.append(ShapeAudit.diagnostic(.existential, layout, path: path.joined(), member: member))
            return
        }
        if let existential = layout.existential {
            existential.withOpened(pointer) { model, opened in
                guard opened.hasHidingBelow else { return }
                self.child(model, opened, from: key)
            }
            return
        }
        let owner = ObjectIdentifier(layout)
        if let enumAccess = layout.enumAccess {
            enumAccess.withPayload(pointer) { tag, payload in
                guard let index = layout.auditParts.firstIndex(where: { $0.isCase(tag) }) else { return }
                let part = layout.auditParts[index]
                self.enter(part.label) { $0.child(payload, part.child, from: PartKey(owner: owner, part: index)) }
            }
            return
        }
        for (index, part) in layout.auditParts.enumerated() {
            let key = PartKey(owner: owner, part: index)
            guard samples[key, default: 0] < ShapeAudit.samplesPerPath else { continue }
            switch part.access {
            case .field(_, let offset):
                samples[key, default: 0] += 1
                enter(part.label) { $0.child(pointer + offset, part.child, from: key) }
            case .elements(let container):
                var position = 0
                container.forEach(pointer) { element in
                    guard self.samples[key, default: 0] < ShapeAudit.samplesPerPath else { return }
                    self.samples[key, default: 0] += 1
                    self.enter(container.kind == .optional ? "?" : "[\(position)]") {
                        $0.child(element, part.child, from: key)
                    }
                    position += 1
                }
            case .enumCase:
                continue
            }
        }
    }

    private mutating func enter(_ component: String, _ body: (inout ValueAudit) -> Void) {
        path.append(component)
        body(&self)
        path.removeLast()
    }

    private mutating func child(_ pointer: UnsafeRawPointer, _ layout: TypeLayout, from key: PartKey?) {
        if layout.isRecursive {
            DeepStack.withRoom { visit(pointer, layout, from: key) }
        } else {
            visit(pointer, layout, from: key)
        }
    }

    /// Whether a value is, or holds within a few levels, a model.
    private func holdsModel(_ value: Any, depth: Int) -> Bool {
        if value is any Model { return true }
        guard depth > 0 else { return false }
        return Mirror(reflecting: value).children.contains { holdsModel($0.value, depth: depth - 1) }
    }
}
