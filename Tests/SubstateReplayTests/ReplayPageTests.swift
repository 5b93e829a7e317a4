import Foundation
import Substate
import XCTest

@testable import SubstateReplay

/// A tally whose encoding hands a nested encoder to its total (`superEncoder(forKey:)`), which
/// a streaming encoder cannot follow.
struct SuperEncodedTally: Model, Codable {
    var total = 0

    struct Add: Action, Codable {
        let amount: Int
    }

    mutating func update(action: any Action) {
        if let add = action as? Add { total += add.amount }
    }

    enum CodingKeys: String, CodingKey { case total }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try total.encode(to: container.superEncoder(forKey: .total))
    }
}

@MainActor
final class ReplayPageTests: XCTestCase {
    func testAStateTheStateEncoderCannotStreamIsCheckedAndPagedAsJSONEncoderWritesIt() async throws {
        XCTAssertNil(StateEncoder().encode(SuperEncodedTally()), "the stream cannot follow it")
        let log = MemoryLog()
        let store = Store(
            model: SuperEncodedTally(), middleware: [ActionRecorder(to: log, digestEvery: 1, snapshotEvery: 2)])
        for amount in [3, 4, 5] { store.update(SuperEncodedTally.Add(amount: amount)) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("tally.jsonl")
        try log.text.write(to: file, atomically: true, encoding: .utf8)
        let page = directory.appendingPathComponent("tally.html")
        var printed: [String] = []
        XCTAssertEqual(
            ReplayCommand.run([file.path, "--inspect", page.path], as: SuperEncodedTally.self) { printed.append($0) },
            0, "\(printed)")
        let html = try String(contentsOf: page, encoding: .utf8)
        XCTAssertTrue(html.contains("Replay matched the recording: 3 actions"), html)
        XCTAssertTrue(html.contains(#""initialState":{"total":0}"#), "the first state, as JSONEncoder writes it")
        for total in [3, 7, 12] {
            XCTAssertTrue(html.contains(#"{"p":["total"],"v":\#(total)}"#), "each step's edit: total \(total)")
        }
    }
}
