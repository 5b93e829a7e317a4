/// Which models a ``Store/find(_:)``-style query looks for, and how it prunes the walk.
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
        guard let model = layout.model else { return false }
        if let modelType { return ObjectIdentifier(layout.type) == modelType }
        return matches(model.read(pointer))
    }
}

extension TypeLayout {
    /// Visits, depth first and parents before children, the models at or below the value that
    /// match the query, down to a depth in fields; returns `false` once the body asks to stop.
    ///
    /// - Parameter truncated: set when a matching subtree lay deeper than `limit`.
    func search(
        _ pointer: UnsafeRawPointer, _ query: ModelQuery, depth: Int = 0, limit: Int = .max,
        truncated: inout Bool, _ body: (UnsafeRawPointer, TypeLayout) -> Bool
    ) -> Bool {
        if query.isMatch(self, at: pointer), !body(pointer, self) { return false }
        if let existential {
            var keepGoing = true
            existential.withOpened(pointer) { model, layout in
                guard query.mayContain(layout) else { return }
                keepGoing = layout.search(
                    model, query, depth: depth, limit: limit, truncated: &truncated, body)
            }
            return keepGoing
        }
        for part in parts where query.mayContain(part.child) {
            switch part.access {
            case .field(_, let offset):
                if depth >= limit {
                    truncated = true
                    continue
                }
                if !part.child.search(
                    pointer + offset, query, depth: depth + 1, limit: limit, truncated: &truncated, body)
                {
                    return false
                }
            case .elements(let container):
                var keepGoing = true
                container.forEach(pointer) { element in
                    guard keepGoing else { return }
                    keepGoing = part.child.search(
                        element, query, depth: depth, limit: limit, truncated: &truncated, body)
                }
                if !keepGoing { return false }
            }
        }
        return true
    }

    /// Calls the body with the address of every model of the queried type at or below the
    /// value, for writing; the body returns whether to walk on into that model.
    func searchMutable(
        _ pointer: UnsafeMutableRawPointer, _ query: ModelQuery, _ body: (UnsafeMutableRawPointer, TypeLayout) -> Bool
    ) {
        if query.isMatch(self, at: pointer), !body(pointer, self) { return }
        if let existential {
            existential.withOpenedMutable(pointer) { model, layout in
                if query.mayContain(layout) { layout.searchMutable(model, query, body) }
            }
            return
        }
        for part in parts where query.mayContain(part.child) {
            switch part.access {
            case .field(_, let offset):
                part.child.searchMutable(pointer + offset, query, body)
            case .elements(let container):
                container.forEachMutable(pointer) { part.child.searchMutable($0, query, body) }
            }
        }
    }
}
