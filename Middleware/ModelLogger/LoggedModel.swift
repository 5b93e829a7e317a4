import Substate

/// Marks a model for ``ModelLogger``'s filtered mode.
///
/// ```swift
/// extension Settings: LoggedModel {}
/// let store = Store(model: App(), middleware: [ModelLogger(filter: true)])
/// ```
public protocol LoggedModel: Model {}
