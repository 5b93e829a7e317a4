extension Store {
    /// The shallowest model of a type in the tree, or `nil` if there is none.
    ///
    /// "Shallowest" counts struct fields from the root (elements of an array or a dictionary sit
    /// at the depth of the field that holds them); at equal depth the first in declaration order
    /// wins. Models registered by middleware are searched after the root tree. The type may also
    /// be a protocol, to find the first model that conforms to it. Reading through `find` inside
    /// `withObservationTracking` subscribes to changes of that model type.
    ///
    /// ```swift
    /// store.find(Counter.self)?.value
    /// store.find(Tracker<NewsScreen>.self)?.clicks
    /// ```
    ///
    /// - Complexity: Only subtrees that can hold the type are visited; a model near the root is
    ///   found without walking the rest of the tree.
    public func find<T>(_ type: T.Type) -> T? {
        let found = lookup(type)
        track(observationKey(type, .first)) { _, changes in Self.touches(changes, type) }
        return found
    }

    /// Every model of a type, or conforming to a protocol, in tree order (parents before their
    /// children, fields in declaration order, elements in container order), then among models
    /// registered by middleware.
    ///
    /// ```swift
    /// store.findAll(Tracker<NewsScreen>.self).count
    /// store.findAll((any Resettable).self)   // every model that adopts a protocol
    /// ```
    public func findAll<T>(_ type: T.Type) -> [T] {
        let found = lookupAll(type)
        track(observationKey(type, .all)) { _, changes in Self.touches(changes, type) }
        return found
    }

    /// The model of an `Identifiable` type with an id, or `nil` if there is none.
    ///
    /// Reading through it inside `withObservationTracking` (a SwiftUI row showing one item)
    /// subscribes to that model alone: the observer is told when that model changes, appears or
    /// disappears, not when its siblings do.
    ///
    /// ```swift
    /// store.find(Todo.self, id: 3)?.title
    /// ```
    ///
    /// - Complexity: The store keeps where each model of the type sits while it knows what
    ///   actions change, so a read is a walk down one path; the first read after an action that
    ///   may have added, removed or moved such models finds them again in one walk.
    public func find<M: Model & Identifiable>(_ type: M.Type, id: M.ID) -> M? {
        let found = lookup(type, id: id)
        // Where it stands, not the model: a kept model would share its buffers with the tree.
        let seen = SeenLocation(
            found == nil ? nil : idIndex.location(of: ObjectIdentifier(M.self), id: AnyHashable(id)))
        track(observationKey(type, .id(AnyHashable(id)))) { store, changes in
            store.modelDiffers(type, id: id, seen: seen, changes)
        }
        return found
    }

    /// ``find(_:id:)`` without registering observation.
    package func lookup<M: Model & Identifiable>(_ type: M.Type, id: M.ID) -> M? {
        let key = AnyHashable(id)
        let typeID = ObjectIdentifier(M.self)
        if let location = idIndex.location(of: typeID, id: key), let found = read(M.self, at: location), found.id == id
        {
            return found
        }
        var locations: [AnyHashable: ModelLocation] = [:]
        for (location, model) in locatedModelsUntracked(M.self) where locations[AnyHashable(model.id)] == nil {
            locations[AnyHashable(model.id)] = location
        }
        idIndex.setEntry(locations, for: typeID)
        guard let location = locations[key] else { return nil }
        return read(M.self, at: location)
    }

    /// Where the model of a type with an id sits (the first in tree order, for an id met
    /// twice); `nil` when none has the id.
    ///
    /// - Complexity: What ``find(_:id:)`` costs: a walk down one path while the store's id
    ///   index holds the type, one walk of the tree to make the entry otherwise.
    package func location<M: Model & Identifiable>(of type: M.Type, id: M.ID) -> ModelLocation? {
        if let known = indexedLocation(of: type, id: id) { return known }
        // A miss makes the type's entry again.
        guard lookup(type, id: id) != nil else { return nil }
        return idIndex.location(of: ObjectIdentifier(M.self), id: AnyHashable(id))
    }

    /// Where the id index last saw the model of a type with an id, when a model with that id is
    /// still there; `nil` otherwise, with no walk to find it.
    package func indexedLocation<M: Model & Identifiable>(of type: M.Type, id: M.ID) -> ModelLocation? {
        guard let location = idIndex.location(of: ObjectIdentifier(M.self), id: AnyHashable(id)),
            read(M.self, at: location)?.id == id
        else { return nil }
        return location
    }

    /// Notes in the id index where the model of a type with an id was found another way.
    package func noteLocation<M: Model & Identifiable>(_ location: ModelLocation, of type: M.Type, id: M.ID) {
        idIndex.note(location, of: ObjectIdentifier(M.self), id: AnyHashable(id))
    }

    /// The tree a location starts in: 0 for the root, then 1 + a registered model's index.
    func box(at index: Int) -> AnyModelBox? {
        trees.tree(at: index)
    }

    /// Every model of a type, or conforming to a protocol, in the order of ``findAll(_:)``, each
    /// with where it sits, for ``Restore/init(located:)``.
    ///
    /// ```swift
    /// let before = store.locatedModels(Note.self)
    /// store.update(Notebook.Edit(id: "b", text: "new"))
    /// store.update(Store.Restore(located: before.map { ($0.location, $0.model) }))
    /// ```
    public func locatedModels<T>(_ type: T.Type) -> [(location: ModelLocation, model: T)] {
        let found = locatedModelsUntracked(type)
        track(observationKey(type, .all)) { _, changes in Self.touches(changes, type) }
        return found
    }

    /// Whether the changes touch a read of every model of a type, or of the first one
    /// conforming to a protocol: models of the type changed, or came, went or moved.
    ///
    /// Reads of a model type are told at once when a model of that type changes; this is
    /// asked of the rest: model types whose models may have been added, removed or moved, and
    /// reads by protocol, for any change.
    private static func touches<T>(_ changes: [ModelChange], _ type: T.Type) -> Bool {
        if T.self is any Model.Type { return mayHaveRegrouped(ObjectIdentifier(T.self), changes) }
        // By protocol: a conforming model changed, models came, went or moved, or a model
        // changed below others (which may conform: their types are known, not their protocols).
        return changes.contains { change in
            change.after is T || change.before is T || change.before == nil || !change.regroupedTypes.isEmpty
                || change.mayRegroupExistentials || !change.ancestors.isEmpty
        }
    }

    /// `locatedModels` without registering observation.
    /// The model at a location now, if a model is there.
    package func model(at location: ModelLocation) -> (any Model)? {
        let boxes = trees.all
        guard boxes.indices.contains(location.box) else { return nil }
        let box = boxes[location.box]
        var found: (any Model)?
        box.withValue { pointer in
            box.layout.resolve(pointer, location.steps[...]) { pointer, layout, isLast in
                if isLast { found = layout.model?.read(pointer) }
            }
        }
        return found
    }

    package func locatedModelsUntracked<T>(_ type: T.Type) -> [(location: ModelLocation, model: T)] {
        let query = ModelQuery(type)
        var results: [(location: ModelLocation, model: T)] = []
        for (index, box) in (trees.all).enumerated() where query.mayContain(box.layout) {
            box.withValue { pointer in
                var steps: [ModelLocation.Step] = []
                box.layout.searchLocated(pointer, query, steps: &steps) { pointer, layout, steps, _ in
                    if let model = layout.model?.read(pointer) as? T {
                        results.append((ModelLocation(box: index, steps: steps), model))
                    }
                }
            }
        }
        return results
    }

    /// The first model of a type at or below the model at a location, in tree order, with where
    /// it is; `nil` when there is none there.
    ///
    /// - Complexity: A walk down the location's path, then of the subtree below it: what a
    ///   screen's effect costs to find its model, not the app.
    package func firstLocatedModel<M: Model>(_ type: M.Type, within instance: ModelLocation) -> (
        location: ModelLocation, model: M
    )? {
        guard let box = box(at: instance.box) else { return nil }
        let query = ModelQuery(modelType: ObjectIdentifier(M.self))
        var found: (location: ModelLocation, model: M)?
        box.withValue { pointer in
            box.layout.resolve(pointer, instance.steps[...]) { pointer, layout, isLast in
                guard isLast, query.mayContain(layout) else { return }
                var steps = instance.steps
                layout.searchLocated(pointer, query, steps: &steps) { pointer, layout, steps, _ in
                    guard found == nil, let model = layout.model?.read(pointer) as? M else { return }
                    found = (ModelLocation(box: instance.box, steps: steps), model)
                }
            }
        }
        return found
    }

    /// The shallowest model of a model type: `find(_:)` for a concrete model type, which
    /// reads the model where it stands, with no dynamic casts.
    public func find<M: Model>(_ type: M.Type) -> M? {
        let found = lookup(type)
        track(observationKey(type, .first)) { store, changes in store.shallowestDiffers(type, changes) }
        return found
    }

    /// `find` of a concrete model type, without registering observation.
    package func lookup<M: Model>(_ type: M.Type) -> M? {
        let query = ModelQuery(modelType: ObjectIdentifier(M.self))
        if query.mayContain(root.layout), let found = lookup(M.self, in: root, query) { return found }
        guard trees.hasRegistered else { return nil }
        for box in trees.registered where query.mayContain(box.layout) {
            if let found = lookup(M.self, in: box, query) { return found }
        }
        return nil
    }

    private func lookup<M: Model>(_ type: M.Type, in box: AnyModelBox, _ query: ModelQuery) -> M? {
        // The root itself: no walk.
        // Fact (typed address): the layout that led to this address was built for this type, so a value of it is there.
        if query.isMatch(box.layout, at: box.address) { return box.address.assumingMemoryBound(to: M.self).pointee }
        return shallowest(in: box.address, box.layout, query) { pointer, _ in
            pointer.assumingMemoryBound(to: M.self).pointee
        }
    }

    /// `find` without registering observation.
    ///
    /// One walk, linear in the models visited: it keeps the shallowest match so far (the first
    /// one at its depth) and does not go deeper than that match into the rest of the tree.
    package func lookup<T>(_ type: T.Type) -> T? {
        let query = ModelQuery(type)
        for box in trees.all where query.mayContain(box.layout) {
            let found: T? = box.withValue { pointer in
                shallowest(in: pointer, box.layout, query) { pointer, layout in layout.model?.read(pointer) as? T }
            }
            if let found { return found }
        }
        return nil
    }

    /// The shallowest match of a query in a tree (the first one at its depth), as `read` makes
    /// it; the walk does not go deeper than the match found so far.
    @inline(__always)
    private func shallowest<T>(
        in pointer: UnsafeRawPointer, _ layout: TypeLayout, _ query: ModelQuery,
        read: (UnsafeRawPointer, TypeLayout) -> T?
    ) -> T? {
        var best: (model: T, depth: Int)?
        _ = layout.search(pointer, query, descend: { depth in depth < best?.depth ?? .max }) {
            pointer, layout, depth in
            if depth < best?.depth ?? .max, let model = read(pointer, layout) { best = (model, depth) }
            return depth > 0
        }
        return best?.model
    }

    /// `findAll` without registering observation.
    package func lookupAll<T>(_ type: T.Type) -> [T] {
        let query = ModelQuery(type)
        var results: [T] = []
        // A query for one model type matches values of exactly that type: read them as such,
        // with no boxing and no cast.
        let exact = query.modelType != nil
        // An array of the type, with no more of it inside its elements, is copied in one go.
        let bulk: ((ContainerAccess.Kind, UnsafeRawPointer) -> Bool)? =
            exact
            ? { kind, pointer in
                switch kind {
                // Fact (typed address): an exact query matched this container's element type, so the container holds `T`s.
                case .array: results.append(contentsOf: pointer.assumingMemoryBound(to: [T].self).pointee)
                case .contiguousArray:
                    results.append(contentsOf: pointer.assumingMemoryBound(to: ContiguousArray<T>.self).pointee)
                case .optional, .dictionary: return false
                }
                return true
            } : nil
        for box in trees.all where query.mayContain(box.layout) {
            box.withValue { pointer in
                _ = box.layout.search(pointer, query, bulk: bulk) { pointer, layout, _ in
                    if exact {
                        // Fact (typed address): the layout that led to this address was built for this type, so a value of it is there.
                        results.append(pointer.assumingMemoryBound(to: T.self).pointee)
                    } else if let model = layout.model?.read(pointer) as? T {
                        results.append(model)
                    }
                    return true
                }
            }
        }
        return results
    }
}
