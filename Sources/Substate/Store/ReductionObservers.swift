/// The observers registered with ``Store/observeReductions(_:)``, called with each action
/// right after the tree reduced it, in the order they registered.
@MainActor
struct ReductionObservers {
    private var observers: [(id: Int, observe: @MainActor (any Action, Store.Origin) -> Void)] = []
    private var lastID = 0

    /// Whether there is no observer.
    var isEmpty: Bool { observers.isEmpty }

    /// Adds an observer after the others; returns the id that removes it.
    mutating func add(_ observe: @escaping @MainActor (any Action, Store.Origin) -> Void) -> Int {
        lastID += 1
        observers.append((lastID, observe))
        return lastID
    }

    /// Removes an observer; nothing when it is gone already.
    mutating func remove(_ id: Int) {
        observers.removeAll { $0.id == id }
    }

    /// Calls every observer with an action the tree reduced and its origin.
    func tell(_ action: any Action, origin: Store.Origin) {
        for observer in observers { observer.observe(action, origin) }
    }
}
