import Foundation
import Substate
import SubstateReplay
import SubstateTestSupport

/// Random sessions of a ``CountingShop`` recorded with the states the live store had after
/// every recorded action, to check that replay and time travel show exactly those.
public enum SeekSessions {
    /// A recorded session.
    public struct Recorded: Codable, Sendable {
        /// The log's lines.
        public var lines: [String]
        /// The root's state after each recorded action, by sequence number; the first is the
        /// state the log's header holds.
        public var states: [CountingShop]
        /// The registered ``Visits`` after each recorded action, by sequence number.
        public var visits: [Visits?]
        public var digestEvery: Int
        public var snapshotEvery: Int?
        /// The recorder's first error, which would leave a state unchecked.
        public var recordingError: String?
    }

    /// How a session is made.
    public struct Options: Sendable {
        public var length: Int
        public var digestEvery: Int
        public var snapshotEvery: Int?
        /// Whether the session registers, replaces and restores models through the store.
        public var storeActions: Bool
        /// Whether recording pauses now and then, with actions the log does not hold.
        public var pauses: Bool

        public init(length: Int, digestEvery: Int, snapshotEvery: Int?, storeActions: Bool, pauses: Bool) {
            self.length = length
            self.digestEvery = digestEvery
            self.snapshotEvery = snapshotEvery
            self.storeActions = storeActions
            self.pauses = pauses
        }

        /// Random options: intervals from every action to rarer than the session's length.
        public static func random(_ random: inout SplitMix64, length: Int) -> Options {
            let digestEvery = [1, 2, 3, 5, 7, 50, 64, 100][Int(random.next() % 8)]
            let snapshots: [Int?] = [nil, 1, 4, 5, 25, 63, 64, 65, 500]
            return Options(
                length: length, digestEvery: digestEvery, snapshotEvery: snapshots[Int(random.next() % 9)],
                storeActions: random.next() % 4 != 0, pauses: random.next() % 2 == 0)
        }
    }

    /// Records a random session; the same seed and options make the same session.
    @MainActor
    public static func record(seed: UInt64, _ options: Options) -> Recorded {
        var random = SplitMix64(seed: seed)
        let log = MemoryLog()
        let live = LiveStates()
        let recorder = ActionRecorder(to: log, digestEvery: options.digestEvery, snapshotEvery: options.snapshotEvery)
        var store: Store? = Store(model: CountingShop(), middleware: [recorder, Echo(), live])
        var paused = false
        for _ in 0..<options.length {
            let roll = random.next() % 40
            if options.pauses, roll == 0 {
                store!.update(paused ? ActionRecorder.Resume() : ActionRecorder.Pause())
                paused.toggle()
            } else if options.storeActions, roll == 1 {
                store!.update(Store.Register(model: Visits(label: "visits \(random.next() % 3)")))
            } else if options.storeActions, roll == 2 {
                store!.update(Store.Replace(model: Visits(label: "replaced \(random.next() % 3)")))
            } else if options.storeActions, roll == 3 {
                // Puts an older tally back: every field of the shared value takes it.
                var tally = Tally()
                tally.tally = Int(random.next() % 50)
                store!.update(Store.Replace(model: tally))
            } else {
                var action = ShopSessions.action(&random, store: store!)
                if !options.storeActions, action is Store.Replace || action is Store.Restore { action = Advance() }
                // A checkout of the largest price overflows to infinity, which JSON cannot
                // hold: the state after it would go unchecked and a pause would lose it.
                if let add = action as? AddProduct, !add.price.magnitude.isLess(than: 1e300) {
                    action = AddProduct(sku: add.sku, name: add.name, price: 1)
                }
                if let set = action as? SetPrice, !set.price.magnitude.isLess(than: 1e300) {
                    action = SetPrice(name: set.name, price: 1)
                }
                store!.update(action)
            }
        }
        if paused { store!.update(ActionRecorder.Resume()) }
        store = nil
        return Recorded(
            lines: log.lines, states: live.states, visits: live.visits, digestEvery: options.digestEvery,
            snapshotEvery: options.snapshotEvery, recordingError: recorder.lastError.map { "\($0)" })
    }
}

