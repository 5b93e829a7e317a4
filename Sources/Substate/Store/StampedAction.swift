/// An action that carries values read from the store's dependencies (a new UUID, the current
/// date, a random number, a client's synchronous answer), filled in by the store when the
/// action is dispatched, before any middleware or model sees it.
///
/// It is how a TCA reducer that calls `uuid()` or `date.now` ports: the model stays pure and
/// reads the value from its action. The values travel in the action, so a recorder writes them
/// to the log and a replay, which never stamps, reproduces them; a test sets the dependencies
/// (`$0.uuid = .incrementing`) and knows what the model receives.
///
/// ```swift
/// struct AddAttendee: StampedAction, Codable {
///     var id = UUID()  // replaced by the store's UUID when the action is dispatched
///     mutating func stamp(from dependencies: Dependencies) { id = dependencies.uuid() }
/// }
/// ```
///
/// Every action dispatched through the store is stamped once: with ``Store/update(_:)`` or
/// ``Store/send(_:)``, by an effect, by middleware (``Store/update(_:)`` from a middleware). An
/// action a middleware passes straight to its `next` was stamped when it was dispatched.
public protocol StampedAction: Action {
    /// Fills in what the action carries from the store's dependencies.
    mutating func stamp(from dependencies: Dependencies)
}

/// An action whose stamp reads the state of the model it is for before drawing a value, so
/// that it draws one only when the model will use it: TCA's reducer that calls `uuid()` only in
/// some states ports without shifting a test's `.incrementing` sequence.
///
/// The model is the one a ``TargetedAction`` names, or else the first of its type in the tree,
/// as it is before the action. No model of the type in the tree, nothing is stamped. As with
/// ``StampedAction``, the store stamps the action once, when it is dispatched, and never in a
/// replay: the log holds what was drawn.
///
/// ```swift
/// struct DeleteAttendees: StampedFromState {
///     let offsets: [Int]
///     var blank: UUID?  // drawn only when the deletion empties the list
///     mutating func stamp(from dependencies: Dependencies, state form: SyncUpForm) {
///         if form.attendees.count == offsets.count { blank = dependencies.uuid() }
///     }
/// }
/// ```
public protocol StampedFromState: Action {
    /// The type of the model whose state the stamp reads.
    associatedtype StampSource: Model
    /// Fills in what the action carries from the store's dependencies, given the model's state
    /// before the action.
    mutating func stamp(from dependencies: Dependencies, state: StampSource)
}
