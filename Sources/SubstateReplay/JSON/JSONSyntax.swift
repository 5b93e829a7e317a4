/// Checks that bytes hold exactly one JSON value (RFC 8259), so that ``LogDecoder`` can read
/// values where they stand without checking as it goes; when they do not, says where and why.
struct JSONSyntax {
    /// What is wrong with a document: the offset of the byte where reading stopped (from the
    /// start of the checked range), and why.
    struct Failure: Error, Equatable {
        let offset: Int
        let reason: String
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let start: Int
    private let end: Int
    private var index: Int
    private var depth = 0
    private var failure: Failure?
    /// Deeper nesting is refused, as `JSONDecoder` refuses it, rather than risking the stack.
    static let maximumDepth = 512

    private init(bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
        self.bytes = bytes
        start = range.lowerBound
        end = range.upperBound
        index = range.lowerBound
    }

    /// Checks the bytes in `range` of the buffer; returns where the value starts.
    static func check(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Result<Int, Failure> {
        var syntax = JSONSyntax(bytes: bytes, range: range)
        syntax.skipSpace()
        let valueStart = syntax.index
        if syntax.current == nil { return .failure(Failure(offset: 0, reason: "no JSON value")) }
        guard syntax.value() else {
            return .failure(
                syntax.failure ?? Failure(offset: syntax.index - range.lowerBound, reason: "not valid JSON"))
        }
        syntax.skipSpace()
        guard syntax.index == syntax.end else {
            return .failure(Failure(offset: syntax.index - range.lowerBound, reason: "unexpected text after the value"))
        }
        return .success(valueStart)
    }

    /// Checks a whole array of bytes; returns where the value starts.
    static func check(_ bytes: [UInt8]) -> Result<Int, Failure> {
        // Fact (scoped pointer): the bytes are read only inside the closure, within their count.
        bytes.withUnsafeBufferPointer { check($0, 0..<$0.count) }
    }

    private var current: UInt8? { index < end ? bytes[index] : nil }

    /// Records why the value stops being valid here, and returns `false`.
    private mutating func fail(_ reason: String, at position: Int? = nil) -> Bool {
        if failure == nil { failure = Failure(offset: (position ?? index) - start, reason: reason) }
        return false
    }

    private mutating func skipSpace() {
        while index < end {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            index += 1
        }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < end, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func value() -> Bool {
        switch current {
        case UInt8(ascii: "{"): return container(closing: UInt8(ascii: "}"), keyed: true)
        case UInt8(ascii: "["): return container(closing: UInt8(ascii: "]"), keyed: false)
        case UInt8(ascii: "\""): return string()
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        case nil: return fail("the text ends where a value should be")
        case let byte?:
            if byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) { return number() }
            return fail("expected a value, found \(describe(byte))")
        }
    }

    private mutating func container(closing: UInt8, keyed: Bool) -> Bool {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { return fail("nested deeper than \(Self.maximumDepth) levels") }
        let opening = index
        index += 1
        skipSpace()
        if take(closing) { return true }
        while true {
            if keyed {
                guard current == UInt8(ascii: "\"") else { return fail(expected("a member name in quotes")) }
                guard string() else { return false }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return fail(expected("\":\" after the member name")) }
                skipSpace()
            }
            guard value() else { return false }
            skipSpace()
            if take(closing) { return true }
            guard take(UInt8(ascii: ",")) else {
                if current == nil {
                    return fail(
                        "the text ends inside the \(keyed ? "object" : "array") opened at column \(opening - start + 1)"
                    )
                }
                return fail(expected("\",\" or \"\(Character(Unicode.Scalar(closing)))\""))
            }
            skipSpace()
        }
    }

    private mutating func string() -> Bool {
        let opening = index
        index += 1
        while index < end {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return true
            case UInt8(ascii: "\\"):
                guard let escape = current else { break }
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    continue
                case UInt8(ascii: "u"):
                    // A surrogate must be a high one followed by a low one, as JSONDecoder requires.
                    let escapeStart = index - 2
                    guard let unit = hex4() else { return fail("\\u needs four hex digits", at: escapeStart) }
                    if (0xDC00..<0xE000).contains(unit) {
                        return fail("a lone low surrogate \\u\(hex(unit))", at: escapeStart)
                    }
                    if (0xD800..<0xDC00).contains(unit) {
                        guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(),
                            (0xDC00..<0xE000).contains(low)
                        else { return fail("a high surrogate \\u\(hex(unit)) without its low half", at: escapeStart) }
                    }
                default: return fail("an unknown escape \\\(describe(escape, quoted: false))", at: index - 2)
                }
            case 0..<0x20: return fail("a control character (\(describe(byte))) inside a string", at: index - 1)
            default: continue
            }
        }
        return fail("the string opened at column \(opening - start + 1) is not closed")
    }

    /// Four hex digits after `\u`, as a UTF-16 code unit.
    private mutating func hex4() -> UInt32? {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = current, let nibble = digit.hexValue else { return nil }
            value = value << 4 | nibble
            index += 1
        }
        return value
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        let matches =
            end - index >= count
            && word.withUTF8Buffer { expected in (0..<count).allSatisfy { bytes[index + $0] == expected[$0] } }
        guard matches else { return fail("expected \(word)") }
        index += count
        return true
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func number() -> Bool {
        _ = take(UInt8(ascii: "-"))
        if take(UInt8(ascii: "0")) {
            if let next = current, next >= UInt8(ascii: "0"), next <= UInt8(ascii: "9") {
                return fail("a number cannot have a leading zero")
            }
        } else {
            guard digits() else { return fail(expected("a digit")) }
        }
        if take(UInt8(ascii: ".")) {
            guard digits() else { return fail(expected("a digit after the decimal point")) }
        }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            guard digits() else { return fail(expected("a digit in the exponent")) }
        }
        return true
    }

    private mutating func digits() -> Bool {
        let first = index
        while index < end, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        return index > first
    }

    private func expected(_ what: String) -> String {
        guard let byte = current else { return "the text ends where \(what) should be" }
        return "expected \(what), found \(describe(byte))"
    }

    private func describe(_ byte: UInt8, quoted: Bool = true) -> String {
        if byte >= 0x21, byte < 0x7F {
            let character = String(Character(Unicode.Scalar(byte)))
            return quoted ? "\"\(character)\"" : character
        }
        return "byte 0x" + hex(UInt32(byte), digits: 2)
    }

    private func hex(_ value: UInt32, digits: Int = 4) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

extension UInt8 {
    /// The value of a hex digit, or `nil` for any other byte.
    var hexValue: UInt32? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(self - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(self - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(self - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
