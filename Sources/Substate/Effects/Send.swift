/// Sends actions from a running effect back into its store, through the whole pipeline.
///
/// Awaiting a send returns once the action has been handled on the main actor. Actions sent
/// after the effect was cancelled are dropped.
///
/// ```swift
/// store.effects.run { send in
///     for await reading in sensor.readings { await send(Sensor.Reading(reading)) }
/// }
/// ```
public struct Send: Sendable {
    let deliver: @MainActor @Sendable (any Action) -> Void
    /// The store's dependencies, for the effect to read its clock, date, UUIDs and services.
    public let dependencies: Dependencies

    /// Sends an action to the store.
    ///
    /// It runs where its caller runs: called from the main actor (a service, a main-actor
    /// effect), the action is handled at once and the caller goes on without leaving the main
    /// actor, so an effect that sent its last action is finished by the time anything else
    /// runs there (a test store released right after receiving it does not see it running).
    nonisolated(nonsending) public func callAsFunction(_ action: Action) async {
        await deliver(action)
    }
}
