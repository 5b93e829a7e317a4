import Foundation
import Substate
import SubstateReplay
import XCTest

/// A log cut inside its first action line, the store's own `Store.Start`, replays to the state
/// after the start, as a log cut anywhere later does: the recorded store did start.
@MainActor
final class TornStartLineTests: XCTestCase {
    /// A model that notes its store's start, as an app's loads and registrations do.
    struct Booted: Model, Codable, Equatable {
        var started = false
        var taps = 0
        struct Tap: Action, Codable {}

        mutating func update(action: Action) {
            if action is Store.Start { started = true }
            if action is Tap { taps += 1 }
        }
    }

    /// A recorded session's bytes, and where its header line and its Start line end.
    private func recorded() throws -> (bytes: [UInt8], headerEnd: Int, startEnd: Int) {
        let log = MemoryLog()
        let store = Store(model: Booted(), middleware: [ActionRecorder(to: log, digestEvery: 1)])
        store.update(Booted.Tap())
        let bytes = Array(log.text.utf8)
        let newlines = bytes.indices.filter { bytes[$0] == 0x0A }
        let whole = try ActionLog(data: Data(bytes))
        XCTAssertEqual(whole.entries.first?.type, "Store.Start")
        XCTAssertEqual(whole.entries.first?.line, 2, "the Start is the line after the header")
        return (bytes, newlines[0], newlines[1])
    }

    func testALogCutInsideItsStartLineReplaysToTheStateAfterTheStart() async throws {
        let (bytes, headerEnd, startEnd) = try recorded()
        // From right after the header's newline to right before the Start line's own.
        for cut in (headerEnd + 1)..<startEnd {
            let log = try ActionLog(data: Data(bytes[..<cut]))
            XCTAssertEqual(log.entries.count, 0, "cut at \(cut)")
            let replay = try Replay.run(log, as: Booted.self)
            XCTAssertNil(replay.divergence, "cut at \(cut)")
            XCTAssertEqual(replay.store.lookup(Booted.self), Booted(started: true), "cut at \(cut)")
            XCTAssertEqual(replay.replayed, 0, "the store's own Start is not counted")
            XCTAssertEqual(replay.tornTail != nil, cut > headerEnd + 1, "cut at \(cut)")
        }
    }

    func testALogCutInsideItsStartLineReplaysAsACutAfterItDoes() async throws {
        let (bytes, _, startEnd) = try recorded()
        let afterStart = try Replay.run(try ActionLog(data: Data(bytes[...startEnd])), as: Booted.self)
        let insideStart = try Replay.run(try ActionLog(data: Data(bytes[..<(startEnd - 3)])), as: Booted.self)
        XCTAssertEqual(insideStart.store.lookup(Booted.self), afterStart.store.lookup(Booted.self))
    }

    func testAReplayerOfALogCutInsideItsStartLineEndsAfterTheStart() async throws {
        let (bytes, _, startEnd) = try recorded()
        let replayer = try Replayer(log: try ActionLog(data: Data(bytes[..<(startEnd - 3)])), as: Booted.self)
        try replayer.seek(to: 1)
        XCTAssertEqual(replayer.state, Booted(started: true))
    }
}
