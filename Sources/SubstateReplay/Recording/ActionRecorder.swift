import Foundation
import Substate

/// Records the actions the tree reduces as a JSON Lines log (see `LogFormat`), so a session
/// can be replayed later to the same state.
///
/// It logs exactly what the tree reduced, in order, wherever it sits in the middleware list:
/// an action a debouncer swallowed is not in the log, the debounced one that reached the tree
/// is. Each entry has a sequence number, a time offset from the clock, the action's type and
/// encoded payload, and its origin (the app, an effect, middleware). Every `digestEvery`
/// actions it writes a digest of the encoded state (when the root model is `Codable`), which
/// replay checks, and a closing digest when recording pauses and when the store is released,
/// so that no recorded action goes unchecked. `digestEvery: 1` checks after every action: a
/// divergence is then named at the action that caused it. ``Pause`` and ``Resume`` turn recording off and on around sensitive screens;
/// on resume a snapshot of the state lets replay carry on from there.
///
/// A recorder and its log hold one session: it records the first store it is handed. Another
/// store made from the same middleware list, side by side or later, is refused: its actions
/// pass on unrecorded, nothing of it reaches the log, and it reports a `Diagnostic` of kind
/// `sharedMiddleware`. Make a recorder (and a log) per store.
///
/// ```swift
/// let log = try FileLog(url: sessions.appendingPathComponent("session.jsonl"))
/// let store = Store(model: App(), middleware: [ActionRecorder(to: log)])
/// ```
@MainActor
public final class ActionRecorder: Middleware {
    /// Stops recording until ``Resume``.
    public struct Pause: Action, Codable {
        public init() {}
    }

    /// Starts recording again after ``Pause``.
    public struct Resume: Action, Codable {
        public init() {}
    }

    private let sink: any LogSink
    private let cursor: LogCursor
    private let filter: Bool
    private let digestEvery: Int
    private let snapshotEvery: Int?
    private let now: @MainActor () -> Duration
    private var sequence = 0
    /// The type of the last recorded action, for messages.
    private var lastType: any Action.Type = Store.Start.self
    /// The sequence number of the last digest written.
    private var digested = 0
    private var isPaused = false
    /// The segment being written, for a sink that rotates.
    private var segment = 1
    private var observation: Store.ReductionObservation?
    private var claim = StoreClaim(
        "ActionRecorder", reuse: .never,
        consequence: "the actions of this store are not recorded, and nothing of it is written to the log.")
    private var isRecorded = ActionTypeCheck { $0 is RecordedAction }
    /// Each action type's `"type":...,"name":...` fields, written once, and how its payload is
    /// written: found once per type, so that recording an action asks the runtime for no
    /// conformance.
    private var types: [ObjectIdentifier: (fields: String, payload: PayloadWriter?)] = [:]
    /// The last type found in ``types``, with its entry: most actions are of the type of the one
    /// before, and a comparison costs less than a lookup.
    private var lastEntry: (type: ObjectIdentifier, entry: (fields: String, payload: PayloadWriter?))?
    /// Builds each action's line and encodes its payload in place. Payload keys need no order:
    /// only the state behind digests must encode the same way every time, and it is encoded
    /// with sorted keys.
    private let line = LogEncoder()
    /// Encodes the payloads the streaming encoder cannot.
    private let fallbackEncoder = RedactionContext.encoder(sorted: false)
    /// The first error writing the log, if any; recording goes on, and the error stays here.
    public private(set) var lastError: (any Error)?

    /// Creates a recorder.
    ///
    /// - Parameters:
    ///   - sink: Where the log goes: a `FileLog`, or a `MemoryLog` for tests.
    ///   - filter: When `true`, only actions that adopt `RecordedAction` are recorded (such a
    ///     log documents a session; it does not replay to the same state).
    ///   - digestEvery: How many actions pass between digests of the state.
    ///   - snapshotEvery: How many actions pass between full snapshots of the state, if any;
    ///     replay then shows the paths and values that differ.
    ///   - clock: Dates the entries, as offsets from when the store started.
    public init<C: Clock>(
        to sink: any LogSink, filter: Bool = false, digestEvery: Int = 100, snapshotEvery: Int? = nil,
        clock: C = ContinuousClock()
    ) where C.Duration == Duration {
        self.sink = sink
        cursor = LogCursor.cursor(for: sink)
        cursor.attachActionRecorder()
        self.filter = filter
        self.digestEvery = max(1, digestEvery)
        self.snapshotEvery = snapshotEvery.map { max(1, $0) }
        now = TimingScheduler(clock: clock).now
    }

    public func handle(_ action: Action, store: Store, next: Next) {
        guard claim.admits(store) else { return next(action) }
        if observation == nil {
            writeHeader(for: store)
            // The store calls its observers only inside its own dispatch, a flush at its release
            // included, while its memory is still there: held without a count, since a
            // counted unowned reference traps once the store has begun to release.
            observation = store.observeReductions { [weak self, unowned(unsafe) store] action, origin in
                self?.record(action, origin: origin, in: store)
            }
        }
        next(action)
    }

    /// Writes a closing digest of the state, so that replay checks the actions after the last
    /// periodic one too, and flushes the log.
    public func storeWillRelease(_ store: Store) {
        guard claim.release(store) else { return }
        if !isPaused { writeDigest(of: store) }
        write { try sink.flush() }
    }

    /// Writes a digest of the state after the last recorded action, unless one was written there.
    private func writeDigest(of store: Store) {
        guard sequence > digested, let state = encodedState(of: store) else { return }
        appendDigest(of: state)
    }

