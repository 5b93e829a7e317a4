import Foundation
import Substate

/// Replays a recorded log into a fresh store, action by action, checking the state against the
/// log's digests and snapshots.
///
/// The fresh store is replaying (`Store.isReplaying`): no effect starts and nothing is
/// delayed, because the results of effects, and the actions timing middleware let through, are
/// in the log already. Middleware passed in takes part only where it watches (loggers, timers,
/// publishers; see `Middleware.runsDuringReplay`), so a replay can be watched with the app's
/// own middleware list without repeating what it did. Where
/// recording was paused, replay carries on from the snapshot written when it resumed. Action
/// types are found from their recorded names, with no hand-written list; `aliases` maps names
/// of types that were renamed since (or types declared inside functions, which the runtime
/// cannot find by name) to their current type.
///
/// ```swift
/// let log = try ActionLog(contentsOf: sessionFile)
/// let replay = try Replay.run(log, as: App.self)
/// XCTAssertNil(replay.divergence)
/// XCTAssertEqual(replay.store.lookup(Counter.self)?.value, 3)
/// ```
@MainActor
public enum Replay {
    /// The outcome of a replay.
    public struct Outcome {
        /// The store the log was replayed into, in its final state.
        public let store: Store
        /// How many actions were replayed, not counting the `Store.Start` the recorded store
        /// sent itself (which is replayed too).
        public let replayed: Int
        /// How many digests and snapshots matched.
        public let verified: Int
        /// The first point where the replayed state differs from the recorded one, if any.
        public let divergence: Divergence?
        /// The actions left out because they could not be replayed, when the replay was asked
        /// to go on past them; from the first of them on, the state may differ from the
        /// recording.
        public var skipped: [Skipped] = []
        /// What was left out at the end of the log because it was cut short mid-write, if
        /// anything (see ``LogReader/tornTail``).
        public var tornTail: String?
    }

    /// An action a replay left out, and why it could not be replayed.
    public struct Skipped: Sendable, CustomStringConvertible {
        public let sequence: Int
        public let action: String
        public let reason: String

        public var description: String { "action \(sequence) (\(action)) was skipped: \(reason)" }
    }

    /// Where a replay first differed from the recording.
    ///
    /// What is known depends on the log: the check that failed comes after a range of actions,
    /// from the one after the last check that passed to the one it follows, and one of them
    /// diverged. A log recorded with `digestEvery: 1` checks after every action, so the range
    /// is that one action. A snapshot or a recorded model at the failed check gives the paths
    /// and values that differ.
    public struct Divergence: Sendable, CustomStringConvertible {
        /// The sequence number of the last action replayed before the check that failed.
        public let sequence: Int
        /// That action's type.
        public let action: String
        /// The line of the failed digest or snapshot.
        public let line: Int
        /// The leaves that differ (recorded → replayed), when the log had a snapshot there.
        public let differences: [StateDiff.Change]
        /// The sequence number of the last action after which a check passed; 0 when none did
        /// (the initial state matched).
        public let lastMatched: Int
        /// What the actions in ``range`` changed when replayed (from the state of the last check
        /// that passed to the replayed state now): where to look when the log has no snapshot
        /// at the failed check.
        public var replayedChanges: [StateDiff.Change] = []

        /// The actions among which the state diverged: after the last check that passed, up to
        /// the one the failed check follows.
        public var range: ClosedRange<Int> { min(lastMatched + 1, sequence)...sequence }

        public var description: String {
            var head = "line \(line): the state differs from the recording after action \(sequence) (\(action))"
            if range.count > 1 {
                head +=
                    "; it matched after action \(lastMatched), so one of actions \(range.lowerBound)–\(range.upperBound) diverged"
            }
            if !differences.isEmpty {
                return head + ":\n" + differences.map(\.description).joined(separator: "\n")
            }
            guard !replayedChanges.isEmpty else { return head }
            return head + "; replayed, those actions changed:\n"
                + replayedChanges.map(\.description).joined(separator: "\n")
        }
    }

