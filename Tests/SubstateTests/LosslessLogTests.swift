import Foundation
import Substate
import SubstateMiddleware
import SubstateReplay
import XCTest

/// A point used as a dictionary key: not a string nor an integer, so a dictionary keyed by it
/// encodes as a list of pairs.
struct GridPoint: Codable, Hashable, Sendable {
    var x: Int
    var y: Int
}

/// A state with every value a re-serialising reader would change, and with hash-ordered
/// collections.
struct Ledger: Model, Codable, Equatable {
    var note = "\u{FEFF}starts with a byte order mark"
    var balance = -0.0
    var big: Int64 = 9_007_199_254_740_993
    var tags: Set<String> = []
    var cells: [GridPoint: Int] = [:]
    var names: [String: Int] = [:]

    struct Tag: Action, Codable { let name: String }
    struct Mark: Action, Codable { let x: Int, y: Int }
    mutating func update(action: Action) {
        if let tag = action as? Tag { tags.insert(tag.name) }
        if let mark = action as? Mark { cells[GridPoint(x: mark.x, y: mark.y), default: 0] += 1 }
    }
}

/// A state of 128-bit integers, which the log's codec writes with all their digits.
struct WideLedger: Model, Codable, Equatable {
    var total: Int128 = 0
    var unsigned: UInt128 = 0
    struct Add: Action, Codable {
        let amount: Int128
        let unsigned: UInt128
    }
    mutating func update(action: Action) {
        if let add = action as? Add {
            total += add.amount
            unsigned = add.unsigned
        }
    }
}

/// What the log holds is read back exactly as it was written.
@MainActor
final class LosslessLogTests: XCTestCase {
    func testSnapshotsAndStoreActionsReplayByteForByte() async throws {
        let log = MemoryLog()
        let store = Store(model: Ledger(), middleware: [ActionRecorder(to: log, digestEvery: 1, snapshotEvery: 1)])
        store.update(Ledger.Tag(name: "a"))
        var replaced = Ledger()
        replaced.note = "\u{FEFF}\u{FEFF}two marks"
        replaced.balance = -0.0
        replaced.big = Int64.max
        store.update(Store.Replace(model: replaced))
        let parsed = try ActionLog(lines: log.lines)
        let replay = try Replay.run(parsed, as: Ledger.self)
        XCTAssertNil(replay.divergence, "\(replay.divergence.map { "\($0)" } ?? "")")
        let state = try XCTUnwrap(replay.store.find(Ledger.self))
        XCTAssertEqual(state.note, "\u{FEFF}\u{FEFF}two marks", "the leading U+FEFF survives")
        XCTAssertEqual(state.balance.sign, .minus, "-0.0 stays negative")
        XCTAssertEqual(state.big, Int64.max)
        let snapshots = parsed.lines.compactMap { line -> Data? in
            if case .snapshot(_, let state, _) = line { state } else { nil }
        }
        XCTAssertEqual(snapshots.count, log.lines.filter { $0.contains("\"snapshot\":") }.count)
        for snapshot in snapshots {
            let text = String(decoding: snapshot, as: UTF8.self)
            XCTAssertTrue(log.lines.contains { $0.contains(text) }, "the snapshot's bytes are the recorded ones")
        }
    }

    func testActionsWith128BitIntegersReplay() async throws {
        let log = MemoryLog()
        let store = Store(model: WideLedger(), middleware: [ActionRecorder(to: log, digestEvery: 1, snapshotEvery: 1)])
        store.update(WideLedger.Add(amount: Int128.min + 1, unsigned: UInt128.max))
        store.update(WideLedger.Add(amount: -1, unsigned: 1 << 100))
        let replay = try Replay.run(try ActionLog(lines: log.lines), as: WideLedger.self)
        XCTAssertNil(replay.divergence, "\(replay.divergence.map { "\($0)" } ?? "")")
        XCTAssertEqual(replay.replayed, 2)
        XCTAssertEqual(replay.store.find(WideLedger.self), store.find(WideLedger.self))
        XCTAssertTrue(log.text.contains("340282366920938463463374607431768211455"), "written as all its digits")
    }

