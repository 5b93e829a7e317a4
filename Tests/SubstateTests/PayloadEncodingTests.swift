import Foundation
import Substate
import SubstateMiddleware
import SubstateReplay
import XCTest

/// Every kind of value an action can carry, for checking that recorded payloads decode back to
/// the action that was recorded.
struct Everything: Action, Codable, Equatable {
    enum Mood: String, Codable { case calm, loud }
    enum Shape: Codable, Equatable {
        case dot
        case circle(radius: Double)
        case box(Int, Int, label: String?)
    }
    struct Empty: Codable, Equatable {}
    struct Inner: Codable, Equatable {
        var tags: [String]
        var mood: Mood
        var secret: Redacted<String>?
    }

    var text = "quote \" backslash \\ slash / newline \n tab \t bell \u{7} émoji 🦊 and 中文"
    var empty = ""
    var int = Int.min
    var int8 = Int8.min
    var int16 = Int16.max
    var int32 = Int32.min
    var int64 = Int64.max
    var uint = UInt.max
    var uint8 = UInt8.max
    var uint16 = UInt16.max
    var uint32 = UInt32.max
    var uint64 = UInt64.max
    var zero = 0
    var double = 0.1
    var huge = 1e300
    var tiny = -Double.leastNonzeroMagnitude
    var negativeZero = -0.0
    var float: Float = 3.25
    var flag = true
    var missing: Int? = nil
    var present: Int? = 4
    var matrix = [[1, 2], [], [3]]
    var byName = ["b": 2, "a": 1]
    var byNumber = [3: "three", 1: "one"]
    var shapes: [Shape] = [.dot, .circle(radius: 2.5), .box(1, 2, label: nil), .box(3, 4, label: "lid")]
    var nothing = Empty()
    var inner = Inner(tags: ["x", ""], mood: .loud, secret: nil)
    var bytes = Data([0, 1, 2, 250, 255])
    var url = URL(string: "https://example.com/a%20b?q=1#top")!
    var date = Date(timeIntervalSinceReferenceDate: 123_456.789)
    var decimal = Decimal(string: "12345.6789")!
    var set: Set<Int> = [1]

    mutating func update(action: Action) {}
}

/// Uses `superEncoder`, as classes that inherit their coding do.
// @unchecked Sendable: immutable after init; unchecked because the base class is open.
final class Subclassed: Base, Action, @unchecked Sendable {
    let extra: String
    init(base: Int, extra: String) {
        self.extra = extra
        super.init(base: base)
    }
    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        extra = try container.decode(String.self, forKey: .extra)
        try super.init(from: container.superDecoder())
    }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(extra, forKey: .extra)
        try super.encode(to: container.superEncoder())
    }
    enum Keys: CodingKey { case extra }
}

class Base: Codable, @unchecked Sendable {  // immutable after init; not final, so Sendable must be unchecked
    let base: Int
    init(base: Int) { self.base = base }
}

/// Goes back to its outer container after finishing an inner one, then writes to the inner one
/// again: legal for `JSONEncoder`, out of order for a streaming encoder.
struct BackAndForth: Action, Codable, Equatable {
    var first = 1
    var inner = 2
    var last = 3
    enum Keys: CodingKey { case first, nested, last }
    enum NestedKeys: CodingKey { case inner }
    init() {}
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        first = try container.decode(Int.self, forKey: .first)
        last = try container.decode(Int.self, forKey: .last)
        inner = try container.nestedContainer(keyedBy: NestedKeys.self, forKey: .nested).decode(
            Int.self, forKey: .inner)
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var nested = container.nestedContainer(keyedBy: NestedKeys.self, forKey: .nested)
        try container.encode(first, forKey: .first)
        try container.encode(last, forKey: .last)
        try nested.encode(inner, forKey: .inner)
    }
}

