import Substate

/// An action that ``ActionDelayer`` holds back for a while before it reaches the tree.
///
/// ```swift
/// struct ShowHint: Action, DelayedAction {
///     var delay: Duration { .seconds(2) }
/// }
/// ```
public protocol DelayedAction: Action {
    /// How long the action waits before it passes on.
    var delay: Duration { get }
    /// A key that ``CancelPendingActions`` can name to cancel only some pending actions of
    /// this type; `nil` by default.
    var delayKey: String? { get }
}

extension DelayedAction {
    public var delayKey: String? { nil }
}
