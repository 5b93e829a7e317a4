/// An integer's decimal digits, written without making a string of them: the log encoder and
/// the loggers' formatter both write numbers this way.
package enum DecimalDigits {
    /// Calls the body with the integer's digits, after a `-` when it is negative.
    ///
    /// A generic function is not specialised in the modules that call it, and would reach
    /// every digit through the integer protocols' witnesses: callers in other modules, whose
    /// generic code is specialised, pass integers of up to 64 bits to
    /// ``with(magnitude:negative:_:)`` instead, as this one does.
    @inline(__always)
    package static func with<I: FixedWidthInteger>(_ value: I, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if I.bitWidth <= 64 {
            with(magnitude: UInt64(truncatingIfNeeded: value.magnitude), negative: value < 0, body)
            return
        }
        // The digits go into a small buffer from the end; 40 bytes hold any 128-bit integer.
        // Fact (scoped pointer): the buffer is used only inside the closure, and 40 bytes hold the longest number written into it.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { digits in
            var start = digits.count
            var magnitude = value.magnitude
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                start -= 1
                digits[start] = UInt8(ascii: "-")
            }
            body(UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// The digits of a magnitude of up to 64 bits, after a `-` when `negative`. Nothing in it is
    /// generic, so nothing goes through a protocol or asks the runtime for a type.
    package static func with(magnitude: UInt64, negative: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        // Twenty digits and a sign hold any 64-bit integer.
        // Fact (scoped pointer): the buffer is used only inside the closure, and 24 bytes hold the longest number written into it.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { digits in
            let base = digits.baseAddress!
            var start = digits.count
            var rest = magnitude
            repeat {
                start -= 1
                let (quotient, remainder) = rest.quotientAndRemainder(dividingBy: 10)
                base[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remainder)
                rest = quotient
            } while rest > 0
            if negative {
                start -= 1
                base[start] = UInt8(ascii: "-")
            }
            body(UnsafeBufferPointer(start: base + start, count: digits.count - start))
        }
    }
}
