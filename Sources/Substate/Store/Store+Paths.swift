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
    /// fields add no step: they show as the value they hold.
    package func pathComponents(of location: ModelLocation) -> (root: String, components: [PathComponent]) {
        guard let box = box(at: location.box) else { return ("?", []) }
        var components: [PathComponent] = []
        box.withValue { pointer in box.layout.name(pointer, location.steps[...], into: &components) }
        return (box.layout.name, components)
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
                components.append(.field(field))
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
                /// The step's own component, with the element's id once it is reached.
                func component(_ reached: UnsafeRawPointer?) -> Store.PathComponent? {
                    switch (container.kind, element) {
                    case (.optional, _):
                        return nil
                    case (_, .element(let position)):
                        let id = reached.flatMap { reached in part.child.model?.plainIdentity.map { $0(reached) } }
                        return .element(position, id: id)
                    case (_, .key(let key)):
                        return .key(key.value?.base ?? String(decoding: key.json ?? [], as: UTF8.self))
                    default:
                        return nil
                    }
                }
                var reached = false
                if let pointer {
                    container.element(pointer, element) {
                        reached = true
                        if let step = component($0) { components.append(step) }
                        part.child.nameChild($0, rest.dropFirst(), into: &components)
                    }
                }
                if !reached {
                    if let step = component(nil) { components.append(step) }
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
