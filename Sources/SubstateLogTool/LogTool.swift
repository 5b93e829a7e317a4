import Foundation
import Substate
import SubstateReplay

/// The `substate-log` command-line tool: reads recorded logs of any app, without its types.
///
/// ```
/// substate-log show session.jsonl --type Search.Query --origin effect --from 10 --to 40
/// substate-log stats session.jsonl
/// substate-log diff yesterday.jsonl today.jsonl
/// substate-log check session.jsonl
/// ```
///
/// Exit codes follow the BSD conventions: 0 success, 1 the logs differ (`diff`), 64 a usage
/// error, 65 a log that is not valid, 66 a file that cannot be read.
public enum LogTool {
    /// What a command printed, and the exit code it ends with.
    public struct Result: Equatable, Error {
        public var output: String
        public var exitCode: Int32

        public init(output: String, exitCode: Int32) {
            self.output = output
            self.exitCode = exitCode
        }
    }

    public static let usage = """
        usage: substate-log <command> [options]

        commands:
          show LOG [--type TYPE] [--origin app|effect|middleware|store] [--from SEQ] [--to SEQ]
                      a readable timeline of the recorded actions
          stats LOG   counts and rates per action type, and the longest gaps
          diff A B    the first point where two logs differ (exit code 1 if they do)
          check LOG   whether a log is valid, with the line number of the first problem
          help        this text
        """

