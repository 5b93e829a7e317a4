import Substate

/// An action that dispatches a follow-up action right after it reached the tree, through
/// ``ActionTrigger``.
///
/// ```swift
/// struct SignedIn: Action, TriggeringAction {
///     let user: String
///     var trigger: (any Action)? { Profile.Load(user: user) }
/// }
/// ```
public protocol TriggeringAction: Action {
    /// The action to dispatch next, if any.
    var trigger: (any Action)? { get }
}

/// An action that dispatches follow-up actions, in order, right after it reached the tree,
/// through ``ActionTrigger``.
///
/// ```swift
/// struct Reset: Action, MultipleTriggeringAction {
///     var triggers: [any Action] { [Cart.Clear(), Filter.Set(.all)] }
/// }
/// ```
public protocol MultipleTriggeringAction: Action {
    /// The actions to dispatch next, in order.
    var triggers: [any Action] { get }
}
