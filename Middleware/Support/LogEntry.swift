import Substate

/// One entry of `ActionLogger` or `ModelLogger` as a value: the action, where it came from,
/// its fields and what it changed, so that an app can route entries to its own logging system
/// (`os_log`, swift-log) without parsing text.
///
/// ```swift
/// ActionLogger(entries: { entry in
///     logger.debug("\(entry.action)", metadata: ["origin": "\(entry.origin)"])
/// })
/// ```
public struct LogEntry: Sendable, Equatable {
    /// One field of the action, printed as Swift source spells it.
    public struct Field: Sendable, Equatable {
        public let label: String
        public let value: String

        public init(label: String, value: String) {
            self.label = label
            self.value = value
        }
    }

    /// The action's type, as users write it (`Counter.Reset`).
    public let action: String
    /// Where the action came from.
    public let origin: Store.Origin
    /// The action's fields; empty in a `ModelLogger` entry.
    public let fields: [Field]
    /// What the action changed; empty in an `ActionLogger` entry.
    public let changes: [StateDiff.Change]
    /// The entry as the logger prints it.
    public let text: String
}
