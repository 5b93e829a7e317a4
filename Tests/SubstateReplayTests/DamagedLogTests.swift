import Foundation
import Substate
import SubstateMiddleware
import SubstateReplay
import XCTest

/// Logs as a crash or a hand edit leaves them: cut at any byte, torn right after a `}`,
/// broken in the middle. They are read up to what is whole, and what is not is named.
@MainActor
final class DamagedLogTests: XCTestCase {
    private func recordedBytes(actions: Int = 6) -> [UInt8] {
        let log = MemoryLog()
        let store = Store(model: Gauge(), middleware: [ActionRecorder(to: log, digestEvery: 2)])
        for value in 1...actions { store.update(Gauge.read(value)) }
        store.update(Gauge.Rename(label: "é \u{2028} \"q\""))
        return Array(log.text.utf8)
    }

    func testALogCutAnywhereReadsUpToItsLastWholeLineAndSaysTheTailWasTorn() async throws {
        let bytes = recordedBytes()
        let whole = try ActionLog(data: Data(bytes))
        XCTAssertNil(whole.tornTail)
        let newlines = bytes.indices.filter { bytes[$0] == 0x0A }
        for cut in 0..<bytes.count {
            let prefix = Data(bytes[..<cut])
            // Lines whose newline is inside the prefix, and one cut right before its newline.
            let wholeLines = newlines.filter { $0 < cut }.count + (newlines.contains(cut) ? 1 : 0)
            let atBoundary = cut == 0 || bytes[cut - 1] == 0x0A || newlines.contains(cut)
            guard wholeLines >= 1 else {
                XCTAssertThrowsError(try ActionLog(data: prefix), "cut at \(cut)") {
                    XCTAssertEqual(($0 as? ActionLogError)?.line, 1, "cut at \(cut): \($0)")
                }
                continue
            }
            let log = try ActionLog(data: prefix)
            XCTAssertEqual(log.lines.count, wholeLines - 1, "cut at \(cut)")
            XCTAssertEqual(log.isTruncated, !atBoundary, "cut at \(cut)")
            if let tail = log.tornTail {
                XCTAssertTrue(tail.hasPrefix("line \(wholeLines + 1) ("), tail)
                XCTAssertTrue(tail.hasSuffix("was cut short mid-write and is left out"), tail)
            }
            // What is read is what was written: every entry as in the whole log.
            for (read, written) in zip(log.entries, whole.entries) {
                XCTAssertEqual(read.payload, written.payload, "cut at \(cut), line \(read.line)")
                XCTAssertEqual(read.type, written.type)
            }
        }
    }

    func testALineTornRightAfterAnInnerBraceIsNotTakenAsWhole() async throws {
        let text = String(decoding: recordedBytes(), as: UTF8.self)
        var lines = text.split(separator: "\n").map(String.init)
        let action = try XCTUnwrap(lines.lastIndex { $0.contains("Gauge.Read") })
        // `..."position":[6,12]}}` cut after the payload's own `}`: a prefix that ends in `}`.
        let torn = String(lines[action].dropLast())
        XCTAssertTrue(torn.hasSuffix("}"))
        lines = Array(lines[...action])
        lines[action] = torn
        let log = try ActionLog(data: Data(lines.joined(separator: "\n").utf8))
        XCTAssertTrue(log.isTruncated, "the payload's brace is not the line's")
        XCTAssertFalse(log.entries.contains { $0.line == action + 1 }, "the torn line is left out")
    }

    func testABrokenPayloadInTheMiddleIsNamedWithItsLineAndColumn() async throws {
        var lines = String(decoding: recordedBytes(), as: UTF8.self).split(separator: "\n").map(String.init)
        let index = try XCTUnwrap(lines.firstIndex { $0.contains("Gauge.Read") })
        lines[index] = lines[index].replacingOccurrences(of: #""sensor":"#, with: #""sensor":,"#)
        XCTAssertThrowsError(try ActionLog(data: Data((lines.joined(separator: "\n") + "\n").utf8))) {
            let error = $0 as? ActionLogError
            XCTAssertEqual(error?.line, index + 1)
            let column = try? XCTUnwrap(error?.column)
            XCTAssertEqual(column.map { Array(lines[index].utf8)[$0 - 1] }, UInt8(ascii: ","), "\($0)")
            XCTAssertTrue("\($0)".contains("not valid JSON: expected a value, found \",\""), "\($0)")
        }
    }

    func testAReaderGoesOnPastABadLineSoThatEveryBadLineIsNamed() async throws {
        var lines = String(decoding: recordedBytes(), as: UTF8.self).split(separator: "\n").map(String.init)
        lines[2] = "{oops"
        lines[4] = #"{"seq":3,"t":1e999,"type":"X","name":"X","origin":"app","payload":{}}"#
        let reader = try LogReader(data: Data((lines.joined(separator: "\n") + "\n").utf8))
        var errors: [String] = []
        var read = 0
        while true {
            do {
                guard try reader.next() != nil else { break }
                read += 1
            } catch {
                errors.append("\(error)")
            }
        }
        XCTAssertEqual(
            errors,
            [
                #"line 3, column 2: not valid JSON: expected a member name in quotes, found "o""#,
                #"line 5, column 14: "t" must be the seconds since the store started, not 1e999"#,
            ])
        XCTAssertEqual(read, lines.count - 3)
    }

    func testASecondSessionAppendedToAFileIsNamedNotMisread() async throws {
        let bytes = recordedBytes()
        XCTAssertThrowsError(try ActionLog(data: Data(bytes + bytes))) {
            XCTAssertTrue("\($0)".contains("a second header"), "\($0)")
        }
    }
}
