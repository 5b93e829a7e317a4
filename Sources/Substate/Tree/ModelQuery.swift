/// Which models a `Store.find(_:)`-style query looks for, and how it prunes the walk.
struct ModelQuery {
    /// The exact model type asked for, when the query names one: subtrees that cannot hold it
    /// are skipped without being visited.
    let modelType: ObjectIdentifier?
    /// Whether a model value matches, for queries by protocol.
    let matches: (any Model) -> Bool

    init<T>(_ type: T.Type) {
        modelType = T.self is any Model.Type ? ObjectIdentifier(T.self) : nil
        matches = { $0 is T }
    }

    init(modelType: ObjectIdentifier) {
        self.modelType = modelType
        matches = { _ in false }
    }

    func mayContain(_ layout: TypeLayout) -> Bool {
        modelType.map(layout.mayContain) ?? layout.holdsModels
    }

    func isMatch(_ layout: TypeLayout, at pointer: UnsafeRawPointer) -> Bool {
        guard layout.isModel else { return false }
        if let modelType { return layout.typeID == modelType }
        return matches(layout.model!.read(pointer))
    }
}

extension TypeLayout {
    /// Visits, depth first and parents before children, the models at or below the value that
    /// match the query; returns `false` once the body asks to stop.
    ///
    /// - Parameters:
    ///   - depth: The depth of the value, in struct fields from the root. Elements of a
    ///     container (an ``IdentifiedArray``'s too) and enum payloads sit at the depth of the
    ///     value that holds them.
    ///   - descend: Whether to walk into fields at a depth; a search for the shallowest match
    ///     stops going deeper than the best match so far.
    ///   - body: Gets each match with its depth, and returns whether to go on.
    ///   - bulk: Takes the whole of a container whose elements are the queried model type and
    ///     hold no more of it below them (their matches are the elements, in order), and returns
    ///     whether it did; the walk then skips that container. `findAll` copies an array of
    ///     models in one go this way.
    func search(
        _ pointer: UnsafeRawPointer, _ query: ModelQuery, depth: Int = 0, descend: (Int) -> Bool = { _ in true },
        bulk: ((ContainerAccess.Kind, UnsafeRawPointer) -> Bool)? = nil,
        _ body: (UnsafeRawPointer, TypeLayout, Int) -> Bool
    ) -> Bool {
        if query.isMatch(self, at: pointer), !body(pointer, self, depth) { return false }
        if let existential {
            var keepGoing = true
            existential.withOpened(pointer) { model, layout in
                guard query.mayContain(layout) else { return }
                keepGoing = layout.searchChild(model, query, depth: depth, descend: descend, bulk: bulk, body)
            }
            return keepGoing
        }
        if let enumAccess {
            var keepGoing = true
            enumAccess.withPayload(pointer) { tag, payload in
                guard let part = parts.first(where: { $0.isCase(tag) }), query.mayContain(part.child) else { return }
                keepGoing = part.child.searchChild(payload, query, depth: depth, descend: descend, bulk: bulk, body)
            }
            return keepGoing
        }
        for part in parts where query.mayContain(part.child) {
            switch part.access {
            case .field(_, let offset):
                // A collection that reads as its elements holds them at its own depth, as an array does.
                let below = readsAsElements ? depth : depth + 1
                guard descend(below) else { continue }
                if !part.child.searchChild(
                    pointer + offset, query, depth: below, descend: descend, bulk: bulk, body)
                {
                    return false
                }
            case .elements(let container):
                if let bulk, part.child.typeID == query.modelType, part.child.existential == nil,
                    !part.child.parts.contains(where: { query.mayContain($0.child) }), bulk(container.kind, pointer)
                {
                    continue
                }
                var keepGoing = true
                container.forEach(pointer) { element in
                    guard keepGoing else { return }
                    keepGoing = part.child.searchChild(
                        element, query, depth: depth, descend: descend, bulk: bulk, body)
                }
                if !keepGoing { return false }
            case .enumCase:
                continue
            }
        }
        return true
    }

    /// ``search(_:_:depth:descend:_:)`` of a child, with stack to spare where trees can be deep.
    @inline(__always)
    private func searchChild(
        _ pointer: UnsafeRawPointer, _ query: ModelQuery, depth: Int, descend: (Int) -> Bool,
        bulk: ((ContainerAccess.Kind, UnsafeRawPointer) -> Bool)?, _ body: (UnsafeRawPointer, TypeLayout, Int) -> Bool
    ) -> Bool {
        guard isRecursive else { return search(pointer, query, depth: depth, descend: descend, bulk: bulk, body) }
        return DeepStack.withRoom { search(pointer, query, depth: depth, descend: descend, bulk: bulk, body) }
    }

    /// Calls the body with the address of every model of the queried type at or below the
    /// value, for writing; the body returns whether to walk on into that model.
    func searchMutable(
        _ pointer: UnsafeMutableRawPointer, _ query: ModelQuery, _ body: (UnsafeMutableRawPointer, TypeLayout) -> Bool
    ) {
        if query.isMatch(self, at: pointer), !body(pointer, self) { return }
        if let existential {
            existential.withOpenedMutable(pointer) { model, layout in
                if query.mayContain(layout) { layout.searchMutableChild(model, query, body) }
            }
            return
        }
        if let enumAccess {
            enumAccess.withPayloadMutable(pointer) { tag, payload in
                guard let part = parts.first(where: { $0.isCase(tag) }), query.mayContain(part.child) else { return }
                part.child.searchMutableChild(payload, query, body)
            }
            return
        }
        for part in parts where query.mayContain(part.child) {
            switch part.access {
            case .field(_, let offset):
                part.child.searchMutableChild(pointer + offset, query, body)
            case .elements(let container):
                container.forEachMutable(pointer) { part.child.searchMutableChild($0, query, body) }
            case .enumCase:
                continue
            }
        }
    }

    @inline(__always)
    private func searchMutableChild(
        _ pointer: UnsafeMutableRawPointer, _ query: ModelQuery, _ body: (UnsafeMutableRawPointer, TypeLayout) -> Bool
    ) {
        guard isRecursive else { return searchMutable(pointer, query, body) }
        DeepStack.withRoom { searchMutable(pointer, query, body) }
    }
}

extension Part {
    /// Whether this is the part of an enum case with the tag.
    func isCase(_ tag: Int) -> Bool {
        if case .enumCase(let own, _) = access { return own == tag }
        return false
    }
}
