/// A JSON number as its exact decimal value: sign, significant digits and a power of ten,
/// read from its text without rounding, so that integers decode exactly whatever form they
/// were written in.
struct DecimalNumber {
    let negative: Bool
    /// The significant digits (0–9 each), without leading or trailing zeros; empty for zero.
    let digits: [UInt8]
    /// The power of ten the digits are multiplied by.
    let exponent: Int

    var isZero: Bool { digits.isEmpty }

    /// Reads the number in `range` of the bytes, which the syntax check found valid; `nil` for
    /// an exponent too large to mean anything.
    init?<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ range: Range<Int>) where Bytes.Index == Int {
        var index = range.lowerBound
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var digits: [UInt8] = []
        var fractionLength = 0
        var inFraction = false
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                if !(digits.isEmpty && byte == UInt8(ascii: "0")) { digits.append(byte - UInt8(ascii: "0")) }
                if inFraction { fractionLength += 1 }
            } else {
                break
            }
            index += 1
        }
        var exponent = 0
        if index < range.upperBound {  // e or E
            index += 1
            var exponentNegative = false
            if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            while index < range.upperBound {
                exponent = exponent * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                guard exponent < 1_000_000_000 else { return nil }
                index += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        // Digits before the first significant one were dropped; those of the fraction still
        // count in its length.
        exponent -= fractionLength
        while let last = digits.last, last == 0 {
            digits.removeLast()
            exponent += 1
        }
        self.negative = negative
        self.digits = digits
        self.exponent = digits.isEmpty ? 0 : exponent
    }

    /// The number as an `I`, when it is whole and fits.
    func integer<I: FixedWidthInteger>(_ type: I.Type) -> I? {
        if digits.isEmpty { return 0 }
        guard exponent >= 0, digits.count + exponent <= 40 else { return nil }
        if negative, !I.isSigned { return nil }
        var value: I = 0
        for digit in digits + [UInt8](repeating: 0, count: exponent) {
            guard let next = value.appendingDecimalDigit(digit, negative: negative) else { return nil }
            value = next
        }
        return value
    }
}

extension FixedWidthInteger {
    /// `self * 10 + digit` (or `- digit` for a negative number being read), or `nil` when it
    /// does not fit: one step of reading an integer's digits exactly.
    func appendingDecimalDigit(_ digit: UInt8, negative: Bool) -> Self? {
        let (shifted, overflow) = multipliedReportingOverflow(by: 10)
        let (next, overflow2) =
            negative
            ? shifted.subtractingReportingOverflow(Self(digit)) : shifted.addingReportingOverflow(Self(digit))
        return overflow || overflow2 ? nil : next
    }
}
