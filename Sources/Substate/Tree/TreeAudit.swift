/// Looks inside the enum and class fields of a tree's structs for models the store cannot
/// reach, so that they are reported instead of silently missed.
///
/// The layout cannot see into enum payloads or class instances from metadata alone, so this
/// check runs on real values: when a store starts and when a model is registered or replaced.
/// It reads only the opaque fields, never the rest of the tree.
enum TreeAudit {
    /// How many values of one field are inspected per audit.
    static let samplesPerField = 64

    static func diagnostics(in pointer: UnsafeRawPointer, layout: TypeLayout) -> [Diagnostic] {
        guard layout.hasOpaqueBelow else { return [] }
        var found: [String: Diagnostic] = [:]
        var samples: [String: Int] = [:]
        visitOpaque(pointer, layout) { pointer, layout in
            for field in layout.opaqueFields {
                let key = "\(layout.name).\(field.name)"
                guard found[key] == nil, samples[key, default: 0] < samplesPerField else { continue }
                samples[key, default: 0] += 1
                let value = field.read(pointer + field.offset)
                guard value is any Model || containsModel(value, depth: 8) else { continue }
                found[key] = Diagnostic(
                    kind: field.isClass ? .classField : .enumField, typeName: layout.name, member: field.name,
                    message: field.isClass
                        ? "\(key) is a class instance holding models; the store only walks value types, so they are not updated."
                        : "\(key) is an enum carrying models in a payload; the store does not look inside enums, so they are not updated. Hold the model in a field (an optional per case) instead."
                )
            }
        }
        return found.values.sorted { $0.message < $1.message }
    }

    /// Walks the subtrees that contain opaque fields and calls the body on each struct value
    /// that has some.
    private static func visitOpaque(
        _ pointer: UnsafeRawPointer, _ layout: TypeLayout, _ body: (UnsafeRawPointer, TypeLayout) -> Void
    ) {
        if !layout.opaqueFields.isEmpty { body(pointer, layout) }
        if let existential = layout.existential {
            existential.withOpened(pointer) { model, layout in
                visitOpaque(model, layout, body)
            }
        }
        for part in layout.parts where part.child.hasOpaqueBelow {
            switch part.access {
            case .field(_, let offset):
                visitOpaque(pointer + offset, part.child, body)
            case .elements(let container):
                container.forEach(pointer) { visitOpaque($0, part.child, body) }
            }
        }
    }

    private static func containsModel(_ value: Any, depth: Int) -> Bool {
        guard depth > 0 else { return false }
        for child in Mirror(reflecting: value).children {
            if child.value is any Model || containsModel(child.value, depth: depth - 1) { return true }
        }
        return false
    }
}
