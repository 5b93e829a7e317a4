import Substate

/// An object that handles actions asynchronously and sends the actions it produces; it goes
/// straight into the middleware list.
///
/// Each action it accepts reaches the tree first, then the service's ``handle(action:send:)``
/// runs as an effect on the store's `EffectRuntime`. Tests swap a real service for a fixed or
/// failing one by passing a different value in the list; nothing is subclassed.
///
/// ```swift
/// final class NumberFetcher: Service {
///     var handledActions: [any Action.Type]? { [Numbers.Fetch.self] }
///     func handle(action: Action, send: Send) async throws {
///         let number = try await api.fetchNumber()
///         await send(Numbers.FetchDidSucceed(number: number))
///     }
/// }
///
/// final class FixedNumberFetcher: Service {
///     func handle(action: Action, send: Send) async {
///         if action is Numbers.Fetch { await send(Numbers.FetchDidSucceed(number: 10)) }
///     }
/// }
///
/// let store = Store(model: Counter(), middleware: [NumberFetcher()])      // the app
/// let store = Store(model: Counter(), middleware: [FixedNumberFetcher()]) // a test
/// ```
@MainActor
public protocol Service: Middleware, AnyObject, Sendable {
    /// The action types the service handles, or `nil` for every action (each then starts an
    /// effect, so declare them when you can).
    var handledActions: [any Action.Type]? { get }

    /// Turns an error ``handle(action:send:)`` throws into an action to send; by default, or
    /// when it returns `nil`, the error goes to the store's `EffectRuntime.onError`.
    func failure(for error: any Error, action: Action) -> (any Action)?

    /// Handles an action that reached the tree, sending the actions it produces.
    func handle(action: Action, send: Send) async throws
}

extension Service {
    public var handledActions: [any Action.Type]? { nil }

    public func failure(for error: any Error, action: Action) -> (any Action)? { nil }

    public func handle(_ action: Action, store: Store, next: Next) {
        next(action)
        if let handled = handledActions {
            let type = ObjectIdentifier(Swift.type(of: action))
            guard handled.contains(where: { ObjectIdentifier($0) == type }) else { return }
        }
        store.effects.run(catch: { self.failure(for: $0, action: action) }) { send in
            try await self.handle(action: action, send: send)
        }
    }
}
