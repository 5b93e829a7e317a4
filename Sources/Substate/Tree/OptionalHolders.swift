/// Optional fields as holders of screens: a ``Dismiss`` of a screen's type sets every optional
/// that holds one to `nil`, as TCA's `ifLet` clears a `@Presents` optional.
///
/// The walk itself never empties a field (models change only themselves); the store does it once
/// every model has seen the dismissal, through these two walks, which follow only the parts
/// that can hold the screen's type.
extension TypeLayout {
    /// Whether something at or below the value carries the dismissal out: an optional holding a
    /// screen it matches, or a model that holds screens itself (a ``ScreenStack``) and holds
    /// one it matches.
    func carriesOut(_ dismissal: any DismissRequest, at pointer: UnsafeRawPointer, _ query: ModelQuery) -> Bool {
        if isModel, type is any ScreenHolder.Type, let holder = model?.read(pointer) as? any ScreenHolder,
            holder.carriesOut(dismissal)
        {
            return true
        }
        if let existential {
            var found = false
            existential.withOpened(pointer) { model, layout in
                if query.mayContain(layout) { found = layout.carriesOutBelow(dismissal, at: model, query) }
            }
            return found
        }
        if let enumAccess {
            var found = false
            enumAccess.withPayload(pointer) { tag, payload in
                guard let part = parts.first(where: { $0.isCase(tag) }), query.mayContain(part.child) else { return }
                found = part.child.carriesOutBelow(dismissal, at: payload, query)
            }
            return found
        }
        for part in parts where query.mayContain(part.child) {
            switch part.access {
            case .field(_, let offset):
                if part.child.carriesOutBelow(dismissal, at: pointer + offset, query) { return true }
            case .elements(let container):
                if let optional = container.optional, let value = optional.value(pointer), dismissal.matches(value) {
                    return true
                }
                var found = false
                container.forEach(pointer) { element in
                    if !found { found = part.child.carriesOutBelow(dismissal, at: element, query) }
                }
                if found { return true }
            case .enumCase:
                continue
            }
        }
        return false
    }

    /// Sets every optional at or below the value that holds a screen the dismissal matches to
    /// `nil`; returns whether it emptied any.
    func clearOptionals(
        dismissing dismissal: any DismissRequest, at pointer: UnsafeMutableRawPointer, _ query: ModelQuery
    )
        -> Bool
    {
        var cleared = false
        if let existential {
            existential.withOpenedMutable(pointer) { model, layout in
                if query.mayContain(layout) { cleared = layout.clearOptionalsBelow(dismissal, at: model, query) }
            }
            return cleared
        }
        if let enumAccess {
            enumAccess.withPayloadMutable(pointer) { tag, payload in
                guard let part = parts.first(where: { $0.isCase(tag) }), query.mayContain(part.child) else { return }
                cleared = part.child.clearOptionalsBelow(dismissal, at: payload, query)
            }
            return cleared
        }
        for part in parts where query.mayContain(part.child) {
            switch part.access {
            case .field(_, let offset):
                if part.child.clearOptionalsBelow(dismissal, at: pointer + offset, query) { cleared = true }
            case .elements(let container):
                if let optional = container.optional, let value = optional.value(pointer), dismissal.matches(value) {
                    optional.clear(pointer)
                    cleared = true
                    continue
                }
                container.forEachMutable(pointer) { element in
                    if part.child.clearOptionalsBelow(dismissal, at: element, query) { cleared = true }
                }
            case .enumCase:
                continue
            }
        }
        return cleared
    }

    /// ``carriesOut(_:at:_:)`` of a value below, with stack to spare where trees can be deep.
    private func carriesOutBelow(_ dismissal: any DismissRequest, at pointer: UnsafeRawPointer, _ query: ModelQuery)
        -> Bool
    {
        guard isRecursive else { return carriesOut(dismissal, at: pointer, query) }
        return DeepStack.withRoom { carriesOut(dismissal, at: pointer, query) }
    }

    /// ``clearOptionals(dismissing:at:_:)`` of a value below, with stack to spare where trees
    /// can be deep.
    private func clearOptionalsBelow(
        _ dismissal: any DismissRequest, at pointer: UnsafeMutableRawPointer, _ query: ModelQuery
    ) -> Bool {
        guard isRecursive else { return clearOptionals(dismissing: dismissal, at: pointer, query) }
        return DeepStack.withRoom { clearOptionals(dismissing: dismissal, at: pointer, query) }
    }
}
