import Foundation
import Substate

/// Steps through a recorded session: forward one action at a time, or to any point, and back
/// (time travel) from the nearest snapshot, without reading the log again.
///
/// Going back rebuilds a fresh store from the latest snapshot at or before the target (the
/// initial state when there is none) and replays forward from there, so logs recorded with
/// `snapshotEvery:` travel back quickly however long they are.
///
/// ```swift
/// let replayer = try Replayer(log: try ActionLog(contentsOf: file), as: App.self)
/// try replayer.step()                   // the first action
/// try replayer.seek(to: 500)            // forward to action 500
/// try replayer.seek(to: 120)            // back, from the nearest snapshot
/// replayer.state.cart.items
/// ```
@MainActor
public final class Replayer<Root: Model & Codable> {
    /// The log being replayed.
    public let log: ActionLog
    /// The store holding the replayed state.
    public private(set) var store: Store
    /// The sequence number of the last action replayed (0 before the first).
    public private(set) var position = 0

    private let entries: [ActionLog.Entry]
    private let snapshots: [(sequence: Int, state: Data)]
    private var decoder: ActionDecoder
    private let substitutes: RedactionSubstitutes
    private let middleware: [any Middleware]

    /// Prepares to replay a log; the store starts in the log's initial state.
    ///
    /// `middleware` watches the replay, as in ``Replay/run(_:as:through:skipping:aliases:substitutes:middleware:)``.
    public init(
        log: ActionLog, as root: Root.Type, aliases: [String: any Action.Type] = [:],
        substitutes: RedactionSubstitutes = RedactionSubstitutes(), middleware: [any Middleware] = []
    ) throws {
        guard let initial = log.header.initialState else {
            throw ActionLogError(line: 1, "the log has no initial state (the root model was not Codable)")
        }
        self.log = log
        entries = log.entries
        snapshots = log.lines.compactMap {
            if case .snapshot(let sequence, let state, _) = $0 { (sequence, state) } else { nil }
        }
        decoder = ActionDecoder(aliases: aliases, decoder: RedactionContext.decoder(substitutes))
        self.substitutes = substitutes
        self.middleware = middleware
        store = try Self.store(from: initial, line: 1, substitutes: substitutes, middleware: middleware)
    }

    /// The replayed root model.
    public var state: Root { store.find(Root.self)! }

    /// Replays the next action; returns it, or `nil` at the end of the log.
    @discardableResult
    public func step() throws -> ActionLog.Entry? {
        guard let entry = entries.first(where: { $0.sequence > position }) else { return nil }
        position = entry.sequence
        // The store sent its own Start; the recorded one is not sent again.
        if entry.origin != .store {
            let action = try decoder.action(for: entry)
            store.update(action)
        }
        return entry
    }

    /// Replays forward, or travels back, to just after the action with the sequence number.
    public func seek(to sequence: Int) throws {
        if sequence < position {
            let snapshot = snapshots.last { $0.sequence <= sequence }
            if let snapshot {
                store = try Self.store(from: snapshot.state, line: 1, substitutes: substitutes, middleware: middleware)
                position = snapshot.sequence
            } else {
                store = try Self.store(
                    from: log.header.initialState!, line: 1, substitutes: substitutes, middleware: middleware)
                position = 0
            }
        }
        while position < sequence, try step() != nil {}
    }

    private static func store(
        from state: Data, line: Int, substitutes: RedactionSubstitutes, middleware: [any Middleware]
    ) throws -> Store {
        do {
            let model = try RedactionContext.decoder(substitutes).decode(Root.self, from: state)
            return Store(model: model, middleware: middleware, onDiagnostic: { _ in }, replaying: true)
        } catch {
            throw ActionLogError(line: line, "the state does not decode as \(Root.self): \(error)")
        }
    }
}
