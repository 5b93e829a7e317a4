import Foundation
import Substate

/// Steps through a recorded session: forward one action at a time, or to any point, and back
/// (time travel), without reading the log again.
///
/// After ``seek(to:)`` the store holds the state the recorded app had right after that action,
/// whatever the seek started from: every recorded action is replayed in its place, the store's
/// own `Store.Start` included, and a state put back for travelling is put back as it was, with
/// no action, so no model's `update(action:)` sees a step the app never took.
///
/// Stepping forward keeps the store's whole state (the root and the models middleware
/// registered) every ``keepEvery`` actions; copies of value types share their storage, so they
/// are cheap. Going back puts the nearest kept state at or before the target back into the same
/// store and replays forward from there. Where recording was paused, the snapshot written when
/// it resumed becomes the root's state after the `Resume` action, as it was recorded. Stepping
/// through a whole log costs about one straight replay, and a seek at most ``keepEvery``
/// actions more than the distance from the nearest kept state.
///
/// ```swift
/// let replayer = try Replayer(log: try ActionLog(contentsOf: file), as: App.self)
/// try replayer.step()                   // the first action
/// try replayer.seek(to: 500)            // forward to action 500
/// try replayer.seek(to: 120)            // back, from the state kept after action 64
/// replayer.state.cart.items
/// ```
@MainActor
public final class Replayer<Root: Model & Codable> {
    /// How many actions pass between the states kept for travelling back.
    public static var keepEvery: Int { 64 }

    /// The log being replayed.
    public let log: ActionLog
    /// The store holding the replayed state.
    public let store: Store
    /// The sequence number of the last action replayed (before the first: 0, or for a segment
    /// of a rotated log, the last action before it).
    public private(set) var position = 0

    /// A recorded action and, for a `Resume`, the snapshot of the state after it.
    private struct Step {
        let entry: ActionLog.Entry
        let resumed: ResumeSnapshot?
    }

    private let steps: [Step]
    /// Where the next action to replay is in `steps`.
    private var next = 0
    /// States kept along the way, by position; the first is the initial state.
    private var kept: [(sequence: Int, next: Int, values: [any Model])]
    private var decoder: ActionDecoder
    private let stateDecoder: JSONDecoder
    /// Whether the log starts with the recorded store's `Start`; when it does not (a filtered
    /// log), the replay sends one before the first action, as a new store would.
    private let recordsStart: Bool

    /// Prepares to replay a log; the store starts in the log's initial state.
    ///
    /// `middleware` watches the replay, as in ``Replay/run(_:as:through:skipping:aliases:substitutes:middleware:skippingUnreplayable:)``.
    public init(
        log: ActionLog, as root: Root.Type, aliases: [String: any Action.Type] = [:],
        substitutes: RedactionSubstitutes = RedactionSubstitutes(), middleware: [any Middleware] = []
    ) throws {
        guard let initial = log.header.initialState else {
            throw ActionLogError(line: 1, "the log has no initial state (the root model was not Codable)")
        }
        self.log = log
        var steps: [Step] = []
        var snapshot: ResumeSnapshot?
        for line in log.lines {
            switch line {
            case .action(let entry):
                let isResume = entry.type == ResumeSnapshot.resumeType
                steps.append(Step(entry: entry, resumed: isResume ? snapshot : nil))
                snapshot = nil
            case .snapshot(_, let state, let line):
                // Only a snapshot written while paused is the state a Resume starts from.
                let paused = steps.last?.entry.type == ResumeSnapshot.pauseType
                snapshot = paused ? ResumeSnapshot(state: state, line: line) : nil
            case .digest, .model:
                break
            }
        }
        self.steps = steps
        recordsStart = log.header.startSequence > 0 || steps.first?.entry.type == "Store.Start"
        let decoder = RedactionContext.decoder(substitutes)
        stateDecoder = decoder
        self.decoder = ActionDecoder(aliases: aliases, decoder: decoder)
        let model: Root
        do {
            model = try decoder.decode(Root.self, from: initial)
        } catch {
            throw ActionLogError(line: 1, "the initial state does not decode as \(Root.self): \(error)")
        }
        position = log.header.startSequence
        kept = [(log.header.startSequence, 0, [model])]
        store = Store(model: model, middleware: middleware, onDiagnostic: { _ in }, replaying: true, sendsStart: false)
        // A log with no whole action line, cut inside its first (the store's own Start) or
        // right before it, still records a store that started: its one state is the one after
        // the Start, as for a log cut anywhere later.
        if steps.isEmpty, log.header.startSequence == 0 {
            store.update(Store.Start(), origin: .store)
            kept = [(log.header.startSequence, 0, store.treeValues)]
        }
    }

    /// The replayed root model.
    public var state: Root { store.lookup(Root.self)! }

    /// Replays the next action; returns it, or `nil` at the end of the log.
    ///
    /// - Throws: ``ActionLogError`` naming the line of an action that cannot be replayed; the
    ///   position stays before it.
    @discardableResult
    public func step() throws -> ActionLog.Entry? {
        guard next < steps.count else { return nil }
        let step = steps[next]
        let entry = step.entry
        if next == 0, !recordsStart { store.update(Store.Start(), origin: .store) }
        if !entry.registersUnrecordedModel {
            // Both read before either applies: an error leaves the position before the action.
            let action = try decoder.action(for: entry)
            let resumed = try step.resumed?.decode(Root.self, with: stateDecoder)
            store.update(action, origin: entry.origin)
            if let resumed { ResumeSnapshot.resume(store, at: resumed) }
        }
        next += 1
        position = entry.sequence
        if next % Self.keepEvery == 0, kept.last!.next < next {
            kept.append((position, next, store.treeValues))
        }
        return entry
    }

    /// Replays forward, or travels back, to just after the action with the sequence number.
    ///
    /// The state is then the one the recorded app had after that action, wherever the replay
    /// was before.
    public func seek(to sequence: Int) throws {
        if sequence < position {
            let nearest = kept.last { $0.sequence <= sequence } ?? kept[0]
            store.setTreeValues(nearest.values)
            position = nearest.sequence
            next = nearest.next
        }
        while position < sequence, try step() != nil {}
    }
}
