import Foundation
import SubstateTestSupport

/// Any JSON value, decodable from any document, so that two decoders' readings of the same
/// bytes can be compared.
indirect enum JSONValue: Codable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: AnyKey.self) {
            var object: [String: JSONValue] = [:]
            for key in container.allKeys { object[key.stringValue] = try container.decode(JSONValue.self, forKey: key) }
            self = .object(object)
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var array: [JSONValue] = []
            while !container.isAtEnd { array.append(try container.decode(JSONValue.self)) }
            self = .array(array)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let bool = try? single.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? single.decode(Int.self) {
            self = .integer(integer)
        } else {
            do {
                self = .number(try single.decode(Double.self))
            } catch let numberError {
                // Neither a number nor a string: the number's error says more (a number out
                // of range is refused as such, not as "expected a string").
                guard let string = try? single.decode(String.self) else { throw numberError }
                self = .string(string)
            }
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .integer(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .number(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .string(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .array(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case .object(let members):
            var container = encoder.container(keyedBy: AnyKey.self)
            for (key, value) in members { try container.encode(value, forKey: AnyKey(stringValue: key)) }
        }
    }

    /// Numbers are equal by value: `3.0` and `3` read the same, as JSON does not tell them
    /// apart.
    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.integer(let a), .number(let b)), (.number(let b), .integer(let a)): Double(a) == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        default: false
        }
    }

    struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A random value, at most `depth` containers deep.
    static func random(_ random: inout SplitMix64, depth: Int = 3) -> JSONValue {
        switch random.next() % (depth > 0 ? 7 : 5) {
        case 0: return .null
        case 1: return .bool(random.next() % 2 == 0)
        case 2: return .integer(randomInteger(&random))
        case 3: return .number(randomDouble(&random))
        case 4: return .string(randomString(&random))
        case 5: return .array((0..<Int(random.next() % 4)).map { _ in JSONValue.random(&random, depth: depth - 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int(random.next() % 4) {
                members[randomString(&random)] = JSONValue.random(&random, depth: depth - 1)
            }
            return .object(members)
        }
    }
}

/// Integers at the edges as well as small ones.
func randomInteger(_ random: inout SplitMix64) -> Int {
    switch random.next() % 6 {
    case 0: return [Int.min, Int.max, 0, -1, 1 << 53, (1 << 53) + 1][Int(random.next() % 6)]
    case 1: return Int(truncatingIfNeeded: random.next())
    default: return Int(random.next() % 2000) - 1000
    }
}

/// Doubles of every kind JSON can hold: tiny, huge, subnormal, negative zero, fractions.
func randomDouble(_ random: inout SplitMix64) -> Double {
    switch random.next() % 6 {
    case 0:
        return [0.0, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0.1, Double(bitPattern: 1 << 40)][
            Int(random.next() % 6)]
    case 1:
        let value = Double(bitPattern: random.next())
        return value.isFinite ? value : 1.5
    default: return Double(Int(random.next() % 2_000_000) - 1_000_000) / 1000
    }
}

/// Strings with what breaks encoders: quotes, backslashes, control characters, non-BMP
/// characters, U+2028, a byte order mark, combining marks.
func randomString(_ random: inout SplitMix64) -> String {
    let pieces = [
        "a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "e\u{301}", "\u{2028}",
        "\u{FEFF}", "😀", "𝄞", "中", "</script>", "\u{10FFFF}",
    ]
    return (0..<Int(random.next() % 6)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
}
