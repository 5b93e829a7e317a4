import Foundation
import Substate

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the lines `ActionRecorder` writes, whose layout is fixed, straight from the log's
/// bytes, without a general JSON parser: the payload's bytes are taken as they are, for the
/// action's own decoder.
///
/// The payload's JSON is checked here too, so that a line whose payload is broken (cut short
/// right after one of its own `}`, or edited) is never taken as an action. Lines of any other
/// layout (edited by hand, written by other tools, snapshots) and lines that do not check
/// return `nil` and are read by the general parser, which says what is wrong.
struct LineScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index: Int
    private let end: Int
    private let strings: StringCache
    private let file: String?

    /// Scans the bytes in `range` of the buffer, reusing strings read from earlier lines.
    static func line(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, number: Int, file: String?, strings: StringCache
    ) -> ActionLog.Line? {
        var scanner = LineScanner(
            bytes: bytes, index: range.lowerBound, end: range.upperBound, strings: strings, file: file)
        return scanner.scan(number: number)
    }

    private mutating func scan(number: Int) -> ActionLog.Line? {
        guard take(#"{"seq":"#), let sequence = integer() else { return nil }
        if take(#","digest":""#) {
            guard let value = string(), take("}"), index == end else { return nil }
            return .digest(sequence: sequence, value: value, line: number)
        }
        guard take(#","t":"#), let time = decimal(), take(#","type":""#), let type = string(),
            take(#","name":""#), let name = string(), take(#","origin":""#), let origin = origin()
        else { return nil }
        let payload: Data?
        if take(#","replayable":false}"#), index == end {
            payload = nil
        } else if take(#","payload":"#), end > index + 1, bytes[end - 1] == UInt8(ascii: "}"),
            case .success = JSONSyntax.check(bytes, index..<(end - 1))
        {
            payload = Data(UnsafeBufferPointer(rebasing: bytes[index..<(end - 1)]))
        } else {
            return nil
        }
        return .action(
            ActionLog.Entry(
                sequence: sequence, time: time, type: type, name: name, origin: origin, payload: payload, line: number,
                file: file))
    }

    private mutating func take(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard end - index >= count else { return false }
        let matches = literal.withUTF8Buffer { expected in
            memcmp(bytes.baseAddress! + index, expected.baseAddress!, count) == 0
        }
        if matches { index += count }
        return matches
    }

    private mutating func integer() -> Int? {
        var value = 0
        let start = index
        while index < end, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            value = value &* 10 &+ Int(bytes[index] &- UInt8(ascii: "0"))
            index += 1
        }
        // A leading zero is not JSON: the general parser says so.
        guard index > start, index - start < 19, index - start == 1 || bytes[start] != UInt8(ascii: "0") else {
            return nil
        }
        return value
    }

    /// A decimal number as the recorder writes time offsets: digits, a point, digits. It is
    /// read exactly as `Double(text)` reads it: both parts make one integer below 2^53, and
    /// one division by a power of ten no larger than 10^22 rounds correctly. Other forms go to
    /// the general parser.
    private mutating func decimal() -> Double? {
        guard let whole = integer() else { return nil }
        guard index < end, bytes[index] == UInt8(ascii: ".") else { return Double(whole) }
        index += 1
        var numerator = whole
        var scale = 1.0
        let start = index
        while index < end, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            numerator = numerator &* 10 &+ Int(bytes[index] &- UInt8(ascii: "0"))
            scale *= 10
            index += 1
            guard index - start <= 15, numerator < 1 << 53 else { return nil }
        }
        guard index > start else { return nil }
        return Double(numerator) / scale
    }

    private mutating func origin() -> Store.Origin? {
        for origin in [Store.Origin.app, .effect, .middleware, .store] {
            let name = origin.rawValue.utf8
            if end - index > name.count, zip(name, bytes[index..<(index + name.count)]).allSatisfy(==),
                bytes[index + name.count] == UInt8(ascii: "\"")
            {
                index += name.count + 1
                return origin
            }
        }
        return nil
    }

    /// The rest of a JSON string whose opening quote was taken; escapes send the line to the
    /// general parser.
    private mutating func string() -> String? {
        let start = index
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        while index < end, bytes[index] != UInt8(ascii: "\"") {
            if bytes[index] == UInt8(ascii: "\\") { return nil }
            hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3
            index += 1
        }
        guard index < end else { return nil }
        defer { index += 1 }
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
        if let known = strings.byHash[hash], known.utf8.count == slice.count,
            known.utf8.withContiguousStorageIfAvailable({ memcmp($0.baseAddress!, slice.baseAddress!, $0.count) == 0 })
                ?? known.utf8.elementsEqual(slice)
        {
            return known
        }
        let string = String(decoding: slice, as: UTF8.self)
        strings.byHash[hash] = string
        return string
    }
}

/// Strings already read from a log (type names repeat from line to line), by a hash of their
/// bytes; a reference, so that each line adds to it without copying it.
final class StringCache {
    // Read and written by one scanner at a time: no run-time exclusivity checks.
    @exclusivity(unchecked) var byHash: [UInt64: String] = [:]
}
