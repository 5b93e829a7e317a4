import Foundation
import Substate

/// Whether a recorded log replays with the app's current types, checked before replaying.
///
/// The verdict predicts what ``Replay`` does. It decodes everything a replay decodes (the
/// initial state, every action, the models carried by store-level actions, the snapshots a
/// paused recording resumed from), with the same substitutes for `Redacted` values, so a
/// log that replay would refuse, for any reason, cannot replay here, naming the type and the
/// reason. The log also records each type's shape, its fields and the shapes of their types
/// at any depth, the first time the type appears: a type whose shape changed but whose values
/// still decode may diverge.
///
/// ```swift
/// let check = Compatibility(of: log, as: App.self, substitutes: RedactionSubstitutes().with("pw"))
/// if check.verdict == .cannotReplay { print(check) }
/// ```
public struct Compatibility: Sendable, CustomStringConvertible {
    /// What replaying the log would do.
    public enum Verdict: Int, Sendable, Comparable, CustomStringConvertible {
        case clean, mayDiverge, cannotReplay

        public static func < (lhs: Verdict, rhs: Verdict) -> Bool { lhs.rawValue < rhs.rawValue }

        public var description: String {
            switch self {
            case .clean: "replays cleanly"
            case .mayDiverge: "may diverge"
            case .cannotReplay: "cannot replay"
            }
        }
    }

    /// The verdict for one recorded type.
    public struct TypeVerdict: Sendable, CustomStringConvertible {
        public let type: String
        public let verdict: Verdict
        public let reason: String

        public var description: String { "\(type): \(verdict) (\(reason))" }
    }

    /// The verdict for the log as a whole: the worst of its types'.
    public var verdict: Verdict { types.map(\.verdict).max() ?? .clean }
    /// The verdict for each recorded type, the root model first.
    public let types: [TypeVerdict]

    public var description: String {
        (["the log \(verdict)"] + types.filter { $0.verdict != .clean }.map { "  \($0)" }).joined(separator: "\n")
    }

    /// Checks a log against the app's current root model and action types.
    public init<Root: Model & Codable>(
        of log: ActionLog, as root: Root.Type, aliases: [String: any Action.Type] = [:],
        substitutes: RedactionSubstitutes = RedactionSubstitutes()
    ) {
        var verdicts: [String: TypeVerdict] = [:]
        var order: [String] = []
        func note(_ verdict: TypeVerdict) {
            if verdicts[verdict.type] == nil { order.append(verdict.type) }
            if verdicts[verdict.type].map({ $0.verdict < verdict.verdict }) ?? true { verdicts[verdict.type] = verdict }
        }
        let jsonDecoder = RedactionContext.decoder(substitutes)
        let rootName = typeName(Root.self)
        if let initial = log.header.initialState {
            var failure: String?
            do { _ = try jsonDecoder.decode(Root.self, from: initial) } catch { failure = "\(error)" }
            note(
                Self.verdict(
                    rootName, recorded: log.header.rootShape ?? typeShape(Root.self), current: typeShape(Root.self),
                    failure: failure.map { "the initial state does not decode: \($0)" }))
        } else {
            note(TypeVerdict(type: rootName, verdict: .cannotReplay, reason: "the log has no initial state"))
        }
        var decoder = ActionDecoder(aliases: aliases, decoder: jsonDecoder)
        let lines = log.lines
        for (index, line) in lines.enumerated() {
            switch line {
            case .action(let entry):
                guard entry.origin != .store, !entry.registersUnrecordedModel else {
                    continue
                }
                let resolved = aliases[entry.type] ?? (_typeByName(entry.name) as? any Action.Type)
                var failure: String?
                do { _ = try decoder.action(for: entry) } catch let error as ActionLogError {
                    failure = error.message
                } catch {
                    failure = "\(error)"
                }
                if resolved == nil, failure != nil, !entry.type.hasPrefix("Store.") {
                    note(TypeVerdict(type: entry.type, verdict: .cannotReplay, reason: "the type is gone"))
                } else if let shape = entry.shape, let resolved {
                    note(Self.verdict(entry.type, recorded: shape, current: typeShape(resolved), failure: failure))
                } else if let failure {
                    note(TypeVerdict(type: entry.type, verdict: .cannotReplay, reason: failure))
                }
            case .snapshot(_, let state, _):
                // A snapshot that recording resumed from is decoded by replay.
                guard index + 1 < lines.count, case .action(let next) = lines[index + 1],
                    next.type == "ActionRecorder.Resume"
                else { continue }
                do { _ = try jsonDecoder.decode(Root.self, from: state) } catch {
                    note(
                        TypeVerdict(
                            type: rootName, verdict: .cannotReplay,
                            reason: "the snapshot recording resumed from does not decode: \(error)"))
                }
            case .model(_, let type, let name, _, _):
                if !(_typeByName(name) is any RecordedModel.Type) {
                    note(TypeVerdict(type: type, verdict: .cannotReplay, reason: "the recorded model type is gone"))
                }
            case .digest:
                continue
            }
        }
        types = order.map { verdicts[$0]! }
    }

    private static func verdict(_ type: String, recorded: String, current: String, failure: String?) -> TypeVerdict {
        if let failure {
            let change = recorded == current ? "" : "was \(recorded), is \(current); "
            let reason = recorded == current ? failure : "it no longer decodes (\(failure))"
            return TypeVerdict(type: type, verdict: .cannotReplay, reason: change + reason)
        }
        if recorded == current { return TypeVerdict(type: type, verdict: .clean, reason: "unchanged") }
        return TypeVerdict(
            type: type, verdict: .mayDiverge, reason: "was \(recorded), is \(current); it still decodes")
    }
}
