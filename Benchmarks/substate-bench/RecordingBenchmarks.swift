import Foundation
import Substate
import SubstateMiddleware

struct Ledger: Model, Codable {
    var balance = 0
    var entries = 0
    struct Post: Action, Codable {
        let account: String
        let amount: Int
        let memo: String
    }
    mutating func update(action: Action) {
        if let post = action as? Post {
            balance &+= post.amount
            entries &+= 1
        }
    }
}

/// Recording and replaying, against encoding and decoding the same actions with Foundation alone.
@MainActor
enum RecordingBenchmarks {
    static func figures(harness: Harness) -> [Figure] {
        let actions = (0..<1_000).map {
            Ledger.Post(account: "account-\($0 % 17)", amount: $0 % 97, memo: "invoice \($0)")
        }
        let bare = Store(model: Ledger())
        var logs: [MemoryLog] = []
        func recordingStore() -> Store {
            let log = MemoryLog()
            logs.append(log)
            return Store(model: Ledger(), middleware: [ActionRecorder(to: log, digestEvery: 100)])
        }
        let encoder = JSONEncoder()
        var encodedBytes = 0
        let recordTimes = harness.compare([
            ("bare", actions.count, { count in for index in 0..<count { bare.update(actions[index]) } }),
            (
                "recorded", actions.count,
                { count in
                    let store = recordingStore()
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
        let lines = log.lines
        let decoder = JSONDecoder()
        let payloads = actions.map { try! encoder.encode($0) }
        var decoded = 0
        let replayTimes = harness.compare([
            (
                "replay", actions.count,
                { _ in
                    let parsed = try! ActionLog(text: text)
                    let outcome = try! Replay.run(parsed, as: Ledger.self)
                    decoded &+= outcome.replayed
                }
            ),
            (
                "decoder", actions.count,
                { count in
                    for index in 0..<count {
                        decoded &+= (try? decoder.decode(Ledger.Post.self, from: payloads[index]))?.amount ?? 0
                    }
                }
            ),
        ])
        blackHole((encodedBytes, decoded, lines.count))
        return [
            Figure(
                name: "recording overhead vs JSONEncoder alone", value: recordingOverhead / recordTimes["encoder"]!,
                unit: "x",
                target: 1.5,
                detail:
                    "\(Report.format(recordingOverhead, 0)) ns vs \(Report.format(recordTimes["encoder"]!, 0)) ns per action; \(Report.format(1e9 / recordTimes["recorded"]!, 0)) actions/s recorded"
            ),
            Figure(
                name: "replay vs JSONDecoder alone", value: replayTimes["replay"]! / replayTimes["decoder"]!, unit: "x",
                target: 1.5,
                detail:
                    "\(Report.format(replayTimes["replay"]!, 0)) ns vs \(Report.format(replayTimes["decoder"]!, 0)) ns per action; \(Report.format(1e9 / replayTimes["replay"]!, 0)) actions/s replayed"
            ),
        ]
    }
}
