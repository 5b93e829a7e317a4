// Replays shop logs in a process of its own, where hashing is seeded differently from the
// process that recorded them.
//
// Usage: substate-replay-child LOG...
// Prints one line per log: "ok REPLAYED VERIFIED", "diverged SEQ RANGE_START" or "error MESSAGE".
import Foundation
import ShopFixture
import Substate
import SubstateMiddleware

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
