import Substate

/// How an action is debounced: the quiet interval that ends a burst, which edge of the burst
/// passes, an optional longest wait, and an optional key.
public struct Debounce: Sendable {
    /// Which action of a burst passes.
    public enum Edge: Sendable {
        /// The last action of the burst, once the interval passed without another.
        case trailing
        /// The first action of the burst, at once; the rest of the burst is dropped.
        case leading
        /// The first at once, and the last after the burst if there was more than one.
        case both
    }

    /// How long the actions must stop for a burst to end.
    public var interval: Duration
    public var edge: Edge
    /// The longest a trailing action waits from the start of a burst, however long it lasts.
    public var maxWait: Duration?
    /// Separates bursts of one action type, for example one per search field.
    public var key: String?

    public init(_ interval: Duration, edge: Edge = .trailing, maxWait: Duration? = nil, key: String? = nil) {
        self.interval = interval
        self.edge = edge
        self.maxWait = maxWait
        self.key = key
    }
}

/// An action that ``ActionDebouncer`` lets through only once per burst.
///
/// ```swift
/// struct Query: Action, DebouncedAction {
///     let field: String
///     let text: String
///     var debounce: Debounce { Debounce(.milliseconds(300), key: field) }
/// }
/// ```
public protocol DebouncedAction: Action {
    var debounce: Debounce { get }
}