/// Keeps the state after every action the recorder records, as the recorder decides it: the
/// actions of a pause are left out, `Resume` is kept. Placed after the recorder, it observes
/// each reduction right after the recorder does.
@MainActor
private final class LiveStates: Middleware {
    var states: [CountingShop] = []
    var visits: [Visits?] = []
    private var observation: Store.ReductionObservation?
    private var paused = false

    func handle(_ action: Action, store: Store, next: Next) {
        if observation == nil {
            states.append(store.find(CountingShop.self)!)
            visits.append(store.find(Visits.self))
            observation = store.observeReductions { [unowned self, unowned store] action, _ in
                if paused {
                    guard action is ActionRecorder.Resume else { return }
                    paused = false
                }
                states.append(store.find(CountingShop.self)!)
                visits.append(store.find(Visits.self))
                if action is ActionRecorder.Pause { paused = true }
            }
        }
        next(action)
    }
}

/// Sends an action of its own after some of the app's: the log holds both, the second with
/// middleware as its origin.
@MainActor
private final class Echo: Middleware {
    func handle(_ action: Action, store: Store, next: Next) {
        next(action)
        if action is Note { store.update(Advance()) }
    }
}

extension SeekSessions.Recorded {
    /// Replays the session and travels through it, comparing every state shown with the one
    /// the live store had; returns a line per mismatch, empty when all agree.
    ///
    /// A straight replay checks every digest and snapshot and ends in the live state; replay
    /// through a random action stops in its state; the replayer steps forward through every
    /// action, then seeks to random points, forward and back, and around every snapshot and
    /// every state it keeps. Registered models are compared until recording first pauses (the
    /// snapshot that resumes holds the root alone).
    @MainActor
    public func mismatches(seed: UInt64, seeks: Int) throws -> [String] {
        var random = SplitMix64(seed: seed)
        var found = recordingError.map { ["recording failed: \($0)"] } ?? []
        let log = try ActionLog(lines: lines)
        let last = states.count - 1
        let replay = try Replay.run(log, as: CountingShop.self)
        if let divergence = replay.divergence { found.append("replay diverged: \(divergence)") }
        if replay.store.find(CountingShop.self) != states[last] { found.append("replay ends elsewhere") }
        for _ in 0..<3 {
            let through = Int(random.next() % UInt64(last + 1))
            let partial = try Replay.run(log, as: CountingShop.self, through: through)
            if partial.store.find(CountingShop.self) != states[through] {
                found.append("replay through \(through) stops elsewhere")
            }
        }
        let paused = log.entries.first { $0.type == "ActionRecorder.Pause" }?.sequence ?? Int.max
        let replayer = try Replayer(log: log, as: CountingShop.self)
        func check(_ target: Int, _ how: String) throws {
            try replayer.seek(to: target)
            let at = min(target, last)
            if replayer.position != at { found.append("\(how) to \(target) stopped at \(replayer.position)") }
            if replayer.state != states[at] {
                found.append(
                    "\(how) to \(target): reduced \(replayer.state.reduced) (live \(states[at].reduced)), starts \(replayer.state.starts) (live \(states[at].starts))"
                )
            }
            if at < paused, replayer.store.find(Visits.self) != visits[at] {
                found.append("\(how) to \(target): the registered model differs")
            }
        }
        try check(0, "the initial state")
        for target in 1...max(1, last) where last > 0 { try check(target, "a step") }
        for _ in 0..<seeks { try check(Int(random.next() % UInt64(last + 2)), "a random seek") }
        let snapshots = log.lines.compactMap { line -> Int? in
            if case .snapshot(let sequence, _, _) = line { sequence } else { nil }
        }
        let kept = stride(from: 0, through: last, by: Replayer<CountingShop>.keepEvery)
        // Around every kept state and snapshot, or around 40 of them picked at random.
        var marks = Set(snapshots + kept).sorted()
        while marks.count > 40 { marks.remove(at: Int(random.next() % UInt64(marks.count))) }
        for mark in marks.reversed() {
            for target in [mark + 1, mark, max(0, mark - 1)] { try check(target, "a seek near \(mark)") }
        }
        return found
    }
}