    /// Replays a log into a fresh store whose root is `Root`.
    ///
    /// - Parameters:
    ///   - log: The recorded log.
    ///   - root: The root model's type, which the log's initial state decodes as.
    ///   - through: Stops after the action with this sequence number.
    ///   - skipping: Leaves out the action with this sequence number, to see what it changed.
    ///   - aliases: Current types for recorded type names (as users write them).
    ///   - substitutes: Values for `Redacted` fields, without which actions carrying them are
    ///     refused.
    ///   - middleware: The pipeline to watch the replay with; middleware that does not run
    ///     during replays is left out.
    ///   - skippingUnreplayable: Goes on past actions that cannot be replayed (not `Codable`,
    ///     of an unknown type, not decoding), listing them in ``Outcome/skipped``, instead of
    ///     stopping at the first.
    /// - Throws: ``ActionLogError`` naming the line, for an action that cannot be replayed
    ///   (unless `skippingUnreplayable`), and for a log whose states cannot be read.
    /// - Complexity: O(actions + checks), each action decoded once and reduced once.
    public static func run<Root: Model & Codable>(
        _ log: ActionLog, as root: Root.Type, through: Int? = nil, skipping: Int? = nil,
        aliases: [String: any Action.Type] = [:], substitutes: RedactionSubstitutes = RedactionSubstitutes(),
        middleware: [any Middleware] = [], skippingUnreplayable: Bool = false
    ) throws -> Outcome {
        var lines = log.lines.makeIterator()
        var outcome = try run(
            header: log.header, lines: { lines.next() }, as: root, through: through, skipping: skipping,
            aliases: aliases, substitutes: substitutes, middleware: middleware,
            skippingUnreplayable: skippingUnreplayable)
        outcome.tornTail = log.tornTail
        return outcome
    }

    /// Replays a log file as it is read, one line at a time, so that logs of any length replay
    /// in the memory of the store's own state; a rotated log is read from all its segments.
    ///
    /// The parameters are those of ``run(_:as:through:skipping:aliases:substitutes:middleware:skippingUnreplayable:)``.
    ///
    /// ```swift
    /// let outcome = try Replay.run(contentsOf: sessionFile, as: App.self)
    /// if let divergence = outcome.divergence { print(divergence) }
    /// ```
    ///
    /// - Throws: ``ActionLogError`` for a line that is not valid, as well as for the reasons
    ///   the other form throws.
    public static func run<Root: Model & Codable>(
        contentsOf url: URL, as root: Root.Type, through: Int? = nil, skipping: Int? = nil,
        aliases: [String: any Action.Type] = [:], substitutes: RedactionSubstitutes = RedactionSubstitutes(),
        middleware: [any Middleware] = [], skippingUnreplayable: Bool = false
    ) throws -> Outcome {
        try run(
            contentsOf: url, as: root, through: through, skipping: skipping, aliases: aliases,
            substitutes: substitutes, middleware: middleware, skippingUnreplayable: skippingUnreplayable,
            watch: nil, start: nil)
    }

    /// ``run(contentsOf:as:through:skipping:aliases:substitutes:middleware:skippingUnreplayable:)``,
    /// telling `start` the fresh store before the first line, and `watch` each line it read,
    /// with the store, right after the line was handled (an action reduced, or left out). The
    /// session page is made this way.
    package static func run<Root: Model & Codable>(
        contentsOf url: URL, as root: Root.Type, through: Int? = nil, skipping: Int? = nil,
        aliases: [String: any Action.Type] = [:], substitutes: RedactionSubstitutes = RedactionSubstitutes(),
        middleware: [any Middleware] = [], skippingUnreplayable: Bool = false, encoder: StateEncoder = StateEncoder(),
        watch: ((ActionLog.Line, Store) -> Void)?, start: ((Store, ActionLog.Header) -> Void)?
    ) throws -> Outcome {
        let reader = try LogReader(contentsOf: url)
        var outcome = try run(
            header: reader.header, lines: reader.next, as: root, through: through, skipping: skipping,
            aliases: aliases, substitutes: substitutes, middleware: middleware,
            skippingUnreplayable: skippingUnreplayable, encoder: encoder, watch: watch, start: start)
        outcome.tornTail = reader.tornTail
        return outcome
    }

