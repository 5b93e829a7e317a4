import Substate

/// The pure decision logic of throttling: an open interval, and the action waiting for its end.
struct ThrottleWindow: TimingRule {
    private(set) var end: Duration
    private(set) var pending: (any Action)?

    /// Opens a window with its first action; returns the window and whether the action passes now.
    static func open(with action: any Action, _ throttle: Throttle, at now: Duration) -> (
        ThrottleWindow, passesNow: Bool
    ) {
        (ThrottleWindow(end: now + throttle.interval, pending: throttle.leading ? nil : action), throttle.leading)
    }

    /// Takes an action that came while the window is open.
    mutating func receive(_ action: any Action, _ throttle: Throttle) {
        if throttle.latest || pending == nil { pending = action }
    }

    /// Ends the window; returns the action that passes now, and the window it opens, if any.
    func close(_ throttle: Throttle) -> (passing: (any Action)?, next: ThrottleWindow?) {
        guard throttle.trailing, let pending else { return (nil, nil) }
        return (pending, ThrottleWindow(end: end + throttle.interval, pending: nil))
    }

    /// Drops the waiting action, keeping the window.
    mutating func dropPending() {
        pending = nil
    }

    var deadline: Duration { end }

    static func begin(with action: any Action, _ throttle: Throttle, at now: Duration) -> (
        ThrottleWindow, passesNow: Bool
    ) {
        open(with: action, throttle, at: now)
    }

    mutating func receive(_ action: any Action, _ throttle: Throttle, at now: Duration) {
        receive(action, throttle)
    }

    func fire(_ throttle: Throttle) -> (passing: (any Action)?, next: ThrottleWindow?) { close(throttle) }

    /// The waiting action is dropped; the window stays open, so the next action is still inside it.
    func cancelled() -> ThrottleWindow? {
        var window = self
        window.dropPending()
        return window
    }
}

extension ThrottleWindow: KeyedTimingRule {
    /// ``ActionThrottler`` throttles the actions that adopt ``ThrottledAction``.
    static func times(_ action: any Action) -> Bool { action is ThrottledAction }

    static func setting(of action: any Action) -> (setting: Throttle, key: String?)? {
        guard let throttle = (action as? ThrottledAction)?.throttle else { return nil }
        return (throttle, throttle.key)
    }
}
