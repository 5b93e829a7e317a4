import Foundation
import SubstateTestSupport
import XCTest

@testable import SubstateDump
@testable import SubstateReplay

/// The state encoder against ``CanonicalJSON`` (which is `JSONEncoder`), on random values and
/// on random sequences of changes: every encode is the same bytes as a fresh canonical encode,
/// however much of it was copied from the encode before, and the edits found between two
/// encodes turn the first document into the second.
final class StateEncoderTests: XCTestCase {
    typealias Sample = CodecDifferentialTests.Sample

    /// A state of the shapes apps keep: a list of values, values by key, a set, an optional.
    struct Shelf: Codable {
        var label: String
        var samples: [Sample]
        var byName: [String: Sample]
        var tags: Set<String>
        var pinned: Sample?
        var nested: [[Int]]
        /// Left out of every encode, as in the log.
        @Redacted var secret = "hunter2"
    }

    private var iterations: Int {
        ProcessInfo.processInfo.environment["SUBSTATE_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 120
    }

    private func canonical<T: Encodable>(_ value: T) throws -> [UInt8] { [UInt8](try CanonicalJSON.encode(value)) }

    func testRandomValuesEncodeAsJSONEncoderWithSortedKeysEncodesThem() throws {
        var random = SplitMix64(seed: 0x5EED_0038)
        for round in 0..<iterations {
            let sample = Sample.random(&random)
            let encoder = StateEncoder()
            let ours = try XCTUnwrap(encoder.encode(sample))
            XCTAssertEqual(
                String(decoding: ours, as: UTF8.self), String(decoding: try canonical(sample), as: UTF8.self),
                "round \(round)")
        }
    }

    func testEveryEncodeOfAChangingStateIsTheCanonicalOneAndItsEditsRebuildIt() throws {
        var random = SplitMix64(seed: 0x5EED_0039)
        var shelf = Shelf(label: "shelf", samples: [], byName: [:], tags: [], pinned: nil, nested: [])
        let encoder = StateEncoder()
        var previous = try XCTUnwrap(encoder.encode(shelf))
        var copiedSomething = false
        for round in 0..<iterations {
            // One to three changes, anywhere in the state.
            for _ in 0...(random.next() % 3) {
                switch random.next() % 9 {
                case 0: shelf.samples.append(Sample.random(&random))
                case 1 where !shelf.samples.isEmpty:
                    shelf.samples[Int(random.next() % UInt64(shelf.samples.count))] = Sample.random(&random)
                case 2 where !shelf.samples.isEmpty:
                    shelf.samples.remove(at: Int(random.next() % UInt64(shelf.samples.count)))
                case 3:
                    shelf.samples.insert(
                        Sample.random(&random), at: Int(random.next() % UInt64(shelf.samples.count + 1)))
                case 4: shelf.byName[randomString(&random)] = Sample.random(&random)
                case 5: shelf.tags.insert(randomString(&random))
                case 6: shelf.pinned = random.next() % 2 == 0 ? nil : Sample.random(&random)
                case 7 where !shelf.samples.isEmpty && random.next() % 2 == 0:
                    // A change in place, inside one element.
                    shelf.samples[Int(random.next() % UInt64(shelf.samples.count))].count &+= 1
                case 7 where random.next() % 2 == 0: shelf.secret = randomString(&random)
                case 7: shelf.label = randomString(&random)
                default:
                    if shelf.nested.isEmpty || random.next() % 3 == 0 { shelf.nested.append([]) }
                    shelf.nested[Int(random.next() % UInt64(shelf.nested.count))].append(randomInteger(&random))
                }
            }
            let bytes = try XCTUnwrap(encoder.encode(shelf))
            XCTAssertEqual(
                String(decoding: bytes, as: UTF8.self), String(decoding: try canonical(shelf), as: UTF8.self),
                "round \(round)")
            XCTAssertTrue(encoder.hasPrevious)
            copiedSomething = copiedSomething || encoder.current.nodes.contains { $0.reused >= 0 }
            let edits = JSONEdit.edits(from: encoder.previous, to: encoder.current)
            XCTAssertEqual(
                try apply(edits, to: previous), try JSONDecoder().decode(JSONValue.self, from: Data(bytes)),
                "round \(round): \(edits.count) edits")
            previous = bytes
        }
        XCTAssertTrue(copiedSomething, "unchanged values are copied, not encoded again")
    }

    /// A value made while encoding (`map`) is not part of the state: its buffer is freed after
    /// the encode, and the next one may get the same address with other contents.
    struct Derived: Codable {
        var numbers: [Int]
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(numbers.map { [$0, $0 * 2] }, forKey: .numbers)
        }
    }

