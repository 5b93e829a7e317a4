import Foundation
import Substate
import SubstateReplay

/// The `substate-log` command-line tool: reads recorded logs of any app and any length,
/// without its types.
///
/// ```
/// substate-log show session.jsonl --type Search.Query --origin effect --from 10 --to 40
/// substate-log stats session.jsonl
/// substate-log check session.jsonl
/// substate-log diff yesterday.jsonl today.jsonl
/// substate-log tail -f session.jsonl
/// ```
///
/// Every command reads its log as a stream, one line at a time, so memory does not grow with
/// the log. Exit codes follow the BSD conventions: 0 success, 1 the logs differ (`diff`), 64 a
/// usage error, 65 a log that is not valid (every bad line is named, with its column and
/// cause), 66 a file that cannot be read.
public enum LogTool {
    /// What a command printed, and the exit code it ends with.
    public struct Result: Equatable, Error {
        public var output: String
        public var exitCode: Int32

        public init(output: String, exitCode: Int32) { (self.output, self.exitCode) = (output, exitCode) }
    }

    public static let usage = """
        usage: substate-log <command> [options]

        commands:
          show LOG    a readable timeline of the recorded actions
          stats LOG   counts and rates per action type, and the longest gaps
          check LOG   whether a log is valid, naming every bad line
          diff A B    the first point where two logs differ (exit code 1 if they do)
          tail LOG    the last actions of a log, and with -f those still to come
          inspect LOG -o PAGE
                      one self-contained HTML page to browse the session
          help [COMMAND]
                      this text, or a command's own

        Each command takes --help. A rotated log is read from all its segments. Payloads
        read as people write them: a Duration as "300 ms" wherever it sits, and the type
        of a model the store's own actions carry as ModelSaver.Settings; the log is never
        changed.
        """

    /// Each command's own help.
    static let help: [String: String] = [
        "show": """
        usage: substate-log show LOG [--type TYPE] [--origin ORIGIN] [--from SEQ] [--to SEQ]

        Prints one line per recorded action: sequence number, seconds since the store
        started, origin, type and payload. A Duration prints as "300 ms" wherever it sits
        (in an enum's payload, an optional, an array, a set, a dictionary, a nested or a
        registered model), where the log holds the two numbers Codable writes: the shapes
        the log records say which values are durations. A model the store registers,
        replaces or restores names its type as people write it (ModelSaver.Settings).

          --type TYPE      only actions of this type (as users write it: Search.Query)
          --origin ORIGIN  only actions from app, effect, middleware or store
          --from SEQ       only actions from this sequence number on
          --to SEQ         only actions up to this sequence number
        """,
        "stats": """
        usage: substate-log stats LOG

        Counts the actions per type, with their rate and origins, and lists the three
        longest gaps between actions.
        """,
        "check": """
        usage: substate-log check LOG

        Reads the whole log and names every line that is not valid (with its column and
        cause) and every sequence number out of order. Exit code 0 when the log is valid,
        65 when it is not. A last line cut short mid-write is reported and left out.
        """,
        "diff": """
        usage: substate-log diff A B

        Compares the actions of two logs (type, origin, payload) as recorded and shows
        the first one where they differ, its payload readable as show prints it (a
        Duration as "300 ms"). Exit code 0 when they agree, 1 when they differ.
        """,
        "inspect": """
        usage: substate-log inspect LOG -o PAGE

        Writes one self-contained HTML page (no server, no network) that shows the
        session: a timeline of the actions with filters by type and origin and a text
        search, each action's payload, and charts of actions over time and by type. An
        app's own replay command (replay LOG --inspect PAGE) adds the state after every
        action, what each action changed, and whether the replay matched. Payloads and
        states show a Duration as 300 ms wherever it sits (its recorded form on hover) and
        a carried model's type as people write it; the values stay as recorded. Exit code
        65 when some lines of the log could not be read; the page lists them.
        """,
        "tail": """
        usage: substate-log tail LOG [-n COUNT] [-f]

        Prints the last actions of a log (10 unless -n says otherwise), as show prints
        them (a Duration as "300 ms"). With -f it keeps printing actions as they are
        written, following the log when it is rotated, until interrupted.
        """,
    ]

    /// Runs the tool with its arguments (without the program name), collecting everything it
    /// prints, warnings and errors included, in one text.
    public static func run(_ arguments: [String]) -> Result {
        final class Lines {
            var all: [String] = []
        }
        let lines = Lines()
        let code = run(arguments, output: { lines.all.append($0) }, errors: { lines.all.append($0) }, wait: { false })
        return Result(output: lines.all.joined(separator: "\n"), exitCode: code)
    }

    /// Runs the tool with its arguments (without the program name).
    ///
    /// - Parameters:
    ///   - output: Receives each line of the command's output as it is made.
    ///   - errors: Receives warnings and errors, a line each.
    ///   - wait: Called by `tail -f` when it has printed everything written so far; it returns
    ///     once more may have been written (the executable waits a moment), or `false` to stop.
    /// - Returns: The exit code.
    public static func run(
        _ arguments: [String], output: @escaping (String) -> Void, errors: @escaping (String) -> Void,
        wait: () -> Bool
    ) -> Int32 {
        guard let command = arguments.first else {
            errors(usage)
            return 64
        }
        let rest = Array(arguments.dropFirst())
        let console = Console(output: output, errors: errors)
        let result: Int32
        switch command {
        case "help", "--help", "-h":
            if let topic = rest.first {
                guard let text = help[topic] else { return console.usageError("there is no command \"\(topic)\"") }
                output(text)
            } else {
                output(usage)
            }
            return 0
        case "show": result = show(rest, console)
        case "stats": result = stats(rest, console)
        case "check": result = check(rest, console)
        case "diff": result = diff(rest, console)
        case "tail": result = tail(rest, console, wait: wait)
        case "inspect": result = inspect(rest, console)
        default: return console.usageError("unknown command \"\(command)\"")
        }
        return result
    }
}