    private static func run<Root: Model & Codable>(
        header: ActionLog.Header, lines: @escaping () throws -> ActionLog.Line?, as root: Root.Type, through: Int?,
        skipping: Int?, aliases: [String: any Action.Type], substitutes: RedactionSubstitutes,
        middleware: [any Middleware], skippingUnreplayable: Bool, encoder: StateEncoder = StateEncoder(),
        watch: ((ActionLog.Line, Store) -> Void)? = nil, start: ((Store, ActionLog.Header) -> Void)? = nil
    ) throws -> Outcome {
        var skipped: [Skipped] = []
        var outcome = try replay(
            header: header, lines: lines, as: root, through: through, skipping: skipping, aliases: aliases,
            substitutes: substitutes, middleware: middleware, encoder: encoder, watch: watch, start: start
        ) { entry, error in
            guard skippingUnreplayable else { throw error }
            skipped.append(Skipped(sequence: entry.sequence, action: entry.type, reason: error.message))
        }
        outcome.skipped = skipped
        return outcome
    }

    private static func replay<Root: Model & Codable>(
        header: ActionLog.Header, lines source: @escaping () throws -> ActionLog.Line?, as root: Root.Type,
        through: Int?, skipping: Int?, aliases: [String: any Action.Type],
        substitutes: RedactionSubstitutes, middleware: [any Middleware], encoder: StateEncoder,
        watch: ((ActionLog.Line, Store) -> Void)?, start: ((Store, ActionLog.Header) -> Void)?,
        unreplayable: (ActionLog.Entry, ActionLogError) throws -> Void
    ) throws -> Outcome {
        let jsonDecoder = RedactionContext.decoder(substitutes)
        guard let initial = header.initialState else {
            throw ActionLogError(line: 1, "the log has no initial state (the root model was not Codable)")
        }
        let model: Root
        do {
            model = try jsonDecoder.decode(Root.self, from: initial)
        } catch {
            throw ActionLogError(line: 1, "the initial state does not decode as \(Root.self): \(error)")
        }
        // The log holds the recorded store's Start, which is replayed in its place.
        let store = Store(
            model: model, middleware: middleware, onDiagnostic: { _ in }, replaying: true, sendsStart: false)
        start?(store, header)
        var started = header.startSequence > 0
        // The snapshot written when recording resumed, until its Resume is replayed.
        var resumed: ResumeSnapshot?
        var decoder = ActionDecoder(aliases: aliases, decoder: jsonDecoder)
        var replayed = 0
        var verified = 0
        var matchedState = store.lookup(Root.self)
        var last: (sequence: Int, type: String) = (header.startSequence, "Store.Start")
        var lastMatched = header.startSequence
        // Each recorded model's type has an encoder of its own, which remembers its last state.
        var modelEncoders: [String: StateEncoder] = [:]
        // Checks are made once the action they follow has been replayed, whatever order the
        // recorders wrote their lines in.
        var lines = OrderedLines(source: source)
        // The outcome when the check on a line fails after the last replayed action.
        func diverged(
            at line: Int, differences: [StateDiff.Change], replayedChanges: [StateDiff.Change] = []
        ) -> Outcome {
            var divergence = Divergence(
                sequence: last.sequence, action: last.type, line: line, differences: differences,
                lastMatched: lastMatched)
            divergence.replayedChanges = replayedChanges
            return Outcome(store: store, replayed: replayed, verified: verified, divergence: divergence)
        }
        while let line = try lines.next() {
            switch line {
            case .action(let entry):
                if let through, entry.sequence > through {
                    return Outcome(store: store, replayed: replayed, verified: verified, divergence: nil)
                }
                last = (entry.sequence, entry.type)
                defer { watch?(line, store) }
                // A log that does not start with the recorded Start (a filtered one) gets one,
                // as a new store would.
                if !started, entry.type != "Store.Start" { store.update(Store.Start(), origin: .store) }
                started = true
                let snapshot = entry.type == ResumeSnapshot.resumeType ? resumed : nil
                resumed = nil
                guard entry.sequence != skipping, !entry.registersUnrecordedModel else { continue }
                let action: any Action
                do {
                    action = try decoder.action(for: entry)
                } catch let error as ActionLogError {
                    try unreplayable(entry, error)
                    continue
                }
                store.update(action, origin: entry.origin)
                if entry.origin != .store { replayed += 1 }
                if let snapshot {
                    ResumeSnapshot.resume(store, at: try snapshot.decode(Root.self, with: jsonDecoder))
                    lastMatched = entry.sequence
                    matchedState = store.lookup(Root.self)
                }
            case .digest(let sequence, let value, let number):
                defer { watch?(line, store) }
                guard skipping == nil, through.map({ sequence <= $0 }) ?? true else { continue }
                // Fact (scoped pointer): the encoded bytes are read only inside the closure.
                if try matches(
                    store, Root.self, encoder, where: { bytes in bytes.withUnsafeBytes { digest(of: $0) } == value })
                {
                    verified += 1
                    lastMatched = sequence
                    matchedState = store.lookup(Root.self)
                } else {
                    var replayedChanges: [StateDiff.Change] = []
                    if let matchedState, let now = store.lookup(Root.self) {
                        replayedChanges = StateDiff(from: matchedState, to: now).changes
                    }
                    // A snapshot of the same state follows the digest when both are recorded:
                    // it names the paths that differ.
                    var differences: [StateDiff.Change] = []
                    if case .snapshot(sequence, let recorded, _) = try lines.peek(),
                        let expected = try? jsonDecoder.decode(Root.self, from: recorded),
                        let actual = store.lookup(Root.self)
                    {
                        differences = StateDiff(from: expected, to: actual).changes
                    }
                    return diverged(at: number, differences: differences, replayedChanges: replayedChanges)
                }
            case .snapshot(let sequence, let recorded, let number):
                defer { watch?(line, store) }
                guard skipping == nil, through.map({ sequence <= $0 }) ?? true else { continue }
                if last.type == ResumeSnapshot.pauseType, case .action(let next) = try lines.peek(),
                    next.type == ResumeSnapshot.resumeType
                {
                    // Recording was paused: the snapshot is the state after the Resume that follows.
                    resumed = ResumeSnapshot(state: recorded, line: number)
                    continue
                }
                // Both sides are the canonical encoding, the recorded one read byte for byte.
                if try matches(store, Root.self, encoder, where: { sameBytes(recorded, $0) }) {
                    verified += 1
                    lastMatched = sequence
                    matchedState = store.lookup(Root.self)
                    continue
                }
                let expected = try? jsonDecoder.decode(Root.self, from: recorded)
                let actual = store.lookup(Root.self)
                let differences =
                    expected.flatMap { expected in actual.map { StateDiff(from: expected, to: $0).changes } } ?? []
                return diverged(at: number, differences: differences)
            case .model(let sequence, let type, let name, let recorded, let number):
                defer { watch?(line, store) }
                guard skipping == nil, through.map({ sequence <= $0 }) ?? true else { continue }
                guard let modelType = _typeByName(name) as? any RecordedModel.Type else {
                    throw ActionLogError(line: number, "unknown model type \(type)")
                }
                let modelEncoder = modelEncoders[name] ?? StateEncoder()
                modelEncoders[name] = modelEncoder
                if let differences = try modelDifferences(
                    modelType, recorded: recorded, in: store, decoder: jsonDecoder, encoder: modelEncoder)
                {
                    return diverged(at: number, differences: differences)
                }
                verified += 1
            }
        }
        // A log with no whole action line, cut inside its first (the store's own Start) or
        // right before it, still records a store that started: the state is the one after the
        // Start, as for a log cut anywhere later.
        let startSequence = header.startSequence + 1
        if !started, through.map({ $0 >= startSequence }) ?? true, skipping != startSequence {
            store.update(Store.Start(), origin: .store)
        }
        return Outcome(store: store, replayed: replayed, verified: verified, divergence: nil)
    }

