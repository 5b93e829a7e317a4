/// Changes a model inside a value, found as a store finds models (through fields, optionals,
/// enum payloads, arrays and dictionaries), without a store: no action is dispatched, so no
/// model's `update(action:)` runs.
///
/// For a test's expected state (`modify` in `SubstateTesting`). Returns how many models of the
/// type the value holds; the first that `matches` is changed, and none when none matches.
@MainActor
package func modifyModel<Root: Model, M: Model>(
    _ type: M.Type, in value: inout Root, where matches: (M) -> Bool, _ change: (inout M) -> Void
) -> (count: Int, changed: Bool) {
    let box = ModelBox(value)
    let query = ModelQuery(M.self)
    var found: [(steps: [ModelLocation.Step], model: M)] = []
    if query.mayContain(box.layout) {
        box.withValue { pointer in
            var steps: [ModelLocation.Step] = []
            box.layout.searchLocated(pointer, query, steps: &steps) { pointer, layout, steps, _ in
                if let model = layout.model?.read(pointer) as? M { found.append((steps, model)) }
            }
        }
    }
    guard let match = found.first(where: { matches($0.model) }) else { return (found.count, false) }
    var model = match.model
    change(&model)
    box.withMutableValue { pointer in
        box.layout.resolveMutable(pointer, match.steps[...]) { target, layout in
            _ = layout.model?.assign(target, model)
        }
    }
    // Fact (fixed box address): a box of `Root` keeps its tree at one address for its whole life.
    value = box.withValue { $0.assumingMemoryBound(to: Root.self).pointee }
    return (found.count, true)
}
