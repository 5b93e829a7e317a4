extension Store {
    /// One value of the shallowest model of a type, or `nil` if there is none.
    ///
    /// Reading through it inside `withObservationTracking` subscribes to that value alone: the
    /// observer is told when the value read changes, not when other fields of the model do. The
    /// store keeps only the value, to compare; so a view that shows a counter beside an image
    /// held in the same model is not redrawn when the image changes, and nothing of the image is
    /// kept.
    ///
    /// ```swift
    /// store.find(Editor.self, \.wordCount)   // told when the count changes, not the text
    /// ```
    public func find<M: Model, V: Equatable>(_ type: M.Type, _ value: KeyPath<M, V>) -> V? {
        let found = lookup(type)?[keyPath: value]
        track(memberKey(type, .first, value)) { store, _ in store.lookup(type)?[keyPath: value] != found }
        return found
    }

    /// One value of the model of an `Identifiable` type with an id, or `nil` if there is none.
    ///
    /// Inside `withObservationTracking`, the observer is told when that value of that model
    /// changes, or the model appears or disappears: a row that shows a todo's title is not
    /// redrawn when the todo is checked off.
    ///
    /// ```swift
    /// store.find(Todo.self, id: 3, \.title)
    /// ```
    public func find<M: Model & Identifiable, V: Equatable>(_ type: M.Type, id: M.ID, _ value: KeyPath<M, V>) -> V? {
        let found = lookup(type, id: id)?[keyPath: value]
        track(memberKey(type, .id(AnyHashable(id)), value)) { store, _ in
            store.lookup(type, id: id)?[keyPath: value] != found
        }
        return found
    }

    /// One value of every model of a type, in the order of ``findAll(_:)``.
    ///
    /// Inside `withObservationTracking`, the observer is told when the list of values changes:
    /// a model's value changed, or models came, went or moved. A list that shows ids is not
    /// redrawn when a todo is checked off.
    ///
    /// ```swift
    /// store.findAll(Todo.self, \.id)
    /// ```
    ///
    /// - Complexity: The values are kept, to compare. After an action that changed models of
    ///   the type without adding, removing or moving any, only the changed models' values are
    ///   compared; otherwise the list is read again.
    public func findAll<M: Model, V: Equatable>(_ type: M.Type, _ value: KeyPath<M, V>) -> [V] {
        let found = lookupAll(type).map { $0[keyPath: value] }
        track(memberKey(type, .all, value)) { store, changes in
            if !Store.mayHaveRegrouped(ObjectIdentifier(M.self), changes) {
                var compared = true
                for change in changes where change.layout.typeID == ObjectIdentifier(M.self) {
                    guard let before = change.before as? M, let after = change.after as? M else {
                        compared = false
                        break
                    }
                    if before[keyPath: value] != after[keyPath: value] { return true }
                }
                if compared { return false }
            }
            return store.lookupAll(type).map { $0[keyPath: value] } != found
        }
        return found
    }

    /// The observation key of a read of one value of a model type.
    private func memberKey<M: Model>(_ type: M.Type, _ scope: ObservationKey.Scope, _ value: AnyKeyPath)
        -> ObservationKey
    {
        ObservationKey(type: ObjectIdentifier(M.self), scope: scope, byProtocol: false, member: value)
    }
}
