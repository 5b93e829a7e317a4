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
