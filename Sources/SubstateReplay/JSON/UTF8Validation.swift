/// Finds bytes that are not UTF-8, so that text from a log is refused where it is broken
/// rather than read with replacement characters.
enum UTF8Validation {
    /// The offset (from the range's start) of the first byte that is not part of valid UTF-8
    /// in `range` of the buffer, or `nil` when the range is valid UTF-8.
    static func firstInvalid(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        // Most of a log is ASCII: eight bytes at a time, until a byte with its high bit set.
        // Fact (in bounds): the range lies within the buffer, and each load reads eight bytes inside it; an unaligned load reads any address.
        var index = range.lowerBound
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= range.upperBound,
                raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
            }
        }
        while index < range.upperBound, bytes[index] < 0x80 { index += 1 }
        if index == range.upperBound { return nil }
        let rest = UnsafeBufferPointer(rebasing: bytes[index..<range.upperBound])
        if String(validating: rest, as: UTF8.self) != nil { return nil }
        while index < range.upperBound {
            let lead = bytes[index]
            let length: Int
            switch lead {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return index - range.lowerBound
            }
            guard index + length <= range.upperBound,
                String(validating: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]), as: UTF8.self)
                    != nil
            else { return index - range.lowerBound }
            index += length
        }
        return nil
    }

    /// The first invalid byte of an array, as above.
    static func firstInvalid(_ bytes: [UInt8]) -> Int? {
        // Fact (scoped pointer): the bytes are read only inside the closure, within their count.
        bytes.withUnsafeBufferPointer { firstInvalid($0, 0..<$0.count) }
    }

    /// A phrase naming an invalid byte: `not valid UTF-8 (byte 0xFF)`.
    static func describe(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "not valid UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex))"
    }
}
