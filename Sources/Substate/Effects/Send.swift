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
    /// The screen the effect was started for, when an action addressed to one started it.
    let instance: (any AddressableInstance)?
    /// What dismisses the model the effect was started for (`Dismiss` of its type), when it
    /// was started for one and not for a screen on a stack.
    let dismissal: (any Action)?
    /// Dismisses the store's root screen, for an effect started for no model in particular.
    let dismissRoot: @MainActor @Sendable () -> Void
    /// Carries out ``dismissal``: the store dismisses its root itself when the model is the
    /// root, and sends the dismissal for the model's holder otherwise.
    let dismissModel: @MainActor @Sendable (any Action) -> Void

    init(
        deliver: @escaping @MainActor @Sendable (any Action) -> Void, dependencies: Dependencies,
        instance: (any AddressableInstance)? = nil, dismissal: (any Action)? = nil,
        dismissRoot: @escaping @MainActor @Sendable () -> Void = {},
        dismissModel: (@MainActor @Sendable (any Action) -> Void)? = nil
    ) {
        self.deliver = deliver
        self.dependencies = dependencies
        self.instance = instance
        self.dismissal = dismissal
        self.dismissRoot = dismissRoot
        self.dismissModel = dismissModel ?? deliver
    }

    /// Sends an action to the store.
    ///
    /// It runs where its caller runs: called from the main actor (a service, a main-actor
    /// effect), the action is handled at once and the caller goes on without leaving the main
    /// actor, so an effect that sent its last action is finished by the time anything else
    /// runs there (a test store released right after receiving it does not see it running).
    ///
    /// An effect started for one screen (by an action addressed to it, `ScreenStack.ToElement`)
    /// sends its actions addressed to that screen, as TCA's stack elements' effects do: a
    /// response reaches that screen alone, and a `Dismiss` dismisses that screen.
    nonisolated(nonsending) public func callAsFunction(_ action: Action) async {
        await deliver(instance?.address(action) ?? action)
    }

    /// Dismisses the screen the effect runs for, as TCA's `dismiss()` does.
    ///
    /// - For an effect an action addressed to one screen started (`ScreenStack.ToElement`), it
    ///   sends that screen's `ScreenStack.PopFrom`, which pops it and the screens above it.
    /// - For an effect started for a model (`Effect(model:action:)`), it sends `Dismiss` of the
    ///   model's type, which its holder (a `Presented`, a stack, an optional field) carries out,
    ///   as TCA's `dismiss()` sends its parent `.dismiss`. When the model is the store's root,
    ///   nothing holds it: the store dismisses it at once and sends no action.
    /// - For any other effect, it dismisses the store's root screen, sending no action.
    ///
    /// The screen's effects end with it. A store whose root screen was dismissed says so in
    /// `Store.isDismissed`, as a test of a screen alone asks TCA's `isDismissed`, and has no
    /// action to receive for it.
    ///
    /// ```swift
    /// Effect(for: Child.CloseTapped.self) { _, send in await send.dismiss() }
    /// ```
    nonisolated(nonsending) public func dismiss() async {
        if let instance {
            await deliver(instance.dismissal)
        } else if let dismissal {
            await dismissModel(dismissal)
        } else {
            await dismissRoot()
        }
    }
}
