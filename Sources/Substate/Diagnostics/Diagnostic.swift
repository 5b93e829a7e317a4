/// A problem the store found in the shape of a state tree or in how a model behaves.
///
/// Diagnostics never stop the store; they point at models that the store cannot update or
/// at routing declarations that disagree with what a model does. Each is reported once per
/// store, to the handler given to ``Store/init(model:middleware:dependencies:onDiagnostic:)`` (standard
/// error by default), and kept in ``Store/diagnostics``.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem a diagnostic describes.
    public enum Kind: Sendable, Hashable {
        /// A `let` field holds models; the store cannot write to it, so they are not updated.
        case letField
        /// A class instance is, or holds, models; models must be value types.
        case classInstance
        /// A collection the store does not walk (a `Set`, a standard-library type other than
        /// `Array`, `ContiguousArray`, `Dictionary` and `Optional`) holds models.
        case unwalkableCollection
        /// An existential other than `any Model` (`Any`, `any Sendable`, `any P`) holds a model.
        case unopenedExistential
        /// A model changed in response to an action type its routing does not deliver to it
        /// (``Model/routing``, ``Model/handledActions``).
        case undeclaredAction
        /// Something kept from a store (a middleware's `Next`, the ``EffectRuntime``) was used
        /// after the store was released; the call did nothing.
        case useAfterRelease
        /// A model needs a middleware that is not in the list (a StateMachine node without its
        /// runner): what it asks for would be dropped.
        case missingMiddleware
        /// Two StateMachine nodes of one feature have the same id, so both take every result
        /// addressed to it.
        case duplicateNodeID
        /// Actions triggering one another went deeper than the limit, and the chain was stopped.
        case triggerLoop
        /// The store's reading of a type's layout from runtime metadata disagreed with what the
        /// runtime's reflection says of a value; the type's values are left alone.
        case unreadableLayout
        /// A middleware instance that serves one store at a time was handed a second store; it
        /// passes that store's actions on without doing its work for it.
        case sharedMiddleware
        /// In debug builds: an effect started for a model sent an action after that model left
        /// the tree (and its effects were cancelled); the action was dropped.
        case actionAfterModelLeft
        /// An action named something no longer in the tree (a screen popped, an element gone,
        /// an empty stack to pop); it was dropped before any middleware saw it.
        case undeliverableAction
    }

    /// The kind of problem.
    public let kind: Kind
    /// The type that holds the problem, as Swift prints it.
    public let typeName: String
    /// The field concerned, or the action type for ``Kind/undeclaredAction``.
    public let member: String
    /// Where the problem sits, from the root of the tree, such as `App.screens[].cache`: `.name`
    /// for a field or an enum case, `[]` or `[3]` for elements, `?` for an optional's value.
    /// Empty for problems that are not about a place in the tree.
    public let path: String
    /// A sentence that names the problem and its consequence.
    public let message: String

    public var description: String { "substate: warning: \(message)" }

    package init(kind: Kind, typeName: String, member: String, path: String = "", message: String) {
        self.kind = kind
        self.typeName = typeName
        self.member = member
        self.path = path
        self.message = message
    }
}
