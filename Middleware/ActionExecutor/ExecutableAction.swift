import Substate

/// An action that carries its own asynchronous work, which ``ActionExecutor`` runs after the
/// action reached the tree.
///
/// Implement one of the two `execute` methods: the first for work with one result (or none),
/// the second for work that sends several results over time, or a stream. The work reads the
/// outside world through the store's `Dependencies`, so a test replaces it in one line.
///
/// ```swift
/// struct Fetch: Action, ExecutableAction {
///     let id: Int
///     var executionID: EffectID? { "fetch" }
///     var cancelsInFlight: Bool { true }
///     func execute(dependencies: Dependencies) async throws -> (any Action)? {
///         Fetched(item: try await dependencies[APIClient.self].fetch(id))
///     }
///     func failure(_ error: any Error) -> (any Action)? { FetchFailed(message: "\(error)") }
/// }
/// ```
public protocol ExecutableAction: Action {
    /// Names the work, to cancel it with `Store.CancelEffects`; `nil` by default.
    var executionID: EffectID? { get }
    /// Whether running work with the same ``executionID`` is cancelled first; `false` by
    /// default.
    var cancelsInFlight: Bool { get }

    /// Does the work and returns the action to send with its result, if any.
    func execute(dependencies: Dependencies) async throws -> (any Action)?

    /// Does the work, sending its results as they come; by default it sends what
    /// ``execute(dependencies:)`` returns.
    func execute(dependencies: Dependencies, send: Send) async throws

    /// The action to send when the work throws; by default `nil`, and the error goes to the
    /// store's `EffectRuntime.onError`.
    func failure(_ error: any Error) -> (any Action)?
}

extension ExecutableAction {
    public var executionID: EffectID? { nil }

    public var cancelsInFlight: Bool { false }

    public func execute(dependencies: Dependencies) async throws -> (any Action)? { nil }

    public func execute(dependencies: Dependencies, send: Send) async throws {
        if let result = try await execute(dependencies: dependencies) { await send(result) }
    }

    public func failure(_ error: any Error) -> (any Action)? { nil }
}
