import Foundation
import Substate
import SubstateLogTool
import SubstateMiddleware
import SubstateReplay

/// The log's codec against Foundation's, and long logs read as a stream: the tool's
/// throughput and the peak memory of reading and replaying a log of millions of actions.
@MainActor
enum LogBenchmarks {
    /// The log's own encoder and decoder against `JSONEncoder` and `JSONDecoder` on the same
    /// payloads, and a dictionary of 100,000 entries, which a quadratic decoder would take
    /// seconds over.
    static func codec(harness: Harness) -> [Figure] {
        let invoices = RecordingBenchmarks.invoices(count: 1_000)
        let payloads = invoices.map { try! JSONEncoder().encode($0) }
        let bytes = Double(payloads.reduce(0) { $0 + $1.count })
        let logEncoder = LogEncoder()
        let jsonEncoder = JSONEncoder()
        let jsonDecoder = JSONDecoder()
        var sink = 0
        let times = harness.compare([
            (
                "log encoder", invoices.count,
                { count in
                    for index in 0..<count {
                        logEncoder.bytes.removeAll(keepingCapacity: true)
                        try! logEncoder.encode(invoices[index])
                        sink &+= logEncoder.bytes.count
                    }
                }
            ),
            (
                "JSONEncoder", invoices.count,
                { count in for index in 0..<count { sink &+= (try! jsonEncoder.encode(invoices[index])).count } }
            ),
            (
                "log decoder", payloads.count,
                { count in
                    for index in 0..<count {
                        sink &+= (try! LogDecoder.decode(Ledger.Invoice.self, from: payloads[index])).lines.count
                    }
                }
            ),
            (
                "JSONDecoder", payloads.count,
                { count in
                    for index in 0..<count {
                        sink &+= (try! jsonDecoder.decode(Ledger.Invoice.self, from: payloads[index])).lines.count
                    }
                }
            ),
        ])
        let large = Dictionary(uniqueKeysWithValues: (0..<100_000).map { ("key-\($0)", $0) })
        let largePayload = try! JSONEncoder().encode(large)
        let largeTimes = Harness(rounds: max(3, harness.rounds / 3)).compare([
            (
                "log decoder", 1,
                { _ in sink &+= (try! LogDecoder.decode([String: Int].self, from: largePayload)).count }
            ),
            (
                "JSONDecoder", 1,
                { _ in sink &+= (try! jsonDecoder.decode([String: Int].self, from: largePayload)).count }
            ),
        ])
        blackHole(sink)
        let perAction = bytes / Double(payloads.count)
        func throughput(_ name: String) -> String { Report.format(perAction / times[name]! * 1e3, 0) + " MB/s" }
        return [
            Figure(
                name: "log encoder vs JSONEncoder, nested payloads",
                value: times["log encoder"]! / times["JSONEncoder"]!,
                unit: "x", target: 1,
                detail: "\(throughput("log encoder")) vs \(throughput("JSONEncoder"))"),
            Figure(
                name: "log decoder vs JSONDecoder, nested payloads",
                value: times["log decoder"]! / times["JSONDecoder"]!,
                unit: "x", target: 1,
                detail: "\(throughput("log decoder")) vs \(throughput("JSONDecoder"))"),
            Figure(
                name: "log decoder vs JSONDecoder, [String: Int] of 100,000 entries",
                value: largeTimes["log decoder"]! / largeTimes["JSONDecoder"]!, unit: "x", target: 1,
                detail:
                    "\(Report.format(largeTimes["log decoder"]! / 1e6, 1)) ms vs \(Report.format(largeTimes["JSONDecoder"]! / 1e6, 1)) ms"
            ),
        ]
    }

    /// A generated log of `actions` actions, read by `substate-log stats`, `check` and `show`
    /// and replayed, each in a child process: throughput, and peak memory against the 100 MB a
    /// streaming reader must stay under. Each command runs `runs` times and its fastest run
    /// counts, as the harness counts a contender's fastest round: a single run's time is at the
    /// mercy of whatever else the machine does meanwhile.
    static func longLog(actions: Int, runs: Int = 3) -> [Figure] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("substate-bench-\(UUID())")
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("long.jsonl")
        writeLog(to: url, actions: actions)
        let size = Double((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0)
        let megabytes = size / 1e6
        var figures: [Figure] = []
        for command in ["stats", "check", "show"] {
            let run = ChildProcess.fastest(of: runs, ["--log-tool", command, url.path])
            precondition(run.exitCode == 0, "substate-log \(command) failed")
            let rate = megabytes / run.seconds
            figures.append(
                Figure(
                    name: "substate-log \(command), \(actions.formatted()) actions: time vs reading at 100 MB/s",
                    value: 100 / rate, unit: "x", target: 1,
                    detail: "\(Report.format(rate, 0)) MB/s over \(Report.format(megabytes, 0)) MB"))
            figures.append(
                Figure(
                    name: "substate-log \(command), \(actions.formatted()) actions: peak memory",
                    value: run.peakBytes / 1e6, unit: "MB", target: 100,
                    detail:
                        "\(Report.format(megabytes / run.seconds, 0)) MB/s over \(Report.format(megabytes, 0)) MB (\(Report.format(run.seconds, 1)) s)"
                ))
        }
        let replay = ChildProcess.run(["--replay-log", url.path])
        precondition(replay.exitCode == 0, "the replay diverged")
        figures.append(
            Figure(
                name: "Replay.run(contentsOf:), \(actions.formatted()) actions: peak memory",
                value: replay.peakBytes / 1e6, unit: "MB", target: 100,
                detail:
                    "\(Report.format(Double(actions) / replay.seconds, 0)) actions/s, \(Report.format(megabytes / replay.seconds, 0)) MB/s"
            ))
        return figures
    }

    /// Records `actions` ledger postings into a log file.
    static func writeLog(to url: URL, actions: Int) {
        let store = Store(model: Ledger(), middleware: [ActionRecorder(to: try! FileLog(url: url, flushEvery: 4_096))])
        for index in 0..<actions {
            store.update(Ledger.Post(account: "account-\(index % 17)", amount: index % 97, memo: "invoice \(index)"))
        }
    }

    /// The child side of ``longLog(actions:)``: `--log-tool ARGS` runs the log tool, and
    /// `--replay-log LOG` replays a log of ``Ledger`` actions. Returns the exit code, or `nil`
    /// when the arguments ask for neither.
    static func runChild(_ arguments: [String]) -> Int32? {
        if arguments.first == "--log-tool" {
            let code = LogTool.run(
                Array(arguments.dropFirst()), output: { _ in }, errors: { print($0) }, wait: { false })
            ChildProcess.reportPeakMemory()
            return code
        }
        if arguments.first == "--write-log", arguments.count == 3, let actions = Int(arguments[2]) {
            writeLog(to: URL(fileURLWithPath: arguments[1]), actions: actions)
            return 0
        }
        if arguments.first == "--replay-log", arguments.count == 2 {
            let outcome = try? Replay.run(contentsOf: URL(fileURLWithPath: arguments[1]), as: Ledger.self)
            ChildProcess.reportPeakMemory()
            return outcome?.divergence == nil && outcome != nil ? 0 : 1
        }
        return nil
    }
}
