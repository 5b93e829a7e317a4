import Substate

/// Marks an action for ``ActionLogger``'s filtered mode.
///
/// ```swift
/// struct Decrement: Action, LoggedAction {}
/// let store = Store(model: Counter(), middleware: [ActionLogger(filter: true)])
/// ```
public protocol LoggedAction: Action {}
