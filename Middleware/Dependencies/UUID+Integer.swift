import Foundation

extension UUID {
    /// The UUID whose last digits spell the integer: `UUID(0)` is
    /// `00000000-0000-0000-0000-000000000000`, `UUID(1)` ends in `...001`, as swift-dependencies'
    /// initializer, and so the UUIDs `UUIDGenerator.incrementing` hands out in order.
    ///
    /// A test writes the ids it expects with it:
    ///
    /// ```swift
    /// await store.send(Notes.Add()) { $0.notes = [Note(id: UUID(0))] }
    /// ```
    ///
    /// The integer's 64 bits fill the last 8 bytes (a negative one by its two's complement), so
    /// every integer gives a valid UUID.
    public init(_ intValue: Int) {
        let bits = UInt64(bitPattern: Int64(intValue))
        func byte(_ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: bits >> (8 * (7 - index))) }
        self.init(
            uuid: (
                0, 0, 0, 0, 0, 0, 0, 0, byte(0), byte(1), byte(2), byte(3), byte(4), byte(5), byte(6), byte(7)
            ))
    }
}