    func testSetsAndOtherKeyedDictionariesEncodeTheSameWhateverTheirHashOrder() async throws {
        var first = Ledger()
        var second = Ledger()
        let words = (0..<200).map { "word \($0)" }
        for word in words { first.tags.insert(word) }
        second.tags.reserveCapacity(4_096)
        for word in words.reversed() { second.tags.insert(word) }
        for index in 0..<100 { first.cells[GridPoint(x: index, y: -index)] = index }
        second.cells.reserveCapacity(2_048)
        for index in (0..<100).reversed() { second.cells[GridPoint(x: index, y: -index)] = index }
        XCTAssertEqual(first, second)
        XCTAssertNotEqual(Array(first.tags), Array(second.tags), "the two sets iterate in different orders")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        XCTAssertNotEqual(try encoder.encode(first), try encoder.encode(second), "JSONEncoder follows hash order")

        let log = MemoryLog()
        for ledger in [first, second] {
            _ = Store(model: ledger, middleware: [ActionRecorder(to: log)])
        }
        let headers = log.lines.filter { $0.contains("\"format\"") }
        XCTAssertEqual(headers.count, 2)
        XCTAssertEqual(headers[0], headers[1], "the recorded states are the same bytes")
        let decoded = try JSONDecoder().decode(
            Ledger.self,
            from: try XCTUnwrap(try ActionLog(lines: [headers[0]]).header.initialState))
        XCTAssertEqual(decoded, first, "and decode with JSONDecoder to the same value")
    }

    func testLinesThatAreNotExactlyJSONAreRefusedWithTheirLine() async throws {
        let log = MemoryLog()
        let store = Store(model: Ledger(), middleware: [ActionRecorder(to: log, digestEvery: 1)])
        store.update(Ledger.Tag(name: "a"))
        let header = log.lines[0]
        let cases: [(String, String)] = [
            (#"{"seq":1,"seq":2,"digest":"00"}"#, #"line 2, column 16: the member "seq" appears twice"#),
            (
                #"{"seq":1,"digest":"00",}"#,
                #"line 2, column 24: not valid JSON: expected a member name in quotes, found "}""#
            ),
            (
                #"{"seq":1,"snapshot":{"a":1,}}"#,
                #"line 2, column 28: not valid JSON: expected a member name in quotes, found "}""#
            ),
            (#"{"seq":1,"digest":"00"} x"#, #"line 2, column 25: not valid JSON: unexpected text after the value"#),
            (#"{"seq":1,"digest":"\u12"}"#, #"line 2, column 20: not valid JSON: \u needs four hex digits"#),
            (
                #"{"seq":1,"digest":"\ud800"}"#,
                #"line 2, column 20: not valid JSON: a high surrogate \uD800 without its low half"#
            ),
            (#"{"seq":01,"digest":"00"}"#, #"line 2, column 9: not valid JSON: a number cannot have a leading zero"#),
            (#"{"seq":-1,"digest":"00"}"#, #"line 2, column 8: "seq" must be a whole number from 0, not -1"#),
            (#"{"seq":1,"digest":7}"#, #"line 2, column 19: "digest" must be a string, not 7"#),
        ]
        for (line, message) in cases {
            XCTAssertThrowsError(try ActionLog(lines: [header, line, log.lines[1]]), line) {
                XCTAssertEqual("\($0)", message)
            }
        }
        var bytes = Array((header + "\n").utf8)
        bytes += Array(#"{"seq":1,"digest":""#.utf8) + [0xC3, 0x28] + Array("\"}\n".utf8)
        XCTAssertThrowsError(try ActionLog(data: Data(bytes))) {
            XCTAssertEqual("\($0)", "line 2, column 20: not valid UTF-8 (byte 0xC3)")
        }
    }
}
