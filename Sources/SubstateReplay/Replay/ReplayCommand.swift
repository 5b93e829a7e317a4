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
/// Usage: `replay LOG [--through SEQ] [--skip SEQ] [--skip-unreplayable]`. The log is read as
/// a stream (a rotated log from all its segments), so logs of any length replay. With
/// `--skip-unreplayable`, actions that cannot be replayed are left out and listed, instead of
/// stopping the replay. With `--skip SEQ`, the log is replayed twice, with and without that
/// action, and the command prints what leaving it out changed in the final state. Exit codes:
/// 0 the state matches the recording, 1 it diverged (or actions were skipped), 64 a usage
/// error, 65 a log that cannot be replayed, 66 a file that cannot be read.
@MainActor
public enum ReplayCommand {
    public static let usage = """
        usage: replay LOG [--through SEQ] [--skip SEQ] [--skip-unreplayable] [--inspect PAGE]

          --through SEQ         stop after the action with this sequence number, in the
                                state the app had after it
          --skip SEQ            leave this action out, and show what that changes
          --skip-unreplayable   go on past actions that cannot be replayed, listing them
          --inspect PAGE        also write one HTML page to browse the session: every
                                action, the state after it, what it changed, and whether
                                the replay matched the recording

        Every state shown is one the recorded app had: the store's own Start is replayed
        where it was recorded, and where recording paused, the snapshot written when it
        resumed is the state after the Resume action.
        """

