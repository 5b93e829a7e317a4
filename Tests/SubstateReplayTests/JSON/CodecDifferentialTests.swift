import Foundation
import SubstateTestSupport
import XCTest

@testable import SubstateDump
@testable import SubstateReplay

/// The log's codec against Foundation's, on random input: whatever the log's encoder writes
/// reads back with `JSONDecoder` as what `JSONEncoder` writes does, and the log's decoder reads
/// every document as `JSONDecoder` reads it, or refuses it where `JSONDecoder` refuses it.
///
/// The seed is fixed; `SUBSTATE_FUZZ_ITERATIONS=100000 swift test --filter CodecDifferential`
/// runs longer, and `SUBSTATE_FUZZ_SEED` picks another sequence.
final class CodecDifferentialTests: XCTestCase {
    struct Sample: Codable, Equatable {
        enum Shape: Codable, Equatable {
            case none
            case circle(radius: Double)
            case labelled(String, count: Int8)
        }
        var name: String
        var count: Int
        var small: Int8
        var unsigned: UInt64
        var wide: Int128
        var wideUnsigned: UInt128
        var ratio: Float
        var value: Double
        var flag: Bool?
        var tags: [String]
        var scores: [String: Int]
        var byNumber: [Int: String]
        var shape: Shape
        var bytes: Data
        var when: Date
        var any: JSONValue

        static func random(_ random: inout SplitMix64) -> Sample {
            let shapes: [Shape] = [
                .none, .circle(radius: randomDouble(&random)),
                .labelled(randomString(&random), count: Int8(truncatingIfNeeded: random.next())),
            ]
            var scores: [String: Int] = [:]
            for _ in 0..<Int(random.next() % 4) { scores[randomString(&random)] = randomInteger(&random) }
            var byNumber: [Int: String] = [:]
            for _ in 0..<Int(random.next() % 3) { byNumber[randomInteger(&random)] = randomString(&random) }
            let float = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
            return Sample(
                name: randomString(&random), count: randomInteger(&random),
                small: Int8(truncatingIfNeeded: random.next()), unsigned: random.next(),
                wide: (Int128(Int64(truncatingIfNeeded: random.next())) << 64 | Int128(random.next()))
                    >> (random.next() % 128),
                wideUnsigned: (UInt128(random.next()) << 64 | UInt128(random.next())) >> (random.next() % 128),
                ratio: float.isFinite ? float : 0.25, value: randomDouble(&random),
                flag: [nil, true, false][Int(random.next() % 3)],
                tags: (0..<Int(random.next() % 3)).map { _ in randomString(&random) }, scores: scores,
                byNumber: byNumber, shape: shapes[Int(random.next() % 3)],
                bytes: Data((0..<Int(random.next() % 5)).map { _ in UInt8(truncatingIfNeeded: random.next()) }),
                when: Date(timeIntervalSinceReferenceDate: Double(Int(random.next() % 1_000_000_000)) / 7),
                any: JSONValue.random(&random))
        }
    }