    /// How a recorded model's replayed state differs from the recorded one; `nil` when equal.
    /// `decoder` carries the replay's substitutes, so that a model with `Redacted` fields
    /// still shows its differences.
    private static func modelDifferences<M: RecordedModel>(
        _ type: M.Type, recorded: Data, in store: Store, decoder: JSONDecoder, encoder: StateEncoder
    ) throws -> [StateDiff.Change]? {
        guard let current = store.lookup(M.self) else { return [] }
        if let bytes = encoder.encode(current), sameBytes(recorded, bytes) { return nil }
        if try jsonData(of: current) == recorded { return nil }
        guard let expected = try? decoder.decode(M.self, from: recorded) else { return [] }
        return StateDiff(from: expected, to: current).changes
    }

    /// Whether the state's canonical JSON passes `check`. The state is encoded by `encoder`,
    /// which costs what changed since its last encode; only when that fails the check is the
    /// state encoded again as the recorder encodes it (``CanonicalJSON``), so a check never
    /// fails on a difference in how the two encoders write a value.
    private static func matches<Root: Model & Codable>(
        _ store: Store, _ root: Root.Type, _ encoder: StateEncoder, where check: ([UInt8]) -> Bool
    ) throws -> Bool {
        if let model = store.lookup(Root.self), let bytes = encoder.encode(model), check(bytes) { return true }
        return check([UInt8](try encoded(store, Root.self)))
    }

