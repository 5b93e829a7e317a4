/// A value that describes something that happened: a tap, a response, a tick.
///
/// Actions are plain `Sendable` values, best declared inside the model that reacts to them.
/// Every action dispatched to a ``Store`` passes the middleware chain and then reaches every
/// model in the tree.
///
/// ```swift
/// extension Counter {
///     struct Increment: Action {}
///     struct Reset: Action { let to: Int }
/// }
/// ```
public protocol Action: Sendable {}
