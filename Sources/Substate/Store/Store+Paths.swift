extension Store {
    /// One step of a model's path, named as a person reads it.
    package enum PathComponent {
        /// A stored field.
        case field(String)
        /// The payload of an enum case.
        case enumCase(String)
        /// An array element, with its `id` when it is `Identifiable`.
        case element(Int, id: Any?)
        /// A dictionary value under its key.
        case key(Any)
    }

    /// The root type's name and the named steps down to a location, for showing where a change
    /// happened; elements are identified from the tree as it is now. Optionals and `any Model`
    /// fields add no step: they show as the value they hold; an ``IdentifiedArray`` shows as
    /// its elements, without its stored array's field.
    package func pathComponents(of location: ModelLocation) -> (root: String, components: [PathComponent]) {
        guard let box = box(at: location.box) else { return ("?", []) }
        var components: [PathComponent] = []
        box.withValue { pointer in box.layout.name(pointer, location.steps[...], into: &components) }
        return (box.layout.name, components)
    }
}

extension Store {
    /// The named locations of many changes of one action's record at once, as a tree: see
    /// ``pathTree(of:)``.
    package struct PathTree {
        /// The root type's name.
        package let root: String
        /// Each node's parent; `-1` for the root, node 0. A parent comes before its nodes.
        package let parents: [Int]
        /// Each node's named step; `nil` for the root and for steps that show none (an
        /// optional's value, an `any Model` field's model, a container's elements as a whole,
        /// the stored array of an ``IdentifiedArray``).
        package let components: [PathComponent?]
        /// The node of each change asked about, in order; `-1` for a change in another tree.
        package let nodes: [Int]
    }

    /// The named paths of changes of the last action's record that are in one tree (the tree
    /// of the first change), in one walk of the nodes of their locations: each node is named
    /// once, however many changes lie below it, so naming every level of a tree 20,000 levels
    /// deep is linear in its depth where naming each change's path from the root is quadratic.
    /// Elements are identified from the tree as it is now, as ``pathComponents(of:)`` does.
    package func pathTree(of changes: [ModelChange]) -> PathTree {
        guard let first = changes.first, let box = box(at: first.box) else {
            return PathTree(root: "?", parents: [], components: [], nodes: changes.map { _ in -1 })
        }
        let tree = first.paths.stepTree(box: first.box)
        // Each node's children, in the order they were made: the first child and the next sibling.
        var firstChild = [Int](repeating: -1, count: tree.parents.count)
        var nextSibling = [Int](repeating: -1, count: tree.parents.count)
        for node in tree.parents.indices.dropFirst().reversed() {
            nextSibling[node] = firstChild[tree.parents[node]]
            firstChild[tree.parents[node]] = node
        }
        var namer = TreeNamer(steps: tree.steps, firstChild: firstChild, nextSibling: nextSibling)
        box.withValue { pointer in box.layout.name(pointer, node: 0, with: &namer) }
        let nodes = changes.map { $0.paths === first.paths && $0.index < tree.nodes.count ? tree.nodes[$0.index] : -1 }
        return PathTree(root: box.layout.name, parents: tree.parents, components: namer.components, nodes: nodes)
    }
}

/// Names the nodes of a tree of steps (see ``Store/pathTree(of:)``).
private struct TreeNamer {
    let steps: [ModelLocation.Step?]
    let firstChild: [Int]
    let nextSibling: [Int]
    var components: [Store.PathComponent?]

    init(steps: [ModelLocation.Step?], firstChild: [Int], nextSibling: [Int]) {
        self.steps = steps
        self.firstChild = firstChild
        self.nextSibling = nextSibling
        components = [Store.PathComponent?](repeating: nil, count: steps.count)
    }
}

