import Substate

/// What the timing middleware share: the actions each store's rules hold, keyed, on a clock;
/// ``CancelPendingActions``; and what happens to held actions when a store is released.
///
/// Each middleware is a policy over it: which actions it times, under which key, with which
/// setting, and its ``TimingRule``.
@MainActor
struct TimingCore<Rule: TimingRule> {
    /// The rules one store has under way.
    final class Held: HoldsPendingWork {
        struct Entry {
            var rule: Rule
            var setting: Rule.Setting
            var next: Next
            var work: ScheduledWork
        }

        var entries: [TimingKey: Entry] = [:]
        var pendingWork: Int { entries.values.filter { $0.rule.pending != nil }.count }
    }

    let scheduler: TimingScheduler
    let onRelease: PendingOnRelease

    /// Applies a ``CancelPendingActions`` the action carries, then times the action under the
    /// key with the setting, or passes it on when it is not timed (`setting` is `nil`).
    func handle(
        _ action: any Action, timed: (key: TimingKey, setting: Rule.Setting)?, store: Store, owner: AnyObject,
        next: Next
    ) {
        let cancel = CancelPendingActions.carried(by: action)
        guard cancel != nil || timed != nil else { return next(action) }
        let held = store.storage(for: owner) { Held() }
        if let cancel {
            for (key, entry) in held.entries where cancel.matches(key) {
                if let goingOn = entry.rule.cancelled() {
                    held.entries[key]?.rule = goingOn
                } else {
                    entry.work.cancel()
                    held.entries[key] = nil
                }
            }
        }
        guard let (key, setting) = timed else { return next(action) }
        let now = scheduler.now()
        if var entry = held.entries[key] {
            let before = entry.rule.deadline
            entry.rule.receive(action, setting, at: now)
            entry.setting = setting
            entry.next = next
            if entry.rule.deadline != before {
                entry.work.cancel()
                entry.work = schedule(key, in: held, at: entry.rule.deadline, now: now)
            }
            held.entries[key] = entry
            return
        }
        let (rule, passesNow) = Rule.begin(with: action, setting, at: now)
        let work = schedule(key, in: held, at: rule.deadline, now: now)
        held.entries[key] = Held.Entry(rule: rule, setting: setting, next: next, work: work)
        if passesNow { next(action) }
    }

    private func schedule(_ key: TimingKey, in held: Held, at deadline: Duration, now: Duration) -> ScheduledWork {
        scheduler.schedule(after: deadline - now) { [weak held] in
            guard let held, let entry = held.entries.removeValue(forKey: key) else { return }
            let (passing, goingOn) = entry.rule.fire(entry.setting)
            if let goingOn {
                let work = schedule(key, in: held, at: goingOn.deadline, now: scheduler.now())
                held.entries[key] = Held.Entry(rule: goingOn, setting: entry.setting, next: entry.next, work: work)
            }
            if let passing { entry.next(passing) }
        }
    }

    /// The store is going: what its rules hold is dropped, or delivered in deadline order with
    /// `onRelease: .flush`.
    func release(_ store: Store, owner: AnyObject) {
        guard let held = store.existingStorage(for: owner, as: Held.self) else { return }
        let entries = held.entries.sorted {
            ($0.value.rule.deadline, $0.key.serial) < ($1.value.rule.deadline, $1.key.serial)
        }
        held.entries = [:]
        for (_, entry) in entries {
            entry.work.cancel()
            if onRelease == .flush, let action = entry.rule.pending { entry.next(action) }
        }
    }
}