    private static func sameBytes(_ data: Data, _ bytes: [UInt8]) -> Bool {
        // Fact (scoped pointer): both are read only inside the closures, and hold the same count of bytes.
        data.count == bytes.count
            && data.withUnsafeBytes { left in
                bytes.withUnsafeBytes { right in
                    left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
                }
            }
    }

    /// The state encoded as the recorder encodes it, for digests.
    private static func encoded<Root: Model & Codable>(_ store: Store, _ root: Root.Type) throws -> Data {
        guard let model = store.lookup(Root.self) else {
            throw ActionLogError(line: 1, "the store has no \(Root.self)")
        }
        return try jsonData(of: model)
    }

}

/// Turns recorded entries back into actions, finding each type once by its recorded name.
struct ActionDecoder {
    let aliases: [String: any Action.Type]
    private var types: [String: any (Action & Decodable).Type] = [:]
    private var last: (name: String, type: any (Action & Decodable).Type)?
    private let decoder: JSONDecoder

    init(aliases: [String: any Action.Type], decoder: JSONDecoder = JSONDecoder()) {
        self.aliases = aliases
        self.decoder = decoder
    }

    mutating func action(for entry: ActionLog.Entry) throws -> any Action {
        guard let payload = entry.payload else {
            throw entry.error("\(entry.type) was recorded as not replayable (it is not Codable)")
        }
        if entry.type == "Store.Replace" || entry.type == "Store.Register" || entry.type == "Store.Restore" {
            return try storeAction(entry, payload: payload)
        }
        let type = try decodableType(for: entry)
        do {
            return try decode(type, from: payload)
        } catch let error as RedactedValueError {
            throw entry.error("\(entry.type) was recorded with redacted fields: \(error)")
        } catch {
            throw entry.error("\(entry.type) does not decode: \(error)")
        }
    }

    private mutating func decodableType(for entry: ActionLog.Entry) throws -> any (Action & Decodable).Type {
        // Consecutive entries often share a type, and the log reader hands out the same string
        // for the same name, so this comparison is usually immediate.
        if let last, last.name == entry.name { return last.type }
        if let known = types[entry.name] {
            last = (entry.name, known)
            return known
        }
        guard let type = aliases[entry.type] ?? (_typeByName(entry.name) as? any Action.Type) else {
            throw ActionLogError(
                line: entry.line, "unknown action type \(entry.type); add it to the aliases if it was renamed")
        }
        guard let decodable = type as? any (Action & Decodable).Type else {
            throw entry.error("\(entry.type) is no longer Decodable")
        }
        types[entry.name] = decodable
        return decodable
    }

