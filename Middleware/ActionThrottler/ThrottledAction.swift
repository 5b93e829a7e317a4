import Substate

/// How an action is throttled: at most one per interval, and which ones.
public struct Throttle: Sendable {
    /// The shortest time between two actions that pass.
    public var interval: Duration
    /// Whether the first action passes at once, opening the interval.
    public var leading: Bool
    /// Whether an action that came during the interval passes when it ends.
    public var trailing: Bool
    /// Whether that trailing action is the latest one of the interval (`true`) or the first.
    public var latest: Bool
    /// Separates throttling of one action type, for example one per sensor.
    public var key: String?

    /// Leading and trailing both off would let nothing through; such a throttle is leading.
    public init(
        _ interval: Duration, leading: Bool = true, trailing: Bool = true, latest: Bool = true, key: String? = nil
    ) {
        self.interval = interval
        self.leading = leading || !trailing
        self.trailing = trailing
        self.latest = latest
        self.key = key
    }
}

/// An action that ``ActionThrottler`` lets through at most once per interval.
///
/// ```swift
/// struct Scrolled: Action, ThrottledAction {
///     let offset: Double
///     var throttle: Throttle { Throttle(.milliseconds(100)) }
/// }
/// ```
public protocol ThrottledAction: Action {
    var throttle: Throttle { get }
}
