import Substate

/// The pure decision logic of a debounced burst: what passes at once, what waits, and until when.
struct DebounceBurst: TimingRule {
    let start: Duration
    private(set) var deadline: Duration
    /// The action that passes when the burst ends, if any.
    private(set) var pending: (any Action)?

    /// Starts a burst with its first action; returns the burst and whether that action passes now.
    static func begin(with action: any Action, _ debounce: Debounce, at now: Duration) -> (
        DebounceBurst, passesNow: Bool
    ) {
        let leading = debounce.edge != .trailing
        var burst = DebounceBurst(start: now, deadline: now, pending: leading ? nil : action)
        burst.extend(debounce, at: now)
        return (burst, leading)
    }

    /// Adds a later action of the same burst.
    mutating func receive(_ action: any Action, _ debounce: Debounce, at now: Duration) {
        if debounce.edge != .leading { pending = action }
        extend(debounce, at: now)
    }

    private mutating func extend(_ debounce: Debounce, at now: Duration) {
        deadline = now + debounce.interval
        if let maxWait = debounce.maxWait { deadline = min(deadline, start + maxWait) }
    }

    /// The burst's end: the waiting action passes, and the burst is over.
    func fire(_ debounce: Debounce) -> (passing: (any Action)?, next: DebounceBurst?) { (pending, nil) }

    /// A cancelled burst is over: the next action starts a new one.
    func cancelled() -> DebounceBurst? { nil }
}

extension DebounceBurst: KeyedTimingRule {
    /// ``ActionDebouncer`` debounces the actions that adopt ``DebouncedAction``.
    static func times(_ action: any Action) -> Bool { action is DebouncedAction }

    static func setting(of action: any Action) -> (setting: Debounce, key: String?)? {
        guard let debounce = (action as? DebouncedAction)?.debounce else { return nil }
        return (debounce, debounce.key)
    }
}
