import Foundation
import Substate
import SubstateMiddleware
import SubstateReplay

struct Ledger: Model, Codable {
    var balance = 0
    var entries = 0
    struct Post: Action, Codable {
        let account: String
        let amount: Int
        let memo: String
    }
    /// A nested payload: an array of structs with optionals and an enum with associated values.
    struct Invoice: Action, Codable {
        enum Kind: Codable {
            case goods
            case service(hours: Double)
            case discount(percent: Int, reason: String?)
        }
        struct Line: Codable {
            let sku: String
            let quantity: Int
            let price: Double
            let note: String?
            let kind: Kind
        }
        let customer: String
        let lines: [Line]
        let tags: [String]
    }

    mutating func update(action: Action) {
        if let post = action as? Post {
            balance &+= post.amount
            entries &+= 1
        } else if let invoice = action as? Invoice {
            balance &+= invoice.lines.reduce(0) { $0 &+ $1.quantity }
            entries &+= 1
        }
    }
}

/// Recording and replaying, against encoding and decoding the same actions with Foundation alone.
@MainActor
enum RecordingBenchmarks {
    /// Invoices with nested lines, optionals and enums with associated values.
    static func invoices(count: Int) -> [Ledger.Invoice] {
        (0..<count).map { index in
            Ledger.Invoice(
                customer: "customer \(index % 31)",
                lines: (0..<3).map {
                    Ledger.Invoice.Line(
                        sku: "SKU-\(index)-\($0)", quantity: $0 + 1, price: Double(index % 50) + 0.25,
                        note: $0 == 1 ? "fragile" : nil,
                        kind: [.goods, .service(hours: 1.5), .discount(percent: 10, reason: nil)][$0])
                },
                tags: ["priority", "export"])
        }
    }

    static func figures(harness: Harness) -> [Figure] {
        let posts = (0..<1_000).map {
            Ledger.Post(account: "account-\($0 % 17)", amount: $0 % 97, memo: "invoice \($0)")
        }
        let invoices = invoices(count: 1_000)
        return measure(posts, label: "", harness: harness)
            + measure(invoices, label: ", nested payloads", harness: harness)
            + exactModeAndStepping(posts, harness: harness)
    }

    /// What a digest after every action costs when recording, and what stepping through a log
    /// one action at a time with `Replayer` costs against one straight replay.
    private static func exactModeAndStepping(_ actions: [Ledger.Post], harness: Harness) -> [Figure] {
        func record(digestEvery: Int) -> MemoryLog {
            let log = MemoryLog()
            let store = Store(model: Ledger(), middleware: [ActionRecorder(to: log, digestEvery: digestEvery)])
            for action in actions { store.update(action) }
            return log
        }
        let recordTimes = harness.compare([
            ("periodic", actions.count, { _ in blackHole(record(digestEvery: 100)) }),
            ("exact", actions.count, { _ in blackHole(record(digestEvery: 1)) }),
        ])
        let log = try! ActionLog(lines: record(digestEvery: 100).lines)
        let replayTimes = harness.compare([
            (
                "replay", actions.count,
                { _ in precondition(try! Replay.run(log, as: Ledger.self).divergence == nil) }
            ),
            (
                "stepping", actions.count,
                { _ in
                    let replayer = try! Replayer(log: log, as: Ledger.self)
                    while try! replayer.step() != nil {}
                    try! replayer.seek(to: actions.count / 2)
                }
            ),
        ])
        return [
            Figure(
                name: "recording in exact mode (a digest after every action) vs a digest every 100",
                value: recordTimes["exact"]! / recordTimes["periodic"]!, unit: "x", target: .infinity,
                detail:
                    "\(Report.format(recordTimes["exact"]!, 0)) ns vs \(Report.format(recordTimes["periodic"]!, 0)) ns per action"
            ),
            Figure(
                name: "stepping through a log with Replayer, and one seek back, vs Replay.run",
                value: replayTimes["stepping"]! / replayTimes["replay"]!, unit: "x", target: 2,
                detail:
                    "\(Report.format(replayTimes["stepping"]!, 0)) ns vs \(Report.format(replayTimes["replay"]!, 0)) ns per action"
            ),
        ]
    }

    private static func measure<A: Action & Codable>(_ actions: [A], label: String, harness: Harness) -> [Figure] {
        // The recording overhead is a difference of two dispatches, and each round takes a few
        // milliseconds: more rounds give its fastest a fair chance on a busy machine.
        let harness = harness.withRounds(atLeast: 15)
        let bare = Store(model: Ledger())
        var logs: [MemoryLog] = []
        func recordingStore() -> Store {
            let log = MemoryLog()
            logs.append(log)
            return Store(model: Ledger(), middleware: [ActionRecorder(to: log, digestEvery: 100)])
        }
        let encoder = JSONEncoder()
        var encodedBytes = 0
        var fresh = (0...harness.rounds).map { _ in recordingStore() }
        let recordTimes = harness.compare([
            ("bare", actions.count, { count in for index in 0..<count { bare.update(actions[index]) } }),
            (
                "recorded", actions.count,
                { count in
                    // Each round records into a fresh log; the store is made before the clock
                    // starts, since making it is a one-time cost, not a per-action one.
                    let store = fresh.removeLast()
                    for index in 0..<count { store.update(actions[index]) }
                }
            ),
            (
                "encoder", actions.count,
                { count in for index in 0..<count { encodedBytes &+= (try? encoder.encode(actions[index]))?.count ?? 0 }
                }
            ),
        ])
        let recordingOverhead = max(0, recordTimes["recorded"]! - recordTimes["bare"]!)

        let log = logs.last!
        let text = log.text
        let decoder = JSONDecoder()
        let payloads = actions.map { try! encoder.encode($0) }
        var decoded = 0
        let replayTimes = harness.compare([
            (
                "replay", actions.count,
                { _ in
                    let parsed = try! ActionLog(text: text)
                    let outcome = try! Replay.run(parsed, as: Ledger.self)
                    precondition(outcome.divergence == nil && outcome.replayed == actions.count)
                    decoded &+= outcome.replayed
                }
            ),
            (
                "decoder", actions.count,
                { count in
                    for index in 0..<count {
                        decoded &+= (try? decoder.decode(A.self, from: payloads[index])) != nil ? 1 : 0
                    }
                }
            ),
        ])
        blackHole((encodedBytes, decoded))
        return [
            Figure(
                name: "recording overhead vs JSONEncoder alone\(label)",
                value: recordingOverhead / recordTimes["encoder"]!, unit: "x", target: 1,
                detail:
                    "\(Report.format(recordingOverhead, 0)) ns vs \(Report.format(recordTimes["encoder"]!, 0)) ns per action; \(Report.format(1e9 / recordTimes["recorded"]!, 0)) actions/s recorded"
            ),
            Figure(
                name: "replay vs JSONDecoder alone\(label)", value: replayTimes["replay"]! / replayTimes["decoder"]!,
                unit: "x", target: 1,
                detail:
                    "\(Report.format(replayTimes["replay"]!, 0)) ns vs \(Report.format(replayTimes["decoder"]!, 0)) ns per action; \(Report.format(1e9 / replayTimes["replay"]!, 0)) actions/s replayed"
            ),
        ]
    }
}