    private var iterations: Int {
        ProcessInfo.processInfo.environment["SUBSTATE_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 400
    }

    private var seed: UInt64 {
        ProcessInfo.processInfo.environment["SUBSTATE_FUZZ_SEED"].flatMap(UInt64.init) ?? 0x5EED_0016
    }

    private func encodedByLogEncoder<T: Encodable>(_ value: T) throws -> Data {
        let encoder = LogEncoder()
        try encoder.encode(value)
        return Data(encoder.bytes)
    }

    func testRandomValuesEncodeAsJSONEncoderEncodesThem() throws {
        var random = SplitMix64(seed: seed)
        for round in 0..<iterations {
            let sample = Sample.random(&random)
            let ours = try encodedByLogEncoder(sample)
            let foundation = try JSONEncoder().encode(sample)
            let context = "round \(round): \(String(decoding: ours, as: UTF8.self))"
            XCTAssertEqual(try JSONDecoder().decode(Sample.self, from: ours), sample, context)
            XCTAssertEqual(
                try JSONDecoder().decode(JSONValue.self, from: ours),
                try JSONDecoder().decode(JSONValue.self, from: foundation), "the same document: \(context)")
            XCTAssertEqual(try LogDecoder.decode(Sample.self, from: ours), sample, context)
            XCTAssertEqual(try LogDecoder.decode(Sample.self, from: foundation), sample, context)
        }
    }

    /// Numbers spelled every way JSON allows, and some it does not, read as every number type.
    ///
    /// Floating-point numbers read as `JSONDecoder` reads them. Integers are read exactly:
    /// where the text is a whole number that fits, both decoders give it; where it is not,
    /// the log's decoder refuses it, while `JSONDecoder` sometimes rounds through a `Double`
    /// (`9007199254740993.587` as 9007199254740993, `1e-385` as 0), which a replay must not.
    func testRandomNumbersDecodeAsJSONDecoderDecodesThem() {
        var random = SplitMix64(seed: seed &+ 1)
        for _ in 0..<(iterations * 10) {
            let text = randomNumberText(&random)
            assertExact(Int.self, text)
            assertExact(Int8.self, text)
            assertExact(UInt8.self, text)
            assertExact(Int64.self, text)
            assertExact(UInt64.self, text)
            assertAgreesOnWide(Int128.self, text)
            assertAgreesOnWide(UInt128.self, text)
            assertAgreesOnFloat(Double.self, text)
            assertAgreesOnFloat(Float.self, text)
        }
    }

    /// Valid payloads with random damage: inserted, deleted, changed and repeated bytes, and
    /// cuts. Whatever the log's decoder reads, `JSONDecoder` reads alike; whatever
    /// `JSONDecoder` refuses, it refuses. It is stricter in two ways, on purpose: a trailing
    /// comma (`[1,]`, which `JSONDecoder` lets through) is not JSON, and an integer must be
    /// written exactly (`JSONDecoder` reads `-6.3` as the `Int` -6).
    func testDamagedDocumentsAreReadAlikeOrRefused() throws {
        var random = SplitMix64(seed: seed &+ 2)
        var refused = 0
        for _ in 0..<iterations {
            let sample = Sample.random(&random)
            var bytes = Array(try JSONEncoder().encode(sample))
            for _ in 0...Int(random.next() % 3) { mutate(&bytes, &random) }
            let data = Data(bytes)
            let text = String(decoding: bytes, as: UTF8.self)
            assertAgreesOrIsStricter(JSONValue.self, data, text)
            assertAgreesOrIsStricter(Sample.self, data, text)
            if (try? LogDecoder.decode(JSONValue.self, from: data)) == nil { refused += 1 }
        }
        XCTAssertGreaterThan(refused, iterations / 4, "the damage makes invalid documents too")
    }

    private func assertAgreesOrIsStricter<T: Decodable & Equatable>(
        _ type: T.Type, _ data: Data, _ text: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let foundation = outcome { try JSONDecoder().decode(T.self, from: data) }
        do {
            let ours = try LogDecoder.decode(T.self, from: data)
            // JSONDecoder refuses a zero with an unsigned lowercase exponent (`0e1`, valid JSON,
            // RFC 8259 section 6) though it reads `-0e1` and `0E+2`: there the log's decoder is right.
            let zeroExponent = text.range(of: #"(?<![0-9.\-])0e[0-9]"#, options: .regularExpression) != nil
            if case .error = foundation, zeroExponent { return }
            XCTAssertEqual(.value(ours), foundation, text, file: file, line: line)
        } catch {
            guard case .value = foundation else { return }
            let message = "\(error)"
            let trailingComma =
                text.replacingOccurrences(of: " ", with: "").contains(",}")
                || text.replacingOccurrences(of: " ", with: "").contains(",]")
            let stricter =
                (trailingComma && message.contains("not valid JSON"))
                || message.contains("is not representable as") || message.contains("does not fit in")
            XCTAssertTrue(stricter, "only JSONDecoder reads \(text): \(message)", file: file, line: line)
        }
    }

    /// The cases a log must never get wrong, each seen misread before.
    func testTheKnownHardCases() throws {
        // A key written twice: JSONEncoder keeps the last value in the first place, and merges
        // nested containers; the streaming encoder refuses, for the recorder to use JSONEncoder.
        XCTAssertThrowsError(try encodedByLogEncoder(TwiceWritten()))
        XCTAssertThrowsError(try encodedByLogEncoder(TwiceNested()))
        XCTAssertEqual(try LogDecoder.decode([String: Int].self, from: Data(#"{"a":1,"a":2}"#.utf8)), ["a": 1])
        // Integers never go through a Double.
        XCTAssertEqual(try LogDecoder.decode(Int.self, from: Data("9007199254740993.0".utf8)), 9_007_199_254_740_993)
        XCTAssertEqual(try LogDecoder.decode(Int.self, from: Data("9.007199254740993e15".utf8)), 9_007_199_254_740_993)
        XCTAssertEqual(try LogDecoder.decode(Int64.self, from: Data("-9223372036854775808".utf8)), Int64.min)
        XCTAssertThrowsError(try LogDecoder.decode(Int.self, from: Data("9223372036854775808".utf8)))
        XCTAssertThrowsError(try LogDecoder.decode(Int.self, from: Data("1.5".utf8)))
        // Out of range is an error, not zero or infinity.
        XCTAssertThrowsError(try LogDecoder.decode(Double.self, from: Data("1e-400".utf8)))
        XCTAssertThrowsError(try LogDecoder.decode(Double.self, from: Data("1e400".utf8)))
        XCTAssertThrowsError(try LogDecoder.decode(Float.self, from: Data("1e39".utf8)))
        XCTAssertEqual(try LogDecoder.decode(Double.self, from: Data("0e-400".utf8)), 0)
        XCTAssertEqual(try LogDecoder.decode(Double.self, from: Data("5e-324".utf8)), .leastNonzeroMagnitude)
        // Invalid UTF-8 is an error with its place, not a replacement character.
        XCTAssertThrowsError(try LogDecoder.decode(String.self, from: Data([0x22, 0x61, 0xFF, 0x22]))) {
            XCTAssertTrue("\($0)".contains("not valid UTF-8 (byte 0xFF) at byte 3"), "\($0)")
        }
        // A large object decodes (in linear time: substate-bench measures it).
        let large = Dictionary(uniqueKeysWithValues: (0..<20_000).map { ("k\($0)", $0) })
        XCTAssertEqual(try LogDecoder.decode([String: Int].self, from: try JSONEncoder().encode(large)), large)
    }

    // MARK: Helpers

    private struct TwiceWritten: Encodable {
        enum Keys: String, CodingKey { case a, b }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .a)
            try container.encode(2, forKey: .b)
            try container.encode(3, forKey: .a)
        }
    }

    private struct TwiceNested: Encodable {
        enum Keys: String, CodingKey { case a, b }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var first = container.nestedContainer(keyedBy: Keys.self, forKey: .a)
            try first.encode(5, forKey: .b)
            var second = container.nestedContainer(keyedBy: Keys.self, forKey: .a)
            try second.encode(6, forKey: .a)
        }
    }

    enum Outcome<Value: Equatable>: Equatable {
        case value(Value)
        case error
    }

    private func outcome<T: Equatable>(_ decode: () throws -> T) -> Outcome<T> {
        (try? decode()).map(Outcome.value) ?? .error
    }

    private func assertAgrees<T: Decodable & Equatable>(
        _ type: T.Type, _ text: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let data = Data(text.utf8)
        let ours = outcome { try LogDecoder.decode(T.self, from: data) }
        let foundation = outcome { try JSONDecoder().decode(T.self, from: data) }
        XCTAssertEqual(ours, foundation, "\(text) as \(T.self)", file: file, line: line)
    }

    /// Both decoders read `text` as the same floating-point number, or both refuse it; except
    /// that `JSONDecoder` refuses a zero with an exponent (`0e5`), which is zero.
    private func assertAgreesOnFloat<T: BinaryFloatingPoint & Decodable>(
        _ type: T.Type, _ text: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let data = Data(text.utf8)
        let ours = outcome { try LogDecoder.decode(T.self, from: data) }
        let foundation = outcome { try JSONDecoder().decode(T.self, from: data) }
        if case .value(let value) = ours, foundation == .error, value == 0,
            text.split(whereSeparator: { $0 == "e" || $0 == "E" })[0].allSatisfy({ "-0.".contains($0) })
        {
            return
        }
        XCTAssertEqual(ours, foundation, "\(text) as \(T.self)", file: file, line: line)
    }

    /// The log's decoder reads `text` as an integer exactly when it is one that fits; when
    /// `JSONDecoder` reads that same whole number, it agrees.
    /// 128-bit integers read as `JSONDecoder` reads them: any run of digits that fits, and a
    /// number with a fraction or an exponent when it is whole and fits in 64 bits.
    private func assertAgreesOnWide<T: FixedWidthInteger & Decodable>(
        _ type: T.Type, _ text: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let data = Data(text.utf8)
        let ours = outcome { try LogDecoder.decode(T.self, from: data) }
        let foundation = outcome { try JSONDecoder().decode(T.self, from: data) }
        // JSONDecoder refuses `0e1` (valid JSON), as the damaged-documents test notes.
        if case .error = foundation, text.range(of: #"^-?0e[0-9]"#, options: .regularExpression) != nil { return }
        // It rounds a fraction of a whole number's neighbour through a Double (`1.0000000000000001`
        // as 1); the log's decoder reads integers exactly and refuses it.
        if case .error = ours, case .value = foundation, exactInteger(text, as: T.self) == nil { return }
        XCTAssertEqual(ours, foundation, "\(text) as \(T.self)", file: file, line: line)
    }

    private func assertExact<T: FixedWidthInteger & Decodable>(
        _ type: T.Type, _ text: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let data = Data(text.utf8)
        let ours = outcome { try LogDecoder.decode(T.self, from: data) }
        let expected = exactInteger(text, as: T.self).map(Outcome.value) ?? .error
        XCTAssertEqual(ours, expected, "\(text) as \(T.self)", file: file, line: line)
        if case .value = expected, case .value(let theirs) = outcome({ try JSONDecoder().decode(T.self, from: data) }) {
            XCTAssertEqual(ours, .value(theirs), "both read \(text) as \(T.self)", file: file, line: line)
        }
    }

    /// The integer a JSON number's text denotes, worked out from its digits alone; `nil` when
    /// the text is not JSON, not whole, or out of the type's range.
    private func exactInteger<T: FixedWidthInteger>(_ text: String, as type: T.Type) -> T? {
        guard case .success = JSONSyntax.check(Array(text.utf8)) else { return nil }
        var body = Substring(text)
        let negative = body.first == "-"
        if negative { body = body.dropFirst() }
        let parts = body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "e" || $0 == "E" })
        var exponent = parts.count > 1 ? Int(parts[1].hasPrefix("+") ? parts[1].dropFirst() : parts[1]) ?? 0 : 0
        let mantissa = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        var digits = String(mantissa[0]) + (mantissa.count > 1 ? String(mantissa[1]) : "")
        exponent -= mantissa.count > 1 ? mantissa[1].count : 0
        while digits.hasPrefix("0") { digits.removeFirst() }
        if digits.isEmpty { return 0 }
        while digits.hasSuffix("0") {
            digits.removeLast()
            exponent += 1
        }
        guard exponent >= 0, digits.count + exponent <= 40 else { return nil }
        return T((negative ? "-" : "") + digits + String(repeating: "0", count: exponent))
    }

    private func randomNumberText(_ random: inout SplitMix64) -> String {
        var text = random.next() % 3 == 0 ? "-" : ""
        let digits = { (count: Int, random: inout SplitMix64) -> String in
            String((0..<count).map { _ in Character(String(random.next() % 10)) })
        }
        switch random.next() % 5 {
        case 0: text += "0"
        case 1: text += String(random.next() % 9 + 1) + digits(Int(random.next() % 25), &random)
        case 2:
            text +=
                ["9007199254740993", "18446744073709551615", "9223372036854775808", "255", "256"][
                    Int(random.next() % 5)]
        case 3: text += "0" + digits(Int(random.next() % 3), &random)  // leading zeros: not JSON
        default: text += String(random.next() % 9 + 1)
        }
        if random.next() % 2 == 0 {
            text += "." + digits(Int(random.next() % 20) + (random.next() % 8 == 0 ? 0 : 1), &random)
        }
        if random.next() % 2 == 0 {
            text += ["e", "E"][Int(random.next() % 2)] + ["", "+", "-"][Int(random.next() % 3)]
            text += [String(random.next() % 30), String(random.next() % 400), "0", "00"][Int(random.next() % 4)]
        }
        return text
    }

    private func mutate(_ bytes: inout [UInt8], _ random: inout SplitMix64) {
        guard !bytes.isEmpty else { return }
        let at = Int(random.next() % UInt64(bytes.count))
        let noise: [UInt8] = [0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x30, 0x2E, 0x65, 0x2D, 0xFF, 0xC3, 0x00]
        switch random.next() % 5 {
        case 0: bytes.remove(at: at)
        case 1: bytes.insert(noise[Int(random.next() % UInt64(noise.count))], at: at)
        case 2: bytes[at] = noise[Int(random.next() % UInt64(noise.count))]
        case 3: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 6)], at: at)
        default: bytes.removeSubrange(at...)
        }
    }
}