extension TypeLayout {
    /// Names the nodes below `node`, whose value this layout describes, as ``name(_:_:into:)``
    /// names one path's steps; `pointer` is `nil` once the value is no longer there.
    fileprivate func name(_ pointer: UnsafeRawPointer?, node: Int, with namer: inout TreeNamer) {
        // Children in the order they were made; a loop, not a sequence holding a copy of the
        // namer, whose components would then be copied by each write.
        var child = namer.firstChild[node]
        while child >= 0 {
            defer { child = namer.nextSibling[child] }
            switch namer.steps[child] {
            case .opened?:
                guard let pointer, let existential else { continue }
                existential.withOpened(pointer) { model, layout in layout.nameChild(model, node: child, with: &namer) }
            case .part(let index)?:
                guard parts.indices.contains(index) else { continue }
                let part = parts[index]
                switch part.access {
                case .field(let field, let offset):
                    namer.components[child] = readsAsElements ? nil : .field(field)
                    part.child.nameChild(pointer.map { $0 + offset }, node: child, with: &namer)
                case .enumCase(let tag, let caseName):
                    namer.components[child] = .enumCase(caseName)
                    var reached = false
                    if let pointer, let enumAccess {
                        enumAccess.withPayload(pointer) { current, payload in
                            guard current == tag else { return }
                            reached = true
                            part.child.nameChild(payload, node: child, with: &namer)
                        }
                    }
                    if !reached { part.child.nameChild(nil, node: child, with: &namer) }
                case .elements(let container):
                    // The container's elements as a whole show nothing; each element below it its
                    // position, id or key.
                    var element = namer.firstChild[child]
                    while element >= 0 {
                        defer { element = namer.nextSibling[element] }
                        guard let step = namer.steps[element] else { continue }
                        var reached = false
                        if let pointer {
                            container.element(pointer, step) {
                                reached = true
                                namer.components[element] = container.component(
                                    of: step, child: part.child, reached: $0)
                                part.child.nameChild($0, node: element, with: &namer)
                            }
                        }
                        if !reached {
                            namer.components[element] = container.component(of: step, child: part.child, reached: nil)
                            part.child.nameChild(nil, node: element, with: &namer)
                        }
                    }
                }
            case .element?, .key?, nil:
                continue
            }
        }
    }

    private func nameChild(_ pointer: UnsafeRawPointer?, node: Int, with namer: inout TreeNamer) {
        guard isRecursive else { return name(pointer, node: node, with: &namer) }
        DeepStack.withRoom { name(pointer, node: node, with: &namer) }
    }
}

extension TypeLayout {
    /// Names the steps down from a value; `pointer` is `nil` once the value is no longer there
    /// (an element removed after it changed), and the rest is named from the layouts alone.
    fileprivate func name(
        _ pointer: UnsafeRawPointer?, _ steps: ArraySlice<ModelLocation.Step>,
        into components: inout [Store.PathComponent]
    ) {
        guard let step = steps.first else { return }
        let rest = steps.dropFirst()
        switch step {
        case .opened:
            guard let pointer, let existential else { return }
            existential.withOpened(pointer) { model, layout in layout.nameChild(model, rest, into: &components) }
        case .part(let index):
            guard parts.indices.contains(index) else { return }
            let part = parts[index]
            switch part.access {
            case .field(let field, let offset):
                if !readsAsElements { components.append(.field(field)) }
                part.child.nameChild(pointer.map { $0 + offset }, rest, into: &components)
            case .enumCase(let tag, let caseName):
                components.append(.enumCase(caseName))
                guard let pointer, let enumAccess else { return part.child.nameChild(nil, rest, into: &components) }
                var reached = false
                enumAccess.withPayload(pointer) { current, payload in
                    guard current == tag else { return }
                    reached = true
                    part.child.nameChild(payload, rest, into: &components)
                }
                if !reached { part.child.nameChild(nil, rest, into: &components) }
            case .elements(let container):
                guard let element = rest.first else { return }
                var reached = false
                if let pointer {
                    container.element(pointer, element) {
                        reached = true
                        if let step = container.component(of: element, child: part.child, reached: $0) {
                            components.append(step)
                        }
                        part.child.nameChild($0, rest.dropFirst(), into: &components)
                    }
                }
                if !reached {
                    if let step = container.component(of: element, child: part.child, reached: nil) {
                        components.append(step)
                    }
                    part.child.nameChild(nil, rest.dropFirst(), into: &components)
                }
            }
        case .element, .key:
            return
        }
    }

    private func nameChild(
        _ pointer: UnsafeRawPointer?, _ steps: ArraySlice<ModelLocation.Step>,
        into components: inout [Store.PathComponent]
    ) {
        guard isRecursive else { return name(pointer, steps, into: &components) }
        DeepStack.withRoom { name(pointer, steps, into: &components) }
    }
}

extension ContainerAccess {
    /// How a path names the step into one of the container's elements: nothing for an
    /// optional's value, the element's position with its id once it is reached, or the key.
    fileprivate func component(
        of step: ModelLocation.Step, child: TypeLayout, reached: UnsafeRawPointer?
    ) -> Store.PathComponent? {
        switch (kind, step) {
        case (.optional, _):
            return nil
        case (_, .element(let position)):
            let id = reached.flatMap { reached in child.model?.plainIdentity.map { $0(reached) } }
            return .element(position, id: id)
        case (_, .key(let key)):
            return .key(key.value?.base ?? String(decoding: key.json ?? [], as: UTF8.self))
        default:
            return nil
        }
    }
}
