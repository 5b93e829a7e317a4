import Substate

extension StateDiff {
    /// What one change the store recorded did, with paths from the tree's root: the model's
    /// place, then the fields inside it that changed.
    @MainActor
    package init(_ change: ModelChange, in store: Store) {
        self.init(change, path: Self.path(of: change.location, in: store))
    }

    /// The path of a model's place, as diffs spell it: the tree's root type, then each step.
    @MainActor
    package static func path(of location: ModelLocation, in store: Store) -> String {
        let (root, components) = store.pathComponents(of: location)
        var path = root
        path.reserveCapacity(root.utf8.count + 16 * components.count)
        for component in components {
            switch component {
            case .field(let name): path += "." + name
            case .enumCase(let name): path += "." + name
            case .element(_, let id?): path += Self.component(id: id)
            case .element(let index, nil): path += "[\(index)]"
            case .key(let key): path += Self.component(key: key)
            }
        }
        return path
    }

    /// What one change did, its model's place spelled `path`.
    package init(_ change: ModelChange, path: String) {
        switch (change.before, change.after) {
        case (let before?, let after?):
            self.init(from: before, to: after, root: path)
        case (nil, let after?):
            self.init(changes: [Change(path: path, before: nil, after: ValueLiteral.describe(after))])
        case (let before?, nil):
            self.init(changes: [Change(path: path, before: ValueLiteral.describe(before), after: nil)])
        case (nil, nil):
            self.init(changes: [])
        }
    }

    private init(changes: [Change]) {
        self.changes = changes
    }
}
