import Foundation
import XCTest

@testable import SubstateDump
@testable import SubstateReplay

/// The payload decoder against `JSONDecoder`: on every document, both give the same value or
/// both fail with the same kind of error.
final class LogDecoderTests: XCTestCase {
    struct Point: Codable, Equatable {
        var x: Int
        var y: Double
        var label: String?
    }

    enum Kind: Codable, Equatable {
        case none
        case some(Int, name: String)
    }

    struct Nested: Codable, Equatable {
        var points: [Point]
        var byName: [String: Int]
        var byNumber: [Int: Bool]
        var kinds: [Kind]
        var bytes: Data
        var link: URL
        var amount: Decimal
        var when: Date
        var small: Int8
        var big: UInt64
        var ratio: Float
    }

    enum Outcome<Value: Equatable>: Equatable {
        case value(Value)
        case error(String)
    }

    private func outcome<T: Decodable & Equatable>(_ decode: () throws -> T) -> Outcome<T> {
        do {
            return .value(try decode())
        } catch let error as DecodingError {
            switch error {
            case .typeMismatch: return .error("typeMismatch")
            case .valueNotFound: return .error("valueNotFound")
            case .keyNotFound: return .error("keyNotFound")
            case .dataCorrupted: return .error("dataCorrupted")
            @unknown default: return .error("unknown")
            }
        } catch {
            return .error("\(error)")
        }
    }

    private func assertAgrees<T: Decodable & Equatable>(
        _ type: T.Type, _ json: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let data = Data(json.utf8)
        let ours = outcome { try LogDecoder.decode(T.self, from: data) }
        let foundation = outcome { try JSONDecoder().decode(T.self, from: data) }
        XCTAssertEqual(ours, foundation, json, file: file, line: line)
    }

    func testValuesDecodeAsJSONDecoderDecodesThem() {
        assertAgrees(Point.self, #"{"x":1,"y":2.5,"label":"a"}"#)
        assertAgrees(Point.self, #"  { "label" : null , "y" : -0.0 , "x" : -9223372036854775808 }  "#)
        assertAgrees(Point.self, #"{"x":3,"y":1e2}"#)
        assertAgrees(Point.self, #"{"x":1.0,"y":0}"#)
        assertAgrees(Point.self, #"{"x":1e3,"y":0}"#)
        assertAgrees(
            Point.self, #"{"x":1,"y":2,"label":"tab\t quote\" slash\/ \u00e9 \ud83e\udd8a back\\ \b\f\n\r"}"#)
        assertAgrees(Point.self, #"{"x":1,"y":2,"label":"✓ raw ünïcode"}"#)
        assertAgrees([Kind].self, #"[{"none":{}},{"some":{"_0":4,"name":"four"}}]"#)
        assertAgrees([[Int]].self, #"[[1,2],[],[3]]"#)
        assertAgrees([Int?].self, #"[1,null,3]"#)
        assertAgrees([String: [Int]].self, #"{"b":[2],"a":[1]}"#)
        let nested = Nested(
            points: [Point(x: 1, y: 2, label: nil)], byName: ["a": 1], byNumber: [3: true],
            kinds: [.none, .some(2, name: "two")], bytes: Data([0, 255, 7]), link: URL(string: "https://a.b/c?d=e")!,
            amount: Decimal(string: "3.14159")!, when: Date(timeIntervalSinceReferenceDate: 1.5), small: -128,
            big: .max, ratio: 0.1)
        assertAgrees(Nested.self, String(decoding: try! JSONEncoder().encode(nested), as: UTF8.self))
    }

    func testErrorsAreOfTheKindsJSONDecoderThrows() {
        assertAgrees(Point.self, #"{"y":2}"#)  // keyNotFound
        assertAgrees(Point.self, #"{"x":"1","y":2}"#)  // typeMismatch
        assertAgrees(Point.self, #"{"x":null,"y":2}"#)  // valueNotFound
        assertAgrees(Point.self, #"{"x":1.5,"y":2}"#)  // not a whole number
        assertAgrees(Point.self, #"{"x":99999999999999999999,"y":2}"#)  // too big
        assertAgrees([Int8].self, #"[127,128]"#)
        assertAgrees(Float.self, #"1e39"#)
        assertAgrees([Int].self, #"[1,2"#)  // cut short
        assertAgrees([Int].self, #"[1,2] x"#)  // trailing bytes
        assertAgrees(Point.self, #"{"x":01,"y":2}"#)  // leading zero
        assertAgrees(Point.self, #"{"x":1,"y":2,"label":"bad \q escape"}"#)
        assertAgrees(Data.self, #""not base64!""#)
        assertAgrees(String.self, #""lone high \ud83e surrogate""#)
        assertAgrees(String.self, #""lone low \udd8a surrogate""#)
        assertAgrees(String.self, #""reversed \udd8a\ud83e pair""#)
        assertAgrees(Point.self, #"[1,2]"#)
    }

    func testAnUnkeyedContainerStaysOnAnElementThatFailedToDecode() throws {
        struct Lenient: Decodable, Equatable {
            var numbers: [Int] = []
            var skipped = 0
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                while !container.isAtEnd {
                    if let number = try? container.decode(Int.self) {
                        numbers.append(number)
                    } else {
                        _ = try container.decode(String.self)
                        skipped += 1
                    }
                }
            }
        }
        let json = Data(#"[1,"two",3]"#.utf8)
        XCTAssertEqual(
            try LogDecoder.decode(Lenient.self, from: json), try JSONDecoder().decode(Lenient.self, from: json))
        XCTAssertEqual(try LogDecoder.decode(Lenient.self, from: json).skipped, 1)
    }

    func testRedactedFieldsTakeTheirSubstitutes() throws {
        struct SignIn: Codable, Equatable {
            var user: String
            @Redacted var password: String
            static func == (a: SignIn, b: SignIn) -> Bool { a.user == b.user && a.password == b.password }
        }
        let json = Data(#"{"user":"ada","password":{"$redacted":true}}"#.utf8)
        XCTAssertThrowsError(try LogDecoder.decode(SignIn.self, from: json)) { XCTAssertTrue($0 is RedactedValueError) }
        let substitutes = RedactionSubstitutes().with("stand-in")
        let decoded = try LogDecoder.decode(
            SignIn.self, from: json, userInfo: [RedactionContext.substitutes: substitutes])
        XCTAssertEqual(decoded.password, "stand-in")
        XCTAssertEqual(
            try LogDecoder.decode(SignIn.self, from: Data(#"{"user":"ada","password":"plain"}"#.utf8)).password,
            "plain")
    }
}
