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
        guard !components.isEmpty else { return root }
        // Written as bytes, made a string once: a string per step and an append of each would
        // cost a model's place more than the diff below it.
        var path = TextBuffer(capacity: root.utf8.count + 16 * components.count)
        path.append(string: root)
        for component in components { write(component, into: &path) }
        return path.string
    }

    /// ``spelling(of:)``, written into a buffer.
    static func write(_ component: Store.PathComponent, into text: inout TextBuffer) {
        switch component {
        case .field(let name), .enumCase(let name):
            text.append(UInt8(ascii: "."))
            text.append(string: name)
        case .element(_, let id?):
            writeComponent(id: id, into: &text)
        case .element(let index, nil):
            text.append(UInt8(ascii: "["))
            text.append(integer: index)
            text.append(UInt8(ascii: "]"))
        case .key(let key):
            text.append(string: Self.component(key: key))
        }
    }

    /// How a path spells one step down to a model: `.name`, `.case`, `[id: 3]`, `[2]`, `["key"]`.
    package static func spelling(of component: Store.PathComponent) -> String {
        switch component {
        case .field(let name): "." + name
        case .enumCase(let name): "." + name
        case .element(_, let id?): Self.component(id: id)
        case .element(let index, nil): "[" + String(index) + "]"
        case .key(let key): Self.component(key: key)
        }
    }

    /// Writes the lines of a change to a model whose changed fields are all numbers, strings and
    /// booleans, each `"\n  " + path + ".field: old → new"`, values written from their bytes: what
    /// ``relative(_:into:)`` finds for such a change, without a string made for any part of it.
    /// Returns how many lines it wrote, or `nil` (having written nothing) for any other change.
    package static func writeScalarLines(of change: ModelChange, path: String, into text: inout TextBuffer) -> Int? {
        guard let before = change.before, let after = change.after else { return nil }
        return FieldReader.writeScalarLines(from: before, to: after, path: path, into: &text)
    }

    /// ``relative(_:)``, each change handed to the sink as it is found.
    package static func relative(_ change: ModelChange, into sink: any RelativeDiffSink) {
        switch (change.before, change.after) {
        case (let before?, let after?): relative(from: before, to: after, into: sink)
        case (nil, let after?):
            sink.change(shared: 0, tail: [], before: nil, after: ValueLiteral.describe(after), kind: .added)
        case (let before?, nil):
            sink.change(shared: 0, tail: [], before: ValueLiteral.describe(before), after: nil, kind: .removed)
        case (nil, nil): break
        }
    }

    /// What one change did inside its model, each path relative to the one before and without
    /// the model's own place (see ``relative(from:to:)``).
    package static func relative(_ change: ModelChange) -> RelativeDiff {
        switch (change.before, change.after) {
        case (let before?, let after?): relative(from: before, to: after)
        case (nil, let after?): RelativeDiff(before: nil, after: ValueLiteral.describe(after))
        case (let before?, nil): RelativeDiff(before: ValueLiteral.describe(before), after: nil)
        case (nil, nil): RelativeDiff()
        }
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