    /// A class instance changes while the reference to it stays the same.
    final class Counter: Codable, @unchecked Sendable {  // Sendable only to sit in test values.
        var value = 0
    }
    struct Holder: Codable {
        var counter: Counter
        var name: String
    }

    func testValuesMadeWhileEncodingAndClassInstancesAreEncodedAgain() throws {
        let encoder = StateEncoder()
        var derived = Derived(numbers: [1, 2, 3])
        for value in 4..<40 {
            derived.numbers[derived.numbers.count - 1] = value
            XCTAssertEqual(try XCTUnwrap(encoder.encode(derived)), try canonical(derived))
        }
        let holders = StateEncoder()
        let holder = Holder(counter: Counter(), name: "n")
        for value in 1..<5 {
            holder.counter.value = value
            XCTAssertEqual(
                String(decoding: try XCTUnwrap(holders.encode([holder])), as: UTF8.self),
                #"[{"counter":{"value":\#(value)},"name":"n"}]"#)
        }
    }

    func testATypeTheStreamCannotFollowIsLeftToTheCaller() throws {
        struct Twice: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: JSONValue.AnyKey.self)
                try container.encode(1, forKey: JSONValue.AnyKey(stringValue: "a"))
                try container.encode(2, forKey: JSONValue.AnyKey(stringValue: "a"))
            }
        }
        let encoder = StateEncoder()
        XCTAssertNotNil(encoder.encode([1]))
        XCTAssertNil(encoder.encode(Twice()))
        XCTAssertFalse(encoder.hasPrevious)
        XCTAssertEqual(encoder.encode([2]), Array("[2]".utf8))
        XCTAssertFalse(encoder.hasPrevious, "the encode before it failed")
    }

    /// Applies edits as the session page does.
    private func apply(_ edits: [JSONEdit], to document: [UInt8]) throws -> JSONValue {
        var state = try JSONDecoder().decode(JSONValue.self, from: Data(document))
        for edit in edits {
            let value = try edit.value.map { try JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) }
            Self.apply(edit, value, at: 0, in: &state)
        }
        return state
    }

    private static func apply(_ edit: JSONEdit, _ value: JSONValue?, at depth: Int, in state: inout JSONValue) {
        if depth == edit.path.count {
            state = value ?? .null
            return
        }
        let last = depth == edit.path.count - 1
        switch (edit.path[depth], state) {
        case (.name(let key), .object(var members)):
            if last, value == nil {
                members[key] = nil
            } else {
                var member = members[key] ?? .null
                apply(edit, value, at: depth + 1, in: &member)
                members[key] = member
            }
            state = .object(members)
        case (.index(let index), .array(var elements)):
            if last, value == nil {
                elements.remove(at: index)
            } else if last, edit.inserts, let value {
                elements.insert(value, at: index)
            } else {
                apply(edit, value, at: depth + 1, in: &elements[index])
            }
            state = .array(elements)
        default:
            XCTFail("the edit's path \(edit.path) does not lead into the state")
        }
    }
}

extension StateEncoderTests {
    struct Row: Codable, Equatable {
        var id: Int
        var title: String
        var done: Bool
    }

    func testAnArrayWithOneChangedElementEncodesThatElementAlone() throws {
        var rows = (0..<1_000).map { Row(id: $0, title: "row \($0)", done: false) }
        let encoder = StateEncoder()
        XCTAssertNotNil(encoder.encode(rows))
        rows[500].done = true
        let bytes = try XCTUnwrap(encoder.encode(rows))
        XCTAssertEqual(bytes, try canonical(rows))
        let nodes = encoder.current.nodes
        // The array and its 1,000 rows; 999 rows copied from the encode before.
        XCTAssertEqual(nodes.count, 1_001)
        XCTAssertEqual(nodes.filter { $0.reused >= 0 }.count, 999)
        XCTAssertEqual(nodes[501].reused, -1, "the changed row was encoded")
        let edits = JSONEdit.edits(from: encoder.previous, to: encoder.current)
        XCTAssertEqual(edits, [JSONEdit(path: [.index(500), .name("done")], value: "true")])
    }
}
