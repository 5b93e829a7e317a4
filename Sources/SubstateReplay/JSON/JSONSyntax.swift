import Substate

/// Checks that bytes hold exactly one JSON value (RFC 8259), so that ``LogDecoder`` can read
/// values where they stand without checking as it goes.
struct JSONSyntax {
    let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    /// Deeper nesting is refused, as `JSONDecoder` refuses it, rather than risking the stack.
    private static let maximumDepth = 512

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Where the document's value starts, or `nil` when the bytes are not one JSON value.
    mutating func validateDocument() -> Int? {
        skipSpace()
        let start = index
        guard value() else { return nil }
        skipSpace()
        return index == bytes.count ? start : nil
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
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
        default: return number()
        }
    }

    private mutating func container(closing: UInt8, keyed: Bool) -> Bool {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { return false }
        index += 1
        skipSpace()
        if take(closing) { return true }
        while true {
            if keyed {
                guard string() else { return false }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return false }
                skipSpace()
            }
            guard value() else { return false }
            skipSpace()
            if take(closing) { return true }
            guard take(UInt8(ascii: ",")) else { return false }
            skipSpace()
        }
    }

    private mutating func string() -> Bool {
        guard take(UInt8(ascii: "\"")) else { return false }
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return true
            case UInt8(ascii: "\\"):
                guard let escape = current else { return false }
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    continue
                case UInt8(ascii: "u"):
                    // A surrogate must be a high one followed by a low one, as JSONDecoder requires.
                    guard let unit = hex4() else { return false }
                    if (0xDC00..<0xE000).contains(unit) { return false }
                    if (0xD800..<0xDC00).contains(unit) {
                        guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(),
                            (0xDC00..<0xE000).contains(low)
                        else { return false }
                    }
                default: return false
                }
            case 0..<0x20: return false
            default: continue
            }
        }
        return false
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
        guard bytes.count - index >= count else { return false }
        let matches = word.withUTF8Buffer { expected in (0..<count).allSatisfy { bytes[index + $0] == expected[$0] } }
        if matches { index += count }
        return matches
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func number() -> Bool {
        _ = take(UInt8(ascii: "-"))
        if !take(UInt8(ascii: "0")) {
            guard digits() else { return false }
        }
        if take(UInt8(ascii: ".")) {
            guard digits() else { return false }
        }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            guard digits() else { return false }
        }
        return true
    }

    private mutating func digits() -> Bool {
        let start = index
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index > start
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