/// Asks its encoder for a container twice, which `JSONEncoder` merges into one object.
struct TwoContainers: Action, Codable, Equatable {
    var a = "a"
    var b = "b"
    enum Keys: CodingKey { case a, b }
    init() {}
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        a = try container.decode(String.self, forKey: .a)
        b = try container.decode(String.self, forKey: .b)
    }
    func encode(to encoder: any Encoder) throws {
        var first = encoder.container(keyedBy: Keys.self)
        try first.encode(a, forKey: .a)
        var second = encoder.container(keyedBy: Keys.self)
        try second.encode(b, forKey: .b)
    }
}

/// Reports its coding path while encoding, so the path the encoder gives can be checked.
struct PathReporter: Encodable {
    let paths: Box
    final class Box: @unchecked Sendable {  // written only on the main actor, within one test
        var seen: [String] = []
    }
    func encode(to encoder: any Encoder) throws {
        paths.seen.append(
            encoder.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "."))
        var container = encoder.singleValueContainer()
        try container.encode(paths.seen.count)
    }
}

struct Paths: Action, Encodable {
    let outer: [String: [PathReporter]]
    mutating func update(action: Action) {}
}

struct NotFinite: Action, Codable {
    var value = Double.nan
}

@MainActor
final class PayloadEncodingTests: XCTestCase {
    /// Records one action and returns its payload as the log holds it.
    private func recordedPayload(_ action: any Action) throws -> Data? {
        let log = MemoryLog()
        let store = Store(model: Table(), middleware: [ActionRecorder(to: log)])
        store.update(action)
        let entries = try ActionLog(lines: log.lines).entries
        XCTAssertEqual(entries.count, 2)
        return entries.last?.payload
    }

    private func assertRoundTrip<A: Action & Codable & Equatable>(
        _ action: A, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let payload = try XCTUnwrap(try recordedPayload(action), file: file, line: line)
        XCTAssertEqual(try JSONDecoder().decode(A.self, from: payload), action, file: file, line: line)
        let recorded = try JSONSerialization.jsonObject(with: payload) as? NSDictionary
        let foundation = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(action)) as? NSDictionary
        XCTAssertEqual(recorded, foundation, "the same JSON as JSONEncoder writes", file: file, line: line)
    }

    func testEveryKindOfValueRecordsAsJSONEncoderWritesItAndDecodesBack() async throws {
        try assertRoundTrip(Everything())
    }

    func testTypesAStreamingEncoderCannotFollowAreRecordedAnyway() async throws {
        try assertRoundTrip(BackAndForth())
        try assertRoundTrip(TwoContainers())
        let payload = try XCTUnwrap(try recordedPayload(Subclassed(base: 7, extra: "more")))
        let decoded = try JSONDecoder().decode(Subclassed.self, from: payload)
        XCTAssertEqual(decoded.base, 7)
        XCTAssertEqual(decoded.extra, "more")
    }

    func testRedactedFieldsAreLeftOutAtAnyDepth() async throws {
        var action = Everything()
        action.inner.secret = Redacted(wrappedValue: "hunter2")
        let payload = try XCTUnwrap(try recordedPayload(action))
        let text = String(decoding: payload, as: UTF8.self)
        XCTAssertFalse(text.contains("hunter2"))
        XCTAssertTrue(text.contains(#""secret":{"$redacted":true}"#), text)
    }

    func testTheCodingPathNamesKeysAndIndexes() async throws {
        let box = PathReporter.Box()
        _ = try recordedPayload(Paths(outer: ["list": [PathReporter(paths: box), PathReporter(paths: box)]]))
        XCTAssertEqual(box.seen, ["outer.list.0", "outer.list.1"])
    }

    func testAValueJSONCannotHoldIsRecordedAsNotReplayable() async throws {
        let log = MemoryLog()
        let store = Store(model: Table(), middleware: [ActionRecorder(to: log)])
        store.update(NotFinite())
        store.update(Table.Bump())
        let entries = try ActionLog(lines: log.lines).entries
        XCTAssertEqual(entries.map(\.type), ["Store.Start", "NotFinite", "Table.Bump"])
        XCTAssertNil(entries[1].payload)
        XCTAssertNotNil(entries[2].payload, "the line after it is whole")
    }
}
