import Foundation
import Substate

/// Whether a recorded log replays with the app's current types, checked before replaying.
///
/// The log records each type's shape (its fields and their types) the first time the type
/// appears. A type whose shape is unchanged replays cleanly; one whose shape changed but whose
/// recorded payloads still decode may diverge; one that is gone, or no longer decodes, cannot
/// replay.
///
/// ```swift
/// let check = Compatibility(of: log, as: App.self)
/// if check.verdict == .cannotReplay { print(check) }
/// ```
public struct Compatibility: Sendable, CustomStringConvertible {
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
    public init<Root: Model & Codable>(of log: ActionLog, as root: Root.Type, aliases: [String: any Action.Type] = [:])
    {
        var types: [TypeVerdict] = []
        let rootName = typeName(Root.self)
        if let recorded = log.header.rootShape {
            types.append(
                Self.verdict(
                    rootName, recorded: recorded, current: typeShape(Root.self),
                    decodes: {
                        log.header.initialState.map { (try? JSONDecoder().decode(Root.self, from: $0)) != nil } ?? true
                    }))
        }
        var decoder = ActionDecoder(aliases: aliases)
        for entry in log.entries where entry.shape != nil && entry.origin != .store {
            let resolved = aliases[entry.type] ?? (_typeByName(entry.name) as? any Action.Type)
            guard let type = resolved else {
                types.append(TypeVerdict(type: entry.type, verdict: .cannotReplay, reason: "the type is gone"))
                continue
            }
            let sample = log.entries.first { $0.name == entry.name && $0.payload != nil }
            types.append(
                Self.verdict(
                    entry.type, recorded: entry.shape!, current: typeShape(type),
                    decodes: { sample.map { (try? decoder.action(for: $0)) != nil } ?? true }))
        }
        self.types = types
    }

    private static func verdict(_ type: String, recorded: String, current: String, decodes: () -> Bool) -> TypeVerdict {
        if recorded == current { return TypeVerdict(type: type, verdict: .clean, reason: "unchanged") }
        guard decodes() else {
            return TypeVerdict(
                type: type, verdict: .cannotReplay, reason: "was \(recorded), is \(current); it no longer decodes")
        }
        return TypeVerdict(
            type: type, verdict: .mayDiverge, reason: "was \(recorded), is \(current); it still decodes")
    }
}
