import Foundation
import Substate

/// Steps through a recorded session: forward one action at a time, or to any point, and back
/// (time travel), without reading the log again.
///
/// Stepping forward keeps a copy of the replayed state every ``keepEvery`` actions (copies of
/// value types share their storage, so they are cheap). Going back puts the nearest kept state
/// at or before the target back into the same store, with `Store.Replace`, and replays forward
/// from there: no store is rebuilt and `Store.Start` is not sent again. Stepping through a
/// whole log costs about one straight replay, and a seek at most ``keepEvery`` actions more
/// than the distance from the nearest kept state.
///
/// ```swift
/// let replayer = try Replayer(log: try ActionLog(contentsOf: file), as: App.self)
/// try replayer.step()                   // the first action
/// try replayer.seek(to: 500)            // forward to action 500
/// try replayer.seek(to: 120)            // back, from the state kept after action 64... 128
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

    private let entries: [ActionLog.Entry]
    /// Where the next action to replay is in `entries`.
    private var next = 0
    /// States kept along the way, by position; the first is the initial state.
    private var kept: [(sequence: Int, next: Int, state: Root)]
    private var decoder: ActionDecoder

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
        entries = log.entries
        let decoder = RedactionContext.decoder(substitutes)
        self.decoder = ActionDecoder(aliases: aliases, decoder: decoder)
        let model: Root
        do {
            model = try decoder.decode(Root.self, from: initial)
        } catch {
            throw ActionLogError(line: 1, "the initial state does not decode as \(Root.self): \(error)")
        }
        position = log.header.startSequence
        kept = [(log.header.startSequence, 0, model)]
        store = Store(model: model, middleware: middleware, onDiagnostic: { _ in }, replaying: true)
    }

    /// The replayed root model.
    public var state: Root { store.lookup(Root.self)! }

    /// Replays the next action; returns it, or `nil` at the end of the log.
    @discardableResult
    public func step() throws -> ActionLog.Entry? {
        guard next < entries.count else { return nil }
        let entry = entries[next]
        // The store sent its own Start; the recorded one is not sent again.
        if entry.origin != .store {
            store.update(try decoder.action(for: entry))
        }
        next += 1
        position = entry.sequence
        if next % Self.keepEvery == 0, kept.last!.next < next, let state = store.lookup(Root.self) {
            kept.append((position, next, state))
        }
        return entry
    }

    /// Replays forward, or travels back, to just after the action with the sequence number.
    public func seek(to sequence: Int) throws {
        if sequence < position {
            let nearest = kept.last { $0.sequence <= sequence } ?? kept[0]
            store.update(Store.Replace(model: nearest.state))
            position = nearest.sequence
            next = nearest.next
        }
        while position < sequence, try step() != nil {}
    }
}
