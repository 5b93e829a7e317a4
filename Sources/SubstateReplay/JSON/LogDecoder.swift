import Foundation
import Substate

/// Decodes action payloads straight from their JSON bytes, for replay.
///
/// `JSONDecoder` first parses a whole document into a map of values; a payload is small and
/// is read once, so this decoder checks its syntax in one pass and then reads each value where
/// it stands, when the type asks for it. It reads what ``LogEncoder`` and `JSONEncoder` write,
/// with `JSONDecoder`'s default strategies (`Data` from Base64, `URL` from a string, `Decimal`
/// from a number), and hands `Redacted` its substitutes through `userInfo`.
///
/// It throws `DecodingError`s of the kinds `JSONDecoder` throws, so that types which catch
/// them behave alike; callers that report errors decode again with `JSONDecoder` for its
/// messages.
package final class LogDecoder {
    /// The payload, copied so that containers a type keeps cannot outlive it.
    let bytes: [UInt8]
    let userInfo: [CodingUserInfoKey: Any]

    init(bytes: [UInt8], userInfo: [CodingUserInfoKey: Any]) {
        self.bytes = bytes
        self.userInfo = userInfo
    }

    /// Decodes a value of type `T` from JSON bytes.
    ///
    /// Bytes that are not UTF-8 or not one JSON value are refused with the offset of the byte
    /// where the problem is, as `JSONDecoder` refuses them.
    package static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, userInfo: [CodingUserInfoKey: Any] = [:]
    ) throws -> T {
        let decoder = LogDecoder(bytes: Array(data), userInfo: userInfo)
        if let offset = UTF8Validation.firstInvalid(decoder.bytes) {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [],
                    debugDescription:
                        "The payload is \(UTF8Validation.describe(decoder.bytes[offset])) at byte \(offset + 1)."))
        }
        switch JSONSyntax.check(decoder.bytes) {
        case .success(let start):
            return try decoder.value(T.self, at: start, path: [])
        case .failure(let failure):
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [],
                    debugDescription: "The payload is not valid JSON at byte \(failure.offset + 1): \(failure.reason).")
            )
        }
    }

    /// Decodes a value from bytes a log reader has checked already (a payload of an
    /// ``ActionLog/Entry``: its line was checked as UTF-8 and as JSON, payload included), so
    /// that replay does not check each payload twice.
    static func decode<T: Decodable>(
        _ type: T.Type, checked data: Data, userInfo: [CodingUserInfoKey: Any] = [:]
    ) throws -> T {
        let decoder = LogDecoder(bytes: Array(data), userInfo: userInfo)
        return try decoder.value(T.self, at: decoder.skipSpace(0), path: [])
    }

    // MARK: Values

    /// Decodes a value of any type from the JSON value starting at `index`.
    func value<T: Decodable>(_ type: T.Type, at index: Int, path: @autoclosure () -> [any CodingKey]) throws -> T {
        // Fact (same type): each cast follows the check that `T` is the type cast from, so it reinterprets nothing.
        if T.self == String.self { return unsafeBitCast(try string(at: index, path: path()), to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try integer(Int.self, at: index, path: path()), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try bool(at: index, path: path()), to: T.self) }
        if T.self == Double.self { return unsafeBitCast(try float(Double.self, at: index, path: path()), to: T.self) }
        if T.self == Data.self {
            guard let data = Data(base64Encoded: try string(at: index, path: path())) else {
                throw corrupted(path(), "Encountered Data is not valid Base64.")
            }
            return unsafeBitCast(data, to: T.self)
        }
        if T.self == URL.self {
            guard let url = URL(string: try string(at: index, path: path())) else {
                throw corrupted(path(), "Invalid URL string.")
            }
            return unsafeBitCast(url, to: T.self)
        }
        if T.self == Decimal.self {
            return unsafeBitCast(try decimal(at: index, path: path()), to: T.self)
        }
        return try T(from: LogValueDecoder(input: self, start: index, codingPath: path()))
    }

    func isNull(at index: Int) -> Bool { bytes[index] == UInt8(ascii: "n") }

    func bool(at index: Int, path: @autoclosure () -> [any CodingKey]) throws -> Bool {
        switch bytes[index] {
        case UInt8(ascii: "t"): return true
        case UInt8(ascii: "f"): return false
        default: throw mismatch(Bool.self, at: index, path())
        }
    }

    func string(at index: Int, path: @autoclosure () -> [any CodingKey]) throws -> String {
        guard bytes[index] == UInt8(ascii: "\"") else { throw mismatch(String.self, at: index, path()) }
        return readString(at: index).value
    }

    /// An integer, exactly: a fraction or an exponent is accepted when the number is whole
    /// (`1e2`, `9007199254740993.0`), as `JSONDecoder` accepts it, and never goes through a
    /// `Double`; a number that is not whole or does not fit is an error.
    // Inlined into each container's read of a concrete width, so that it runs specialized:
    // left generic, every operation on `I` is a witness call.
    @inline(__always)
    func integer<I: FixedWidthInteger>(_ type: I.Type, at index: Int, path: @autoclosure () -> [any CodingKey])
        throws -> I
    {
        let text = try numberRange(at: index, type, path: path())
        if let plain = plainInteger(I.self, text) { return plain }
        // JSONDecoder reads a 128-bit integer spelled with a fraction or an exponent only when
        // its magnitude fits in 64 bits; a log is read alike.
        if I.bitWidth > 64 {
            guard let value = DecimalNumber(bytes, text)?.integer(I.self), value.magnitude <= I.Magnitude(UInt64.max)
            else {
                throw corrupted(path(), "Number \(numberString(text)) is not representable as \(I.self).")
            }
            return value
        }
        guard let number = DecimalNumber(bytes, text) else {
            throw corrupted(path(), "Number \(numberString(text)) is not representable as \(I.self).")
        }
        switch number.integer(I.self) {
        case .some(let value): return value
        case .none:
            throw corrupted(path(), "Number \(numberString(text)) is not representable as \(I.self).")
        }
    }

    /// An integer written as digits alone (the common case), read without building a
    /// ``DecimalNumber``; `nil` for any other form, or one that does not fit.
    @inline(__always)
    private func plainInteger<I: FixedWidthInteger>(_ type: I.Type, _ text: Range<Int>) -> I? {
        let negative = bytes[text.lowerBound] == UInt8(ascii: "-")
        let digits = negative ? text.lowerBound + 1..<text.upperBound : text
        // Up to 64 bits, the digits are read in concrete integers and converted once: read as
        // `I`, left unspecialized, every digit makes witness calls.
        guard I.bitWidth <= 64 else { return plainDigits(I.self, digits, negative: negative) }
        return negative
            ? plainDigits(Int64.self, digits, negative: true).flatMap { I(exactly: $0) }
            : plainDigits(UInt64.self, digits, negative: false).flatMap { I(exactly: $0) }
    }

    /// The integer spelled by plain digits (see ``plainInteger(_:_:)``).
    @inline(__always)
    private func plainDigits<I: FixedWidthInteger>(_ type: I.Type, _ text: Range<Int>, negative: Bool) -> I? {
        var value: I = 0
        for cursor in text {
            let digit = bytes[cursor] &- UInt8(ascii: "0")
            guard digit < 10, let next = value.appendingDecimalDigit(digit, negative: negative) else { return nil }
            value = next
        }
        return value
    }

    /// A floating-point number, rounded to nearest; one too large for the type, or so small
    /// that it rounds to zero though it is not zero, is an error, as `JSONDecoder` makes it.
    func float<F: BinaryFloatingPoint & LosslessStringConvertible>(
        _ type: F.Type, at index: Int, path: @autoclosure () -> [any CodingKey]
    ) throws -> F {
        let range = try numberRange(at: index, type, path: path())
        let text = numberString(range)
        guard let value = F(text), value.isFinite, value != 0 || DecimalNumber(bytes, range)?.isZero == true else {
            throw corrupted(path(), "Number \(text) does not fit in \(F.self).")
        }
        return value
    }

    /// A `Decimal` from its number as written; forms a `Decimal` cannot hold exactly (more than
    /// 38 significant digits, an exponent out of its range) are refused, for `JSONDecoder` to
    /// decide.
    func decimal(at index: Int, path: @autoclosure () -> [any CodingKey]) throws -> Decimal {
        let range = try numberRange(at: index, Decimal.self, path: path())
        guard let number = DecimalNumber(bytes, range), number.digits.count <= 38,
            (-100...100).contains(number.exponent), let decimal = Decimal(string: numberString(range))
        else { throw corrupted(path(), "Invalid Decimal.") }
        return decimal
    }

    // MARK: Structure

    /// The members of the object at `index`: each key, and where its value starts and ends.
    func members(at index: Int, path: @autoclosure () -> [any CodingKey]) throws -> [(key: String, value: Range<Int>)] {
        guard bytes[index] == UInt8(ascii: "{") else { throw mismatch([String: Any].self, at: index, path()) }
        var members: [(key: String, value: Range<Int>)] = []
        // Room for a typical action's members at once, not in the steps of the array's growth.
        members.reserveCapacity(8)
        var cursor = skipSpace(index + 1)
        while bytes[cursor] != UInt8(ascii: "}") {
            let (key, afterKey) = readString(at: cursor)
            let value = skipSpace(skipSpace(afterKey) + 1)
            let end = valueEnd(at: value)
            members.append((key, value..<end))
            cursor = skipSpace(end)
            if bytes[cursor] == UInt8(ascii: ",") { cursor = skipSpace(cursor + 1) }
        }
        return members
    }

    /// Where each element of the array at `index` starts and ends.
    func elements(at index: Int, path: @autoclosure () -> [any CodingKey]) throws -> [Range<Int>] {
        guard bytes[index] == UInt8(ascii: "[") else { throw mismatch([Any].self, at: index, path()) }
        var elements: [Range<Int>] = []
        var cursor = skipSpace(index + 1)
        while bytes[cursor] != UInt8(ascii: "]") {
            let end = valueEnd(at: cursor)
            elements.append(cursor..<end)
            cursor = skipSpace(end)
            if bytes[cursor] == UInt8(ascii: ",") { cursor = skipSpace(cursor + 1) }
        }
        return elements
    }

    // MARK: Errors

    func mismatch(_ type: Any.Type, at index: Int, _ path: [any CodingKey]) -> DecodingError {
        if isNull(at: index) {
            return .valueNotFound(type, .init(codingPath: path, debugDescription: "Cannot get \(type) -- found null"))
        }
        return .typeMismatch(type, .init(codingPath: path, debugDescription: "Expected \(type) but found another kind"))
    }

    func corrupted(_ path: [any CodingKey], _ description: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: path, debugDescription: description))
    }

    // MARK: Scanning (the syntax was checked before any of these run)

    func skipSpace(_ index: Int) -> Int {
        var index = index
        while index < bytes.count,
            bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D
                || bytes[index] == 0x09
        {
            index += 1
        }
        return index
    }

    private func numberRange(at index: Int, _ type: Any.Type, path: @autoclosure () -> [any CodingKey]) throws
        -> Range<Int>
    {
        let first = bytes[index]
        guard first == UInt8(ascii: "-") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else {
            throw mismatch(type, at: index, path())
        }
        return index..<valueEnd(at: index)
    }

    private func numberString(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// Where the value starting at `index` ends.
    func valueEnd(at index: Int) -> Int {
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return stringEnd(at: index)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var cursor = index
            while true {
                switch bytes[cursor] {
                case UInt8(ascii: "\""):
                    cursor = stringEnd(at: cursor)
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return cursor + 1 }
                default: break
                }
                cursor += 1
            }
        default:
            var cursor = index
            while cursor < bytes.count {
                switch bytes[cursor] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09: return cursor
                default: cursor += 1
                }
            }
            return cursor
        }
    }

    /// The string starting at `index` (its opening quote), unescaped, and where it ends.
    func readString(at index: Int) -> (value: String, end: Int) {
        var cursor = index + 1
        while bytes[cursor] != UInt8(ascii: "\""), bytes[cursor] != UInt8(ascii: "\\") { cursor += 1 }
        if bytes[cursor] == UInt8(ascii: "\"") {
            return (String(decoding: bytes[(index + 1)..<cursor], as: UTF8.self), cursor + 1)
        }
        var unescaped = Array(bytes[(index + 1)..<cursor])
        while bytes[cursor] != UInt8(ascii: "\"") {
            guard bytes[cursor] == UInt8(ascii: "\\") else {
                unescaped.append(bytes[cursor])
                cursor += 1
                continue
            }
            let escape = bytes[cursor + 1]
            cursor += 2
            switch escape {
            case UInt8(ascii: "b"): unescaped.append(0x08)
            case UInt8(ascii: "f"): unescaped.append(0x0C)
            case UInt8(ascii: "n"): unescaped.append(0x0A)
            case UInt8(ascii: "r"): unescaped.append(0x0D)
            case UInt8(ascii: "t"): unescaped.append(0x09)
            case UInt8(ascii: "u"):
                // The syntax check let through only whole surrogate pairs.
                var scalar = hex4(at: cursor)
                cursor += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hex4(at: cursor + 2) - 0xDC00)
                    cursor += 6
                }
                unescaped.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
            default: unescaped.append(escape)  // \" \\ \/
            }
        }
        return (String(decoding: unescaped, as: UTF8.self), cursor + 1)
    }

    /// Where the string starting at `index` (its opening quote) ends.
    private func stringEnd(at index: Int) -> Int {
        var cursor = index + 1
        while bytes[cursor] != UInt8(ascii: "\"") { cursor += bytes[cursor] == UInt8(ascii: "\\") ? 2 : 1 }
        return cursor + 1
    }

    /// Four hex digits, which the syntax check found there.
    private func hex4(at index: Int) -> UInt32 {
        bytes[index..<(index + 4)].reduce(0) { $0 << 4 | ($1.hexValue ?? 0) }
    }
}
