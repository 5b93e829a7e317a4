/// The store's dispatch loop state: whether an action is being dispatched, where it came from,
/// and the actions dispatched meanwhile, which wait their turn.
///
/// A store handles one action at a time. An action dispatched while another is handled (by
/// middleware, or by an observer the reduction calls) waits here and is handled right after,
/// in the order it came, with the origin it came with.
struct ActionQueue {
    private var waiting: [(action: any Action, origin: Store.Origin)] = []
    /// The index in `waiting` of the next action to hand out.
    private var next = 0
    /// Whether an action is being dispatched.
    private(set) var isDispatching = false
    /// Where the action being dispatched came from.
    private(set) var origin = Store.Origin.app

    /// Whether actions wait to be handled.
    var hasWaiting: Bool { next < waiting.count }

    /// Marks the start of a dispatch of an action from `origin`.
    mutating func begin(from origin: Store.Origin) {
        isDispatching = true
        self.origin = origin
    }

    /// Marks the end of the dispatch begun last.
    mutating func end() {
        isDispatching = false
    }

    /// Adds an action dispatched during another, to be handled after every action already
    /// waiting.
    mutating func enqueue(_ action: any Action, origin: Store.Origin) {
        waiting.append((action, origin))
    }

    /// The first waiting action, its origin now the dispatch's; `nil` when none waits, the
    /// queue then emptied (keeping its storage for the next burst).
    mutating func takeNext() -> (any Action)? {
        guard next < waiting.count else {
            if !waiting.isEmpty {
                waiting.removeAll(keepingCapacity: true)
                next = 0
            }
            return nil
        }
        let taken = waiting[next]
        next += 1
        origin = taken.origin
        return taken.action
    }
}
