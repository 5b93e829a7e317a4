extension TypeLayout {
    /// Visits, in tree order, the models at or below the value that match the query, with the
    /// steps that lead to each from the value and its depth in struct fields (as
    /// ``search(_:_:depth:descend:bulk:_:)`` counts it).
    func searchLocated(
        _ pointer: UnsafeRawPointer, _ query: ModelQuery, steps: inout [ModelLocation.Step], depth: Int = 0,
        _ body: (UnsafeRawPointer, TypeLayout, [ModelLocation.Step], Int) -> Void
    ) {
        if query.isMatch(self, at: pointer) { body(pointer, self, steps, depth) }
        if let existential {
            existential.withOpened(pointer) { model, layout in
                guard query.mayContain(layout) else { return }
                steps.append(.opened)
                layout.searchLocatedChild(model, query, steps: &steps, depth: depth, body)
                steps.removeLast()
            }
            return
        }
        if let enumAccess {
            enumAccess.withPayload(pointer) { tag, payload in
                guard let index = parts.firstIndex(where: { $0.isCase(tag) }), query.mayContain(parts[index].child)
                else { return }
                steps.append(.part(index))
                parts[index].child.searchLocatedChild(payload, query, steps: &steps, depth: depth, body)
                steps.removeLast()
            }
            return
        }
        for (index, part) in parts.enumerated() where query.mayContain(part.child) {
            steps.append(.part(index))
            switch part.access {
            case .field(_, let offset):
                // A collection that reads as its elements holds them at its own depth, as an array does.
                let below = readsAsElements ? depth : depth + 1
                part.child.searchLocatedChild(pointer + offset, query, steps: &steps, depth: below, body)
            case .elements(let container):
                container.forEachLocated(pointer) { step, element in
                    steps.append(step)
                    part.child.searchLocatedChild(element, query, steps: &steps, depth: depth, body)
                    steps.removeLast()
                }
            case .enumCase:
                break
            }
            steps.removeLast()
        }
    }

    private func searchLocatedChild(
        _ pointer: UnsafeRawPointer, _ query: ModelQuery, steps: inout [ModelLocation.Step], depth: Int,
        _ body: (UnsafeRawPointer, TypeLayout, [ModelLocation.Step], Int) -> Void
    ) {
        guard isRecursive else { return searchLocated(pointer, query, steps: &steps, depth: depth, body) }
        DeepStack.withRoom { searchLocated(pointer, query, steps: &steps, depth: depth, body) }
    }

    /// Follows steps down from the value and calls the body with the address and layout of
    /// what they lead to, for writing; does nothing when a step leads nowhere (a key removed,
    /// an index past the end, another enum case set).
    func resolveMutable(
        _ pointer: UnsafeMutableRawPointer, _ steps: ArraySlice<ModelLocation.Step>,
        _ body: (UnsafeMutableRawPointer, TypeLayout) -> Void
    ) {
        guard let step = steps.first else { return body(pointer, self) }
        let rest = steps.dropFirst()
        switch step {
        case .opened:
            existential?.withOpenedMutable(pointer) { model, layout in layout.resolveMutableChild(model, rest, body) }
        case .part(let index):
            guard parts.indices.contains(index) else { return }
            let part = parts[index]
            switch part.access {
            case .field(_, let offset):
                part.child.resolveMutableChild(pointer + offset, rest, body)
            case .enumCase(let tag, _):
                enumAccess?.withPayloadMutable(pointer) { current, payload in
                    if current == tag { part.child.resolveMutableChild(payload, rest, body) }
                }
            case .elements(let container):
                guard let element = rest.first else { return }
                container.elementMutable(pointer, element) {
                    part.child.resolveMutableChild($0, rest.dropFirst(), body)
                }
            }
        case .element, .key:
            return
        }
    }

    private func resolveMutableChild(
        _ pointer: UnsafeMutableRawPointer, _ steps: ArraySlice<ModelLocation.Step>,
        _ body: (UnsafeMutableRawPointer, TypeLayout) -> Void
    ) {
        guard isRecursive else { return resolveMutable(pointer, steps, body) }
        DeepStack.withRoom { resolveMutable(pointer, steps, body) }
    }

    /// Follows steps down from the value, for reading, calling `model` with each model met on
    /// the way (the value itself first, the one the steps lead to last, told that it is the
    /// last); does nothing more once a step leads nowhere.
    func resolve(
        _ pointer: UnsafeRawPointer, _ steps: ArraySlice<ModelLocation.Step>,
        model: (UnsafeRawPointer, TypeLayout, Bool) -> Void
    ) {
        if isModel { model(pointer, self, steps.isEmpty) }
        guard let step = steps.first else { return }
        let rest = steps.dropFirst()
        switch step {
        case .opened:
            existential?.withOpened(pointer) { opened, layout in layout.resolveChild(opened, rest, model: model) }
        case .part(let index):
            guard parts.indices.contains(index) else { return }
            let part = parts[index]
            switch part.access {
            case .field(_, let offset):
                part.child.resolveChild(pointer + offset, rest, model: model)
            case .enumCase(let tag, _):
                enumAccess?.withPayload(pointer) { current, payload in
                    if current == tag { part.child.resolveChild(payload, rest, model: model) }
                }
            case .elements(let container):
                guard let element = rest.first else { return }
                container.element(pointer, element) { part.child.resolveChild($0, rest.dropFirst(), model: model) }
            }
        case .element, .key:
            return
        }
    }

    private func resolveChild(
        _ pointer: UnsafeRawPointer, _ steps: ArraySlice<ModelLocation.Step>,
        model: (UnsafeRawPointer, TypeLayout, Bool) -> Void
    ) {
        guard isRecursive else { return resolve(pointer, steps, model: model) }
        DeepStack.withRoom { resolve(pointer, steps, model: model) }
    }
}