    /// Runs the tool with its arguments (without the program name).
    public static func run(_ arguments: [String]) -> Result {
        guard let command = arguments.first else { return Result(output: usage, exitCode: 64) }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "help", "--help", "-h": return Result(output: usage, exitCode: 0)
        case "show": return withLog(rest) { show($0, options: Array(rest.dropFirst())) }
        case "stats": return withLog(rest) { stats($0) }
        case "check": return check(rest)
        case "diff": return diff(rest)
        default: return Result(output: "substate-log: unknown command \"\(command)\"\n\n" + usage, exitCode: 64)
        }
    }

    private static func read(_ path: String) -> Swift.Result<ActionLog, Result> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(Result(output: "substate-log: cannot read \(path)", exitCode: 66))
        }
        do {
            return .success(try ActionLog(text: String(decoding: data, as: UTF8.self)))
        } catch {
            return .failure(Result(output: "\(path): \(error)", exitCode: 65))
        }
    }

    private static func withLog(_ arguments: [String], _ body: (ActionLog) -> Result) -> Result {
        guard let path = arguments.first, !path.hasPrefix("--") else {
            return Result(output: "substate-log: missing LOG\n\n" + usage, exitCode: 64)
        }
        switch read(path) {
        case .success(let log): return body(log)
        case .failure(let failure): return failure
        }
    }

    // MARK: show

    private static func show(_ log: ActionLog, options: [String]) -> Result {
        var type: String?
        var origin: String?
        var from = Int.min
        var to = Int.max
        var index = 0
        while index < options.count {
            let option = options[index]
            guard index + 1 < options.count else {
                return Result(output: "substate-log: \(option) needs a value\n\n" + usage, exitCode: 64)
            }
            let value = options[index + 1]
            switch option {
            case "--type": type = value
            case "--origin": origin = value
            case "--from", "--to":
                guard let number = Int(value) else {
                    return Result(
                        output: "substate-log: \(option) needs a sequence number, not \"\(value)\"", exitCode: 64)
                }
                if option == "--from" { from = number } else { to = number }
            default: return Result(output: "substate-log: unknown option \(option)\n\n" + usage, exitCode: 64)
            }
            index += 2
        }
        var lines = [
            "\(log.header.root): \(log.entries.count) actions"
                + (log.isTruncated ? " (last line cut short, left out)" : "")
        ]
        for entry in log.entries
        where (type == nil || entry.type == type) && (origin == nil || entry.origin.rawValue == origin)
            && (from...to).contains(entry.sequence)
        {
            let payload = entry.payload.map { String(decoding: $0, as: UTF8.self) } ?? "(not recorded)"
            lines.append(
                "#\(entry.sequence)".padding(7) + format(seconds: entry.time).padding(11)
                    + entry.origin.rawValue.padding(11)
                    + entry.type + " " + payload)
        }
        return Result(output: lines.joined(separator: "\n"), exitCode: 0)
    }

    // MARK: stats

    private static func stats(_ log: ActionLog) -> Result {
        let entries = log.entries
        guard let first = entries.first, let last = entries.last else {
            return Result(output: "\(log.header.root): no actions", exitCode: 0)
        }
        let duration = max(last.time - first.time, 0)
        var lines = ["\(log.header.root): \(entries.count) actions over \(format(seconds: duration))"]
        let byType = Dictionary(grouping: entries, by: \.type).sorted {
            ($0.value.count, $1.key) > ($1.value.count, $0.key)
        }
        for (type, group) in byType {
            let rate = duration > 0 ? " (\(format(Double(group.count) / duration, decimals: 2))/s)" : ""
            let origins = Dictionary(grouping: group, by: \.origin.rawValue).map { "\($0.key) \($0.value.count)" }
                .sorted()
            lines.append("  \(String(group.count).leftPadded(6))  \(type)\(rate)  [\(origins.joined(separator: ", "))]")
        }
        let gaps = zip(entries, entries.dropFirst()).map { (gap: $1.time - $0.time, after: $0.sequence) }
            .sorted { $0.gap > $1.gap }.prefix(3)
        if !gaps.isEmpty {
            lines.append("longest gaps:")
            for gap in gaps { lines.append("  \(format(seconds: gap.gap)) after #\(gap.after)") }
        }
        return Result(output: lines.joined(separator: "\n"), exitCode: 0)
    }

    // MARK: check

    private static func check(_ arguments: [String]) -> Result {
        withLog(arguments) { log in
            var problems: [String] = []
            var previous = 0
            for entry in log.entries {
                if entry.sequence <= previous {
                    problems.append("line \(entry.line): sequence number \(entry.sequence) after \(previous)")
                }
                previous = entry.sequence
            }
            let unreplayable = log.entries.filter { $0.payload == nil }
            var lines = [
                "\(arguments[0]): valid \(LogFormat.name) log, \(log.entries.count) actions, root \(log.header.root)"
            ]
            if log.isTruncated { lines.append("warning: the last line was cut short and is left out") }
            if !unreplayable.isEmpty {
                lines.append(
                    "note: \(unreplayable.count) action(s) are not replayable (not Codable), first at line \(unreplayable[0].line)"
                )
            }
            if !problems.isEmpty {
                return Result(output: problems.joined(separator: "\n"), exitCode: 65)
            }
            return Result(output: lines.joined(separator: "\n"), exitCode: 0)
        }
    }

    // MARK: diff

    private static func diff(_ arguments: [String]) -> Result {
        guard arguments.count == 2 else {
            return Result(output: "substate-log: diff needs two logs\n\n" + usage, exitCode: 64)
        }
        let logs = arguments.map(read)
        var parsed: [ActionLog] = []
        for log in logs {
            switch log {
            case .success(let log): parsed.append(log)
            case .failure(let failure): return failure
            }
        }
        let (a, b) = (parsed[0].entries, parsed[1].entries)
        for (left, right) in zip(a, b) where !same(left, right) {
            return Result(
                output:
                    "the logs differ at action #\(left.sequence):\n  \(arguments[0]) line \(left.line): \(describe(left))\n"
                    + "  \(arguments[1]) line \(right.line): \(describe(right))", exitCode: 1)
        }
        if a.count != b.count {
            let longer = a.count > b.count ? arguments[0] : arguments[1]
            return Result(
                output:
                    "the logs agree for \(min(a.count, b.count)) actions; \(longer) goes on for \(abs(a.count - b.count)) more",
                exitCode: 1)
        }
        return Result(output: "the logs record the same \(a.count) actions", exitCode: 0)
    }

    private static func same(_ left: ActionLog.Entry, _ right: ActionLog.Entry) -> Bool {
        left.type == right.type && left.origin == right.origin && left.payload == right.payload
    }

    private static func describe(_ entry: ActionLog.Entry) -> String {
        "\(entry.origin.rawValue) \(entry.type) \(entry.payload.map { String(decoding: $0, as: UTF8.self) } ?? "(not recorded)")"
    }

    // MARK: formatting

    static func format(seconds: Double) -> String { format(seconds, decimals: 3) + "s" }

    static func format(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = String(abs(scaled) % Int(scale))
        return "\(whole)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
