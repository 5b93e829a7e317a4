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
        track(type, all: false)
        return lookup(type)
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
        track(type, all: true)
        return lookupAll(type)
    }

    /// `find` without registering observation.
    func lookup<T>(_ type: T.Type) -> T? {
        let query = ModelQuery(type)
        for box in [root] + registered where query.mayContain(box.layout) {
            let found: T? = box.withValue { pointer in
                // Iterative deepening: the first match within the smallest depth limit is the
                // shallowest, and each round only walks what the previous one could not reach.
                var limit = 0
                while true {
                    var result: T?
                    var truncated = false
                    _ = box.layout.search(pointer, query, limit: limit, truncated: &truncated) { pointer, layout in
                        result = layout.model?.read(pointer) as? T
                        return result == nil
                    }
                    if result != nil || !truncated { return result }
                    limit += 1
                }
            }
            if let found { return found }
        }
        return nil
    }

    /// `findAll` without registering observation.
    func lookupAll<T>(_ type: T.Type) -> [T] {
        let query = ModelQuery(type)
        var results: [T] = []
        for box in [root] + registered where query.mayContain(box.layout) {
            box.withValue { pointer in
                var truncated = false
                _ = box.layout.search(pointer, query, truncated: &truncated) { pointer, layout in
                    if let model = layout.model?.read(pointer) as? T { results.append(model) }
                    return true
                }
            }
        }
        return results
    }
}
