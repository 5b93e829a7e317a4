import Foundation
import TodosFeature
import XCTest

/// The demo keeps the newest session logs and removes older ones, nothing else.
final class KeptSessionsTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kept-sessions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func touch(_ name: String) throws {
        try Data("{}\n".utf8).write(to: folder.appendingPathComponent(name))
    }

    private var names: Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    }

    func testTheNewestTwentySessionLogsAreKeptAndOlderOnesRemoved() throws {
        // Stamps of different lengths: the order is by number, not by name.
        let stamps = (1...25).map { 900 + $0 * 50 }
        for stamp in stamps.shuffled() { try touch("session-\(stamp).jsonl") }
        KeptSessions.prune(folder)
        let kept = Set(stamps.suffix(KeptSessions.limit).map { "session-\($0).jsonl" })
        XCTAssertEqual(KeptSessions.limit, 20)
        XCTAssertEqual(names, kept)
    }

    func testOtherFilesAndFewerSessionsAreLeftAlone() throws {
        for name in ["notes.txt", "session-latest.jsonl", "session-12.json", "replay.html"] { try touch(name) }
        for stamp in 1...3 { try touch("session-\(stamp).jsonl") }
        let before = names
        KeptSessions.prune(folder)
        XCTAssertEqual(names, before)
    }

    func testAMissingFolderIsNotAnError() {
        KeptSessions.prune(folder.appendingPathComponent("absent"))
        XCTAssertTrue(names.isEmpty)
    }
}
