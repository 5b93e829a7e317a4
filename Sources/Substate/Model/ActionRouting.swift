/// Which actions the store delivers to a model type's ``Model/update(action:)``.
///
/// Every model receives every action by default, as the store's documents describe. In an app
/// with thousands of rows that costs a dynamic cast per row on every keystroke; with one line
/// per model type, an action reaches only the models whose types it belongs to, and the store
/// skips whole subtrees (a list of rows, a stack of screens) that cannot react to it.
///
/// ```swift
/// struct Todo: Model, Identifiable {
///     static let routing = ActionRouting.nestedActions
///     let id: Int
///     var isDone = false
///     struct Toggle: Action { let id: Int }
///     mutating func update(action: Action) {
///         if let toggle = action as? Toggle, toggle.id == id { isDone.toggle() }
///     }
/// }
/// ```
///
/// Under ``nestedActions``, an action belongs to a model type when it is declared inside it
/// (`Todo.Toggle`), or inside the type of a model below it (a parent sees its children's
/// actions, as a TCA parent reducer does), or names it as a generic argument
/// (`BindingAction<Todo>`, `Dismiss<Sheet>`, `ScreenStack<Detail>.Push`). A model that reacts
/// to an action declared elsewhere lists it with ``nestedActions(plus:)``. A wrong routing is
/// never silent: debug builds and `TestStore` also run each model that routing skipped on a
/// copy of it, and report a ``Diagnostic`` naming the model, the action and the field that
/// would have changed.
public struct ActionRouting: Sendable {
    enum Kind: Sendable {
        case every
        case nested
        case listed
    }

    let kind: Kind
    /// The action types listed by name, besides those the kind implies.
    let listed: [ObjectIdentifier]

    private init(kind: Kind, listed: [any Action.Type]) {
        self.kind = kind
        self.listed = listed.map { ObjectIdentifier($0) }
    }

    /// Every action reaches the model: the default.
    public static let everyAction = ActionRouting(kind: .every, listed: [])

    /// The actions declared inside the model's type or inside the types of the models below
    /// it, and those whose generic arguments name one of these types.
    public static let nestedActions = ActionRouting(kind: .nested, listed: [])

    /// The nested actions (see ``nestedActions``) and the listed action types, matched exactly.
    ///
    /// ```swift
    /// static let routing = ActionRouting.nestedActions(plus: [AppDelegate.SignedOut.self])
    /// ```
    public static func nestedActions(plus types: [any Action.Type]) -> ActionRouting {
        ActionRouting(kind: .nested, listed: types)
    }

    /// Only the listed action types, matched exactly (a protocol several actions adopt cannot
    /// be listed).
    public static func only(_ types: [any Action.Type]) -> ActionRouting {
        ActionRouting(kind: .listed, listed: types)
    }
}