    /// Replays the log named in the arguments, prints the outcome, and returns the exit code.
    ///
    /// `middleware` watches the replay: pass the app's own list, and its loggers show the
    /// session again while everything else stays out (see `Middleware.runsDuringReplay`).
    /// `substitutes` stand in for `Redacted` values, as in ``Replay``.
    public static func run<Root: Model & Codable>(
        _ arguments: [String], as root: Root.Type, aliases: [String: any Action.Type] = [:],
        substitutes: RedactionSubstitutes = RedactionSubstitutes(), middleware: [any Middleware] = [],
        output: (String) -> Void = { print($0) }
    ) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            output(usage)
            return 0
        }
        var path: String?
        var through: Int?
        var skipping: Int?
        var skippingUnreplayable = false
        var inspecting: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "--skip-unreplayable":
                skippingUnreplayable = true
            case "--inspect":
                guard index < arguments.count, !arguments[index].hasPrefix("-") else {
                    output("--inspect needs the path of the page to write\n\(usage)")
                    return 64
                }
                inspecting = arguments[index]
                index += 1
            case "--through", "--skip":
                guard index < arguments.count, let number = Int(arguments[index]), number >= 0 else {
                    let found = index < arguments.count ? ", not \"\(arguments[index])\"" : ""
                    output("\(argument) needs a sequence number\(found)\n\(usage)")
                    return 64
                }
                index += 1
                if argument == "--through" { through = number } else { skipping = number }
            default:
                guard !argument.hasPrefix("-") else {
                    output("unknown option \(argument)\n\(usage)")
                    return 64
                }
                guard path == nil else {
                    output("unexpected argument \"\(argument)\"\n\(usage)")
                    return 64
                }
                path = argument
            }
        }
        guard let path else {
            output("missing LOG\n\(usage)")
            return 64
        }
        let url = URL(fileURLWithPath: path)
        func replay(skipping: Int?) throws -> Replay.Outcome {
            try Replay.run(
                contentsOf: url, as: Root.self, through: through, skipping: skipping, aliases: aliases,
                substitutes: substitutes, middleware: middleware, skippingUnreplayable: skippingUnreplayable)
        }
        if let inspecting {
            guard skipping == nil else {
                output("--inspect shows the session as recorded; it cannot be combined with --skip\n\(usage)")
                return 64
            }
            return inspect(
                url, writing: inspecting, as: Root.self, through: through, aliases: aliases, substitutes: substitutes,
                middleware: middleware, skippingUnreplayable: skippingUnreplayable, output: output)
        }
        do {
            let outcome = try replay(skipping: skipping)
            if let tail = outcome.tornTail { output("note: \(path): \(tail)") }
            for skipped in outcome.skipped { output("note: \(skipped)") }
            if let skipping {
                return report(
                    leavingOut: skipping, outcome, against: try replay(skipping: nil), as: Root.self, output: output)
            }
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
        } catch let error as LogFileError {
            output("\(error)")
            return 66
        } catch {
            output("\(path): \(error)")
            return 65
        }
    }

    /// Says what leaving one action out changed, comparing the final state with the replay of
    /// the whole log. Checks against the recording are not made without the action (they would
    /// all differ after it).
    private static func report<Root: Model & Codable>(
        leavingOut sequence: Int, _ without: Replay.Outcome, against whole: Replay.Outcome, as root: Root.Type,
        output: (String) -> Void
    ) -> Int32 {
        guard without.replayed < whole.replayed else {
            output("there is no replayable action \(sequence) in the log; nothing was left out")
            return 64
        }
        guard let before = whole.store.find(Root.self), let after = without.store.find(Root.self) else { return 65 }
        let changes = StateDiff(from: before, to: after).changes
        let head = "replayed \(without.replayed) actions without action \(sequence)"
        if changes.isEmpty {
            output("\(head); the final state is the same as with it")
        } else {
            output(
                "\(head); without it the final state differs (with it → without it):\n"
                    + changes.map(\.description).joined(separator: "\n"))
        }
        return 0
    }

    /// Replays the log and writes the session page, with the state after every action and the
    /// verdict; the exit codes are those of a plain replay.
    private static func inspect<Root: Model & Codable>(
        _ url: URL, writing page: String, as root: Root.Type, through: Int?, aliases: [String: any Action.Type],
        substitutes: RedactionSubstitutes, middleware: [any Middleware], skippingUnreplayable: Bool,
        output: (String) -> Void
    ) -> Int32 {
        let recorder = PageRecorder<Root>()
        // The page's states are written by a state encoder, which the replay's checks share:
        // each encode costs what the action changed, and where every value is in the JSON is
        // known, so the edits are found without reading the rest. A state it cannot stream is
        // encoded as the recorder encodes it, and compared byte by byte.
        let encoder = StateEncoder()
        func pageState(of model: Root) -> (json: Data, nodes: Bool) {
            if let bytes = encoder.encode(model) { return (Data(bytes), true) }
            return ((try? jsonData(of: model)) ?? Data("null".utf8), false)
        }
        let outcome: Replay.Outcome
        do {
            outcome = try Replay.run(
                contentsOf: url, as: Root.self, through: through, aliases: aliases, substitutes: substitutes,
                middleware: middleware, skippingUnreplayable: skippingUnreplayable, encoder: encoder
            ) { line, store in
                // Changed where it is kept: a copy of the page per line would copy its lists.
                recorder.session?.add(line)
                if case .action(let entry) = line, let model = store.lookup(Root.self),
                    let previous = recorder.previous
                {
                    let state = pageState(of: model)
                    let unchanged = state.json == previous.json
                    let edits: [JSONEdit]
                    if unchanged {
                        edits = []
                    } else if state.nodes, encoder.hasPrevious {
                        // The encode before this one succeeded too: it is of the state before
                        // the action (a check in between encoded that same state).
                        edits = JSONEdit.edits(from: encoder.previous, to: encoder.current)
                    } else {
                        // The states come from this package's encoders, which write valid
                        // JSON: they are not checked again.
                        edits = JSONEdit.edits(
                            from: RawJSON(written: [UInt8](previous.json)), to: RawJSON(written: [UInt8](state.json)))
                    }
                    let changes = unchanged ? [] : StateDiff(from: previous.model, to: model).changes
                    recorder.session?.steps.append(
                        SessionPage.Step(sequence: entry.sequence, changes: changes, edits: edits))
                    recorder.previous = (state.json, model)
                }
            } start: { store, header in
                var session = SessionPage(
                    header: SessionPage.Header(
                        root: header.root, version: header.version, fingerprint: header.rootShape,
                        file: url.lastPathComponent))
                if let model = store.lookup(Root.self) {
                    let state = pageState(of: model)
                    session.initialState = state.json
                    recorder.previous = (state.json, model)
                }
                recorder.session = session
            }
        } catch let error as LogFileError {
            output("\(error)")
            return 66
        } catch {
            output("\(url.path): \(error)")
            return 65
        }
        guard var session = recorder.session else { return 65 }
        if let log = try? ActionLog(contentsOf: url) {
            session.header.compatibility =
                "\(Compatibility(of: log, as: Root.self, aliases: aliases, substitutes: substitutes))"
        }
        if let tail = outcome.tornTail { session.problems.append(tail) }
        for skipped in outcome.skipped { session.problems.append(skipped.description) }
        if let divergence = outcome.divergence {
            session.divergence = (
                divergence.sequence, "\(divergence)",
                (divergence.differences + divergence.replayedChanges).map(\.path)
            )
        } else {
            session.header.verdict =
                "Replay matched the recording: \(outcome.replayed) actions, \(outcome.verified) checks of the state"
            // Each snapshot and recorded model matched the replayed state, which the page
            // rebuilds from its edits: a copy of them per line would be most of the page.
            let matched = Data(#""the replayed state after this action matched it""#.utf8)
            session.marks = session.marks.map { mark in
                mark.kind == "snapshot" || mark.kind.hasPrefix("model ") ? (mark.sequence, mark.kind, matched) : mark
            }
        }
        do {
            try Data(session.html().utf8).write(to: URL(fileURLWithPath: page), options: .atomic)
        } catch {
            output("cannot write \(page): \(error.localizedDescription)")
            return 73
        }
        output("\(page): \(session.actions.count) actions, the state after each, and the replay's verdict")
        return outcome.divergence == nil && outcome.skipped.isEmpty ? 0 : 1
    }
}

/// What the session page's replay has gathered so far.
private final class PageRecorder<Root: Model> {
    var session: SessionPage?
    var previous: (json: Data, model: Root)?
}
