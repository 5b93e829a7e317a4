import Substate

/// Marks an action for ``ActionTimer``'s filtered mode.
public protocol TimedAction: Action {}
