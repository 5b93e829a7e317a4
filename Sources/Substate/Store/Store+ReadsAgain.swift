/// What a read saw, worked out again after an action without having kept it.
///
/// An observed read stays registered until its observers are told, and it is told as soon as
/// an action changes what it read; so what it read is always what the tree held when the
/// current action started. That value is found again from the action's own record: the old
/// value of the nearest model at or above the read's location that the action changed holds
/// it; when nothing at or above it changed, it is still in the tree.
enum ValueAtStart<M> {
    /// The model that stood there when the action started.
    case value(M)
    /// Nothing stood there.
    case absent
    /// The record cannot say (the model, or one below it, changed with no old value kept):
    /// the read may differ.
    case unknown
}

extension Store {
    /// The model of a type that stood at a location when the current action started.
    func valueAtStart<M: Model>(_ type: M.Type, at location: ModelLocation, changes: [ModelChange]) -> ValueAtStart<M> {
        let target = location.steps.count
        var nearest: ModelChange?
        if let paths = changes.first?.paths {
            let shared = paths.sharedPrefixLengths(with: location)
            for change in changes where change.paths === paths {
                let length = shared[change.index]
                // A model below the one read changed: the one read holds it, so it changed too.
                if length == target, change.depth > target { return .unknown }
                // A model at or above the one read changed: the nearest holds its old value.
                if length == change.depth, change.depth <= target, change.depth > nearest?.depth ?? -1 {
                    nearest = change
                }
            }
        }
        guard let nearest else {
            return read(M.self, at: location).map { .value($0) } ?? .absent
        }
        guard let before = nearest.before else { return .unknown }
        let rest = location.steps.dropFirst(nearest.depth)
        var found: M?
        func open<Old: Model>(_ old: Old) {
            // Fact (scoped pointer): the old value is read only inside the closure, along the steps
            // its own layout resolves.
            withUnsafePointer(to: old) { pointer in
                nearest.layout.resolve(UnsafeRawPointer(pointer), rest) { pointer, layout, isLast in
                    if isLast, layout.typeID == ObjectIdentifier(M.self) {
                        // Fact (typed address): the layout at the end of the path has `M`'s type identity, checked just above.
                        found = pointer.assumingMemoryBound(to: M.self).pointee
                    }
                }
            }
        }
        open(before)
        return found.map { .value($0) } ?? .absent
    }

    /// Whether the action may have added, removed or moved models of the type.
    static func mayHaveRegrouped(_ type: ObjectIdentifier, _ changes: [ModelChange]) -> Bool {
        changes.contains { $0.mayRegroupExistentials || $0.regroupedTypes.contains(type) }
    }

    /// Where the shallowest model of a type stands (the one ``find(_:)`` reads), if any.
    func shallowestLocation<M: Model>(_ type: M.Type) -> ModelLocation? {
        let query = ModelQuery(modelType: ObjectIdentifier(M.self))
        for (index, box) in (trees.all).enumerated() where query.mayContain(box.layout) {
            var best: (location: ModelLocation, depth: Int)?
            box.withValue { pointer in
                var steps: [ModelLocation.Step] = []
                box.layout.searchLocated(pointer, query, steps: &steps) { _, _, steps, depth in
                    if depth < best?.depth ?? .max { best = (ModelLocation(box: index, steps: steps), depth) }
                }
            }
            if let best { return best.location }
        }
        return nil
    }

    /// Whether a read of the shallowest model of a type would now give another model than when
    /// the action started.
    func shallowestDiffers<M: Model>(_ type: M.Type, _ changes: [ModelChange]) -> Bool {
        // Models of the type came, went or moved: the shallowest may be another one.
        if Self.mayHaveRegrouped(ObjectIdentifier(M.self), changes) { return true }
        // Otherwise the shallowest stands where it stood.
        guard let location = shallowestLocation(M.self) else { return false }
        switch valueAtStart(M.self, at: location, changes: changes) {
        case .value(let old): return !sameValue(old, read(M.self, at: location))
        case .absent, .unknown: return true
        }
    }

    /// Whether a read of the model with an id would now give another result than when the action
    /// started, the model having stood where `seen` says then (`nil`: there was none). When it
    /// would not, the model may still have moved: `seen` learns where it stands now.
    func modelDiffers<M: Model & Identifiable>(
        _ type: M.Type, id: M.ID, seen: SeenLocation, _ changes: [ModelChange]
    ) -> Bool {
        let now = lookup(type, id: id)
        guard let location = seen.location else { return now != nil }
        let differs: Bool
        switch valueAtStart(M.self, at: location, changes: changes) {
        case .value(let old): differs = old.id != id || !sameValue(old, now)
        case .absent, .unknown: differs = true
        }
        if !differs { seen.location = idIndex.location(of: ObjectIdentifier(M.self), id: AnyHashable(id)) }
        return differs
    }

    /// The model of a type at a location, if that is where one sits.
    func read<M: Model>(_ type: M.Type, at location: ModelLocation) -> M? {
        guard let box = box(at: location.box) else { return nil }
        var found: M?
        box.withValue { pointer in
            box.layout.resolve(pointer, location.steps[...]) { pointer, layout, isLast in
                if isLast, layout.typeID == ObjectIdentifier(M.self) {
                    // Fact (typed address): the layout at the end of the path has `M`'s type identity, checked just above.
                    found = pointer.assumingMemoryBound(to: M.self).pointee
                }
            }
        }
        return found
    }
}

/// Where the model an observed read saw stands, kept up to date as actions move it without
/// changing it.
@MainActor
final class SeenLocation {
    var location: ModelLocation?

    init(_ location: ModelLocation?) {
        self.location = location
    }
}
