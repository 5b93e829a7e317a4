import Substate

/// One delayed action, held until its time: the delayer's ``TimingRule``.
struct DelayHold: TimingRule {
    let deadline: Duration
    let pending: (any Action)?

    static func begin(with action: any Action, _ delay: Duration, at now: Duration) -> (DelayHold, passesNow: Bool) {
        (DelayHold(deadline: now + delay, pending: action), false)
    }

    /// Each delayed action is held on its own: a second one never reaches this one.
    mutating func receive(_ action: any Action, _ delay: Duration, at now: Duration) {}

    func fire(_ delay: Duration) -> (passing: (any Action)?, next: DelayHold?) { (pending, nil) }

    func cancelled() -> DelayHold? { nil }
}
