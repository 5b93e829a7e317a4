// Replays shop logs in a process of its own, where hashing is seeded differently from the
// process that recorded them.
//
// Usage: substate-replay-child LOG...
// Prints one line per log: "ok REPLAYED VERIFIED", "diverged SEQ RANGE_START" or "error MESSAGE".
//
// Usage: substate-replay-child --seek SESSION SEED
// Travels through a recorded seek session (see SeekSessions) and prints "ok" or what differs.
//
// Usage: substate-replay-child --page DIRECTORY
// Records a counting shop's session with its live states, and writes the replay's page.
//
// Usage: substate-replay-child --record LOG
// Records random shop sessions into LOG, a line at a time, until it is killed; prints
// "recorded N" after every 50 actions.
import Foundation
import ShopFixture
import Substate
import SubstateMiddleware
import SubstateReplay
import SubstateTestSupport

if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--record" {
    let log = try FileLog(url: URL(fileURLWithPath: CommandLine.arguments[2]), flushEvery: 1)
    let store = Store(model: Shop(), middleware: [ActionRecorder(to: log, digestEvery: 7)])
    var random = SplitMix64(seed: 0xC0FFEE)
    var recorded = 0
    while true {
        store.update(ShopSessions.action(&random, store: store))
        recorded += 1
        if recorded % 50 == 0 {
            print("recorded \(recorded)")
            fflush(nil)
        }
    }
}

if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "--seek" {
    // Usage: substate-replay-child --seek SESSION SEED
    // SESSION is a recorded seek session (SeekSessions.Recorded as JSON); prints "ok" or one
    // line per state shown that the live store never had.
    do {
        let data = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[2]))
        let recorded = try JSONDecoder().decode(SeekSessions.Recorded.self, from: data)
        let found = try recorded.mismatches(seed: UInt64(CommandLine.arguments[3]) ?? 0, seeks: 200)
        print(found.isEmpty ? "ok" : found.joined(separator: "\n"))
    } catch {
        print("error \(error)")
    }
    exit(0)
}

if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--page" {
    // Usage: substate-replay-child --page DIRECTORY
    // Records a counting shop's session (store actions, pauses, middleware's own actions) into
    // DIRECTORY/counting.jsonl, the live state after every recorded action into
    // DIRECTORY/counting-states.json, and the replay's session page into DIRECTORY/counting.html.
    let directory = URL(fileURLWithPath: CommandLine.arguments[2])
    let recorded = SeekSessions.record(
        seed: 0xB0A7,
        SeekSessions.Options(length: 400, digestEvery: 7, snapshotEvery: 50, storeActions: true, pauses: true))
    let log = directory.appendingPathComponent("counting.jsonl")
    try (recorded.lines.joined(separator: "\n") + "\n").write(to: log, atomically: true, encoding: .utf8)
    // Encoded as the recorder encodes states (sets in a canonical order), one per line.
    let states = try recorded.states.map { String(decoding: try jsonData(of: $0), as: UTF8.self) }
    try ("[" + states.joined(separator: ",\n") + "]\n").write(
        to: directory.appendingPathComponent("counting-states.json"), atomically: true, encoding: .utf8)
    let page = directory.appendingPathComponent("counting.html").path
    exit(ReplayCommand.run([log.path, "--inspect", page], as: CountingShop.self, output: { _ in }))
}

guard CommandLine.arguments.count > 1 else {
    FileHandle.standardError.write(Data("usage: substate-replay-child LOG...\n".utf8))
    exit(64)
}
for path in CommandLine.arguments.dropFirst() {
    do {
        let log = try ActionLog(contentsOf: URL(fileURLWithPath: path))
        let outcome = try Replay.run(log, as: Shop.self)
        if let divergence = outcome.divergence {
            print("diverged \(divergence.sequence) \(divergence.range.lowerBound)")
        } else {
            print("ok \(outcome.replayed) \(outcome.verified)")
        }
    } catch {
        print("error \(error)")
    }
}
