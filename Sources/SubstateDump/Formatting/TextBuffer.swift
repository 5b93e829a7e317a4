import Foundation

/// The UTF-8 bytes of a line being written.
///
/// Log lines are written a few bytes at a time; here an append is a bounds check and a copy,
/// with no reference counting and no uniqueness check, so formatting costs what the text costs.
package struct TextBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    /// The number of bytes written.
    package private(set) var count = 0
    private var capacity: Int

    package init(capacity: Int = 256) {
        self.capacity = Swift.max(capacity, 32)
        // Fact (owned allocation): the buffer is not copyable, so it alone holds its bytes, freed once, in deinit or when it takes a new allocation.
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written, as a string.
    package var string: String {
        String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    /// Calls the body with the bytes written.
    package func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Forgets the bytes written, keeping the room they took.
    package mutating func removeAll() {
        count = 0
    }

    /// Forgets the bytes written, keeping the room they took unless it is more than `limit`
    /// bytes: a writer kept from one entry to the next does not keep the room of its largest.
    package mutating func removeAll(keepingCapacityUpTo limit: Int) {
        count = 0
        guard capacity > limit else { return }
        // Fact (owned allocation): the bytes are dropped (`count` is zero), so the old allocation is freed once, here.
        base.deallocate()
        capacity = Swift.max(limit, 32)
        base = .allocate(capacity: capacity)
    }

    /// Forgets the last `count` bytes written.
    package mutating func removeLast(_ count: Int) {
        self.count -= Swift.min(count, self.count)
    }

    /// Whether two ranges of the bytes written hold the same bytes.
    package func bytesEqual(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        a.count == b.count && memcmp(base + a.lowerBound, base + b.lowerBound, a.count) == 0
    }

    /// The bytes in a range of those written, as a string.
    package func string(in range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count), as: UTF8.self)
    }

    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(to: count + bytes.count) }
        // Fact (in bounds): there is room for `bytes.count` more bytes after `count`, made just above.
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    package mutating func append(literal: StaticString) {
        literal.withUTF8Buffer { append($0) }
    }

    package mutating func append(string: String) {
        var string = string
        string.withUTF8 { append($0) }
    }

    /// Appends an integer in decimal, without making a string of it.
    package mutating func append<I: FixedWidthInteger>(integer value: I) {
        DecimalDigits.with(value) { append($0) }
    }

    /// Appends a double as its `description` spells it. Values with at most four decimals and
    /// fifteen significant digits (prices, percentages, coordinates typed by people: most of
    /// what apps log) are written directly; any other value through `description`.
    ///
    /// A decimal of at most fifteen significant digits is the only such decimal that rounds to
    /// its double, so it is the shortest that does, which is what `description` prints.
    mutating func append(double value: Double) {
        if value == 0 {
            append(literal: value.sign == .minus ? "-0.0" : "0.0")
            return
        }
        let magnitude = value.magnitude
        if magnitude >= 1e-4, magnitude < 1e15 {
            var scale = 1.0
            var divisor: UInt64 = 1
            for decimals in 0...4 {
                let scaled = magnitude * scale
                if scaled < 1e15, scaled == scaled.rounded(.towardZero) {
                    let digits = UInt64(scaled)
                    if Double(digits) / scale == magnitude {
                        if value < 0 { append(UInt8(ascii: "-")) }
                        append(integer: digits / divisor)
                        append(UInt8(ascii: "."))
                        var fraction = digits % divisor
                        var width = decimals
                        while width > 1, fraction % 10 == 0 {
                            fraction /= 10
                            width -= 1
                        }
                        append(lastDigitsOf: fraction, count: Swift.max(width, 1))
                        return
                    }
                }
                scale *= 10
                divisor *= 10
            }
        }
        append(string: value.description)
    }

    /// Appends the last `digits` decimal digits of a value, with leading zeros: a fraction's.
    private mutating func append(lastDigitsOf value: UInt64, count digits: Int) {
        if count + digits > capacity { grow(to: count + digits) }
        var rest = value
        var index = count + digits - 1
        while index >= count {
            base[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            index -= 1
        }
        count += digits
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        // Fact (owned allocation): the bytes move to the larger allocation, and the old one is freed once, here.
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }
}
