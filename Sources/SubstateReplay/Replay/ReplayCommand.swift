import Foundation
import Substate

/// Lets an app's own executable offer `replay LOG`: a replay of a recorded session with the
/// app's types, verified against the recording.
///
/// ```swift
/// // In the app's command-line entry point:
/// if CommandLine.arguments.dropFirst().first == "replay" {
///     exit(ReplayCommand.run(Array(CommandLine.arguments.dropFirst(2)), as: App.self))
/// }
/// ```
///
/// Usage: `replay LOG [--through SEQ] [--skip SEQ] [--skip-unreplayable]`. With
/// `--skip-unreplayable`, actions that cannot be replayed are left out and listed, instead of
/// stopping the replay. Exit codes: 0 the state matches the recording, 1 it diverged (or
/// actions were skipped), 64 a usage error, 65 a log that cannot be replayed, 66 a file that
/// cannot be read.
@MainActor
public enum ReplayCommand {
    public static let usage = "usage: replay LOG [--through SEQ] [--skip SEQ] [--skip-unreplayable]"

    /// Replays the log named in the arguments, prints the outcome, and returns the exit code.
    ///
    /// `middleware` watches the replay: pass the app's own list, and its loggers show the
    /// session again while everything else stays out (see `Middleware.runsDuringReplay`).
    /// `substitutes` stand in for ``Redacted`` values, as in ``Replay``.
    public static func run<Root: Model & Codable>(
        _ arguments: [String], as root: Root.Type, aliases: [String: any Action.Type] = [:],
        substitutes: RedactionSubstitutes = RedactionSubstitutes(), middleware: [any Middleware] = [],
        output: (String) -> Void = { print($0) }
    ) -> Int32 {
        guard let path = arguments.first, !path.hasPrefix("--") else {
            output(usage)
            return 64
        }
        var through: Int?
        var skipping: Int?
        var skippingUnreplayable = false
        var index = 1
        while index < arguments.count {
            if arguments[index] == "--skip-unreplayable" {
                skippingUnreplayable = true
                index += 1
                continue
            }
            guard index + 1 < arguments.count, let number = Int(arguments[index + 1]) else {
                output("\(arguments[index]) needs a sequence number\n\(usage)")
                return 64
            }
            switch arguments[index] {
            case "--through": through = number
            case "--skip": skipping = number
            default:
                output("unknown option \(arguments[index])\n\(usage)")
                return 64
            }
            index += 2
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            output("cannot read \(path)")
            return 66
        }
        do {
            let log = try ActionLog(data: data)
            let outcome = try Replay.run(
                log, as: Root.self, through: through, skipping: skipping, aliases: aliases, substitutes: substitutes,
                middleware: middleware, skippingUnreplayable: skippingUnreplayable)
            if log.isTruncated { output("note: the last line of \(path) was cut short and is left out") }
            for skipped in outcome.skipped { output("note: \(skipped)") }
            if let divergence = outcome.divergence {
                output("replayed \(outcome.replayed) actions; \(divergence)")
                return 1
            }
            if let first = outcome.skipped.first {
                output(
                    "replayed \(outcome.replayed) actions, skipped \(outcome.skipped.count); \(outcome.verified) checks match, but the state may differ from the recording from action \(first.sequence) on"
                )
                return 1
            }
            output("replayed \(outcome.replayed) actions; \(outcome.verified) checks of the state match the recording")
            return 0
        } catch {
            output("\(path): \(error)")
            return 65
        }
    }
}