    /// Decodes with ``LogDecoder``. When it refuses, `JSONDecoder` is asked for its words; a
    /// payload that only `JSONDecoder` reads (a trailing comma, an integer written inexactly,
    /// which it would round) stays refused, so that a replay never takes a value the log does
    /// not hold exactly.
    private func decode<A: Action & Decodable>(_ type: A.Type, from data: Data) throws -> any Action {
        do {
            return try LogDecoder.decode(A.self, checked: data, userInfo: decoder.userInfo)
        } catch let strict {
            _ = try decoder.decode(A.self, from: data)
            throw strict
        }
    }

    /// A store-level action whose models were recorded with their type names. The models are
    /// decoded from their bytes as recorded.
    private func storeAction(_ entry: ActionLog.Entry, payload: Data) throws -> any Action {
        let json: RawJSON
        let members: [String: Range<Int>]
        do {
            json = try RawJSON(bytes: Array(payload))
            guard let found = try json.members(at: json.root) else {
                throw entry.error("\(entry.type) has no readable payload")
            }
            members = found
        } catch let error as RawJSONError {
            throw entry.error("\(entry.type) has no readable payload: \(error.reason)")
        }
        if entry.type == "Store.Restore" {
            guard let list = members["models"], let elements = json.elements(at: list.lowerBound) else {
                throw entry.error("Store.Restore has no list of models")
            }
            let models = try elements.map { element -> any Model in
                guard let object = try? json.members(at: element.lowerBound) else {
                    throw entry.error("Store.Restore lists something that is not a model")
                }
                return try model(object, in: json, entry)
            }
            guard let list = members["locations"] else { return Store.Restore(models: models) }
            guard let locations = json.elements(at: list.lowerBound).flatMap({ $0.map { location(at: $0, in: json) } }),
                !locations.contains(where: { $0 == nil }), locations.count == models.count
            else { throw entry.error("Store.Restore has unreadable locations") }
            return Store.Restore(located: zip(locations, models).map { ($0!, $1) })
        }
        let decoded = try model(members, in: json, entry)
        return entry.type == "Store.Replace" ? Store.Replace(model: decoded) : Store.Register(model: decoded)
    }

    /// A location as the recorder writes it: `{"box":0,"steps":[2,{"i":3},{"k":"key"},"o"]}`.
    private func location(at range: Range<Int>, in json: RawJSON) -> ModelLocation? {
        guard let members = try? json.members(at: range.lowerBound), let box = members["box"].flatMap(json.integer),
            let list = members["steps"], let elements = json.elements(at: list.lowerBound)
        else { return nil }
        var steps: [ModelLocation.Step] = []
        for element in elements {
            if let index = json.integer(element) {
                steps.append(.part(index))
            } else if json.string(element) == "o" {
                steps.append(.opened)
            } else if let object = try? json.members(at: element.lowerBound) {
                if let index = object["i"].flatMap(json.integer) {
                    steps.append(.element(index))
                } else if let key = object["k"] {
                    let bytes = Array(json.bytes[key])
                    let decode: @Sendable (any Decodable.Type) -> Any? = { type in
                        func decode<K: Decodable>(_ type: K.Type) -> Any? {
                            try? JSONDecoder().decode(K.self, from: Data(bytes))
                        }
                        return decode(type)
                    }
                    steps.append(.key(ModelLocation.Key(value: nil, json: bytes, decode: decode)))
                } else {
                    return nil
                }
            } else {
                return nil
            }
        }
        return ModelLocation(box: box, steps: steps)
    }

    private func model(_ members: [String: Range<Int>], in json: RawJSON, _ entry: ActionLog.Entry) throws
        -> any Model
    {
        guard let name = members["modelName"].flatMap(json.string), let model = members["model"],
            let type = _typeByName(name) as? any (Model & Decodable).Type
        else { throw entry.error("\(entry.type) names a model type that cannot be found") }
        let data = json.data(model)
        func decode<M: Model & Decodable>(_ type: M.Type) throws -> any Model { try decoder.decode(M.self, from: data) }
        do {
            return try decode(type)
        } catch {
            throw entry.error("\(entry.type) carries a model that does not decode: \(error)")
        }
    }
}