    /// Writes the digest line of the encoded state after the last recorded action.
    private func appendDigest(of state: Data) {
        digested = sequence
        write { try sink.append(LogLines.digest(sequence: sequence, state: state)) }
    }

    /// Writes the snapshot line of the encoded state after the last recorded action.
    private func appendSnapshot(of state: Data) {
        write { try sink.append(LogLines.snapshot(sequence: sequence, state: state)) }
    }

    private func writeHeader(for store: Store) {
        write { try sink.append(LogLines.header(root: store.lookup((any Model).self))) }
    }

    /// Goes on in a new segment when the sink asks, after everything about the last action
    /// was written, so that the new segment starts from the state after it.
    private func rotateIfWanted(_ store: Store) {
        guard sink.wantsNewSegment else { return }
        segment += 1
        let header = LogLines.header(root: store.lookup((any Model).self), segment: (segment, sequence))
        write { try sink.startSegment(header: header) }
    }

    private func record(_ action: any Action, origin: Store.Origin, in store: Store) {
        if isPaused {
            guard isAction(action, Resume.self) else { return }
            isPaused = false
            if let state = encodedState(of: store) { appendSnapshot(of: state) }
        }
        if filter, !isRecorded(action), !isAction(action, Pause.self), !isAction(action, Resume.self) { return }
        sequence += 1
        let type = Swift.type(of: action)
        lastType = type
        let offset = now().components
        let microseconds = offset.seconds * 1_000_000 + offset.attoseconds / 1_000_000_000_000
        let entry = entry(for: type)
        line.beginActionLine(
            sequence: sequence, microseconds: microseconds, fields: entry.fields, origin: origin.rawValue)
        let text = line.endActionLine(replayable: writePayload(of: action, with: entry.payload))
        write { try sink.append(text) }
        cursor.recorded(sequence, in: store)
        if isAction(action, Pause.self) {
            // A closing digest: what was recorded before the pause is checked in full.
            writeDigest(of: store)
            isPaused = true
            return
        }
        let wantsDigest = sequence % digestEvery == 0
        let wantsSnapshot = snapshotEvery.map { sequence % $0 == 0 } ?? false
        if wantsDigest || wantsSnapshot, let state = encodedState(of: store) {
            if wantsDigest { appendDigest(of: state) }
            if wantsSnapshot { appendSnapshot(of: state) }
        }
        rotateIfWanted(store)
    }

    /// The type's name fields (the first line of each type also carries its shape) and its
    /// payload writer.
    private func entry(for type: any Action.Type) -> (fields: String, payload: PayloadWriter?) {
        let id = ObjectIdentifier(type)
        if let lastEntry, lastEntry.type == id { return lastEntry.entry }
        if let known = types[id] {
            lastEntry = (id, known)
            return known
        }
        let entry = (fields: LogLines.typeFields(type), payload: PayloadWriter(type))
        types[id] = entry
        lastEntry = (id, entry)
        return (entry.fields + LogLines.shapeField(type), entry.payload)
    }

    /// Writes the action's `"payload"` member and returns whether it could. The store's own
    /// Replace and Register carry their model's type name beside it, so that replay can decode
    /// it.
    private func writePayload(of action: any Action, with writer: PayloadWriter?) -> Bool {
        let carriesModel = isAction(action, Store.Replace.self) || isAction(action, Store.Register.self)
        if carriesModel, let model = (action as? Store.Replace)?.model ?? (action as? Store.Register)?.model {
            return writePayload(LogLines.modelPayload(model))
        }
        if isAction(action, Store.Restore.self), let restore = action as? Store.Restore {
            return writePayload(LogLines.restorePayload(restore))
        }
        return writer?.write(action, line, fallbackEncoder) ?? false
    }

    private func writePayload(_ json: String?) -> Bool {
        guard let json else { return false }
        line.appendPayload(json: json)
        return true
    }

    /// The state's canonical encoding; `nil` when the root is not `Codable`, or when the state
    /// cannot be encoded (a `Double.infinity`), which ``lastError`` then says, so that no check
    /// is skipped silently.
    private func encodedState(of store: Store) -> Data? {
        guard let root = store.lookup((any Model).self) as? any Encodable else { return nil }
        do {
            return try jsonData(of: root)
        } catch {
            if lastError == nil {
                lastError = RecordingError(
                    "the state after action \(sequence) (\(typeName(lastType))) cannot be encoded, so it is not checked: \(encodingFailure(error) ?? "\(error)")"
                )
            }
            return nil
        }
    }

    private func write(_ body: () throws -> Void) {
        do {
            try body()
        } catch {
            if lastError == nil { lastError = error }
        }
    }
}

/// A problem while recording, in a sentence.
struct RecordingError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Writes the payloads of one `Encodable` action type, made once for the type: the action is
/// cast to its own type, which the runtime checks by comparing types, where a cast to
/// `any Encodable` would look the conformance up.
struct PayloadWriter {
    let write: (any Action, LogEncoder, JSONEncoder) -> Bool

    /// The writer for `type`; `nil` when its actions are not `Encodable`.
    init?(_ type: any Action.Type) {
        guard let encodable = type as? any (Action & Encodable).Type else { return nil }
        func writer<A: Action & Encodable>(_: A.Type) -> (any Action, LogEncoder, JSONEncoder) -> Bool {
            { action, line, fallback in
                guard let action = action as? A else { return false }
                return line.appendPayload(action, fallback: fallback)
            }
        }
        write = writer(encodable)
    }
}
