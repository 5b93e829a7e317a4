import Substate

/// Marks an action for `ActionRecorder`'s filtered mode, which records only these.
public protocol RecordedAction: Action {}
