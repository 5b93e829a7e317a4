import Substate

/// A rule of ``ActionTrigger``: what follows, or replaces, an action of a type; each reads as a
/// sentence.
///
/// ```swift
/// ActionTrigger([
///     .after(Login.Succeeded.self, dispatch: { succeeded, _ in Profile.Load(user: succeeded.user) }),
///     .after(Cart.Add.self, if: { _, tree in tree.find(Cart.self)?.items.count == 1 },
///            dispatch: { _, _ in Tips.Show(.firstItem) }),
///     .replacing(Legacy.Save.self, with: { _, _ in Document.Save() }),
///     .after(Search.Submit.self, perform: { submit, dependencies in
///         Search.Loaded(results: try await dependencies[SearchAPI.self].search(submit.text))
///     }),
/// ])
/// ```
public struct Trigger: Sendable {
    enum Kind {
        /// Follows the action with what `make` returns.
        case follow
        /// Sends what `make` returns instead of the action.
        case replace
    }

    let type: ObjectIdentifier
    let kind: Kind
    let make: @MainActor @Sendable (any Action, TriggerContext) -> (any Action)?
    let work: (@Sendable (any Action, Dependencies) async throws -> (any Action)?)?
    let condition: @MainActor @Sendable (any Action, TriggerContext) -> Bool

    /// After an action of the type reaches the tree, if the condition holds, dispatches what
    /// `make` builds from the action and the tree (nothing when it returns `nil`).
    public static func after<A: Action>(
        _ type: A.Type, if condition: @escaping @MainActor @Sendable (A, TriggerContext) -> Bool = { _, _ in true },
        dispatch make: @escaping @MainActor @Sendable (A, TriggerContext) -> (any Action)?
    ) -> Trigger {
        making(.follow, condition, make)
    }

    /// When an action of the type is dispatched and the condition holds, sends what `make`
    /// builds in its place: the original never reaches the tree.
    public static func replacing<A: Action>(
        _ type: A.Type, if condition: @escaping @MainActor @Sendable (A, TriggerContext) -> Bool = { _, _ in true },
        with make: @escaping @MainActor @Sendable (A, TriggerContext) -> any Action
    ) -> Trigger {
        making(.replace, condition, make)
    }

    /// After an action of the type reaches the tree, if the condition holds, performs the work
    /// on the store's effect runtime and dispatches its result.
    public static func after<A: Action>(
        _ type: A.Type, if condition: @escaping @MainActor @Sendable (A, TriggerContext) -> Bool = { _, _ in true },
        perform work: @escaping @Sendable (A, Dependencies) async throws -> (any Action)?
    ) -> Trigger {
        Trigger(
            type: ObjectIdentifier(A.self), kind: .follow, make: { _, _ in nil },
            work: { try await work($0 as! A, $1) }, condition: { condition($0 as! A, $1) })
    }

    /// A rule that, for an action of the type when the condition holds, sends what `make`
    /// builds, after the action or in its place.
    private static func making<A: Action>(
        _ kind: Kind, _ condition: @escaping @MainActor @Sendable (A, TriggerContext) -> Bool,
        _ make: @escaping @MainActor @Sendable (A, TriggerContext) -> (any Action)?
    ) -> Trigger {
        Trigger(
            type: ObjectIdentifier(A.self), kind: kind, make: { make($0 as! A, $1) }, work: nil,
            condition: { condition($0 as! A, $1) })
    }
}

/// What a trigger rule reads of the store: its models.
@MainActor
public struct TriggerContext {
    let store: Store

    /// The shallowest model of a type in the tree, as `Store.find` finds it.
    public func find<T>(_ type: T.Type) -> T? { store.lookup(type) }
}
