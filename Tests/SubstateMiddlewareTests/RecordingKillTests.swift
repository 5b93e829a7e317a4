import Foundation
import ShopFixture
import Substate
import SubstateMiddleware
import SubstateReplay
import SubstateTestSupport
import XCTest

/// A recording app killed mid-write: the log it leaves reads up to its last whole line, holds
/// every action the app had recorded, and replays to the recorded state.
@MainActor
final class RecordingKillTests: XCTestCase {
    #if !os(Windows)
        func testAKilledRecordingReadsUpToItsLastWholeLineAndReplays() async throws {
            let child = builtProduct("substate-replay-child")
            try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: child.path), "\(child.path) not built")
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("substate-kill-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            var torn = 0
            for (round, killAfter) in [50, 150, 300, 450, 600].enumerated() {
                let url = directory.appendingPathComponent("session-\(round).jsonl")
                let process = Process()
                process.executableURL = child
                process.arguments = ["--record", url.path]
                let output = Pipe()
                process.standardOutput = output
                try process.run()
                var reported = 0
                var buffer = Data()
                while reported < killAfter {
                    let chunk = output.fileHandleForReading.availableData
                    guard !chunk.isEmpty else { break }
                    buffer.append(chunk)
                    reported =
                        String(decoding: buffer, as: UTF8.self).split(separator: "\n")
                        .compactMap { Int($0.dropFirst("recorded ".count)) }.max() ?? 0
                }
                // The child is writing its next lines by now.
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                XCTAssertEqual(process.terminationReason, .uncaughtSignal)

                let log = try ActionLog(contentsOf: url)
                let sequences = log.entries.map(\.sequence)
                XCTAssertEqual(sequences, Array(1...(sequences.last ?? 0)), "every action once, in order")
                XCTAssertGreaterThan(sequences.count, reported, "every action recorded before the kill is there")
                let bytes = try Data(contentsOf: url)
                XCTAssertEqual(log.isTruncated, bytes.last != 0x0A, "a torn tail is reported exactly when there is one")
                if log.isTruncated { torn += 1 }
                let replay = try Replay.run(log, as: Shop.self)
                XCTAssertNil(replay.divergence, "round \(round): \(replay.divergence.map { "\($0)" } ?? "")")
                XCTAssertGreaterThan(replay.verified, reported / 7 - 1)
            }
            print("killed recordings with a torn tail: \(torn) of 5")
        }
    #endif
}
