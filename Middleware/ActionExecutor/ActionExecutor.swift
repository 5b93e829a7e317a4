import Substate

/// Runs the work of each ``ExecutableAction`` on the store's effect runtime, after the action
/// reached the tree.
///
/// The work runs as an effect: with the action's ``ExecutableAction/executionID`` and
/// ``ExecutableAction/cancelsInFlight``, its errors turned into the action's
/// ``ExecutableAction/failure(_:)`` or sent to the store's error handler, cancelled when the
/// store is released. A replaying store runs none: the results were recorded.
///
/// ```swift
/// let store = Store(model: App(), middleware: [ActionExecutor()])
/// store.update(Fetch(id: 3))   // reaches the tree, then its work starts
/// ```
@MainActor
public final class ActionExecutor: Middleware {
    private var isExecutable = ActionTypeCheck { $0 is ExecutableAction }

    /// Creates an executor.
    public init() {}

    public func handle(_ action: Action, store: Store, next: Next) {
        next(action)
        guard isExecutable(action), let executable = action as? ExecutableAction else { return }
        store.effects.run(
            id: executable.executionID, cancelInFlight: executable.cancelsInFlight,
            catch: { executable.failure($0) }
        ) { send in
            try await executable.execute(dependencies: send.dependencies, send: send)
        }
    }
}
