/// An integer's decimal digits, written without making a string of them: the log encoder and
/// the loggers' formatter both write numbers this way.
package enum DecimalDigits {
    /// Calls the body with the integer's digits, after a `-` when it is negative.
    @inline(__always)
    package static func with<I: FixedWidthInteger, R>(_ value: I, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        // The digits go into a small buffer from the end; 40 bytes hold any 128-bit integer.
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
            return body(UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}
