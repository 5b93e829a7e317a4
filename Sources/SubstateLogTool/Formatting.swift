import Foundation
import Substate
import SubstateReplay

/// How the commands write numbers and entries.
enum Formatting {
    /// Seconds with three decimals: `12.345s`.
    static func seconds(_ value: Double) -> String { number(value, decimals: 3) + "s" }

    /// A number with a fixed count of decimals; values too large for that (a hand-edited time
    /// of `1e300`) are written as Swift writes them.
    static func number(_ value: Double, decimals: Int) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = String(abs(scaled) % Int(scale))
        let sign = scaled < 0 && whole == 0 ? "-" : ""
        return "\(sign)\(whole)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    /// One action as a line of a timeline: sequence number, time, origin, type and payload.
    /// `payload`, when given, is shown instead of the recorded one: the payload readable (see
    /// `ValueReadings`).
    ///
    /// Written as bytes straight into the string's own storage, as it is made for every action
    /// of logs of millions.
    static func entry(_ entry: ActionLog.Entry, payload shown: Data? = nil) -> String {
        var type = entry.type
        return type.withUTF8 { type in
            guard let payload = shown ?? entry.payload else { return line(entry, type: type, payload: nil) }
            // Fact (scoped pointer): the payload's bytes are read only inside the closure, as the
            // bytes (`UInt8`) they are.
            return payload.withUnsafeBytes { line(entry, type: type, payload: $0.bindMemory(to: UInt8.self)) }
        }
    }

    /// The line of an entry whose type and payload are these bytes. Text that may hold control
    /// characters is written as ``sanitized(_:)`` escapes it (`sanitizedText` says it already is).
    private static func line(
        _ entry: ActionLog.Entry, type: UnsafeBufferPointer<UInt8>, payload: UnsafeBufferPointer<UInt8>?,
        sanitizedText: Bool = false
    ) -> String {
        if !sanitizedText, mayHoldControls(type) || payload.map(mayHoldControls) == true {
            var type = sanitized(String(decoding: type, as: UTF8.self))
            var payload = payload.map { sanitized(String(decoding: $0, as: UTF8.self)) }
            return type.withUTF8 { type in
                guard payload != nil else { return line(entry, type: type, payload: nil, sanitizedText: true) }
                return payload!.withUTF8 { line(entry, type: type, payload: $0, sanitizedText: true) }
            }
        }
        // A time a hand-edited log puts out of range (negative, `1e300`) is written as
        // ``seconds(_:)`` writes it.
        let usualTime = entry.time >= 0 && entry.time < 1e12
        var unusualTime = usualTime ? "" : seconds(entry.time)
        return unusualTime.withUTF8 { unusualTime in
            // Each field and its padding, at most: `#` and 20 digits with a sign, and a space;
            // 20 digits, a point, three decimals and `s`, or the unusual time, and a space; the
            // longest origin and a space.
            let capacity = 23 + max(11, 26, unusualTime.count + 1) + 11 + type.count + 1 + (payload?.count ?? 14)
            return String(unsafeUninitializedCapacity: capacity) { storage in
                var line = LineCursor(storage)
                line.append(UInt8(ascii: "#"))
                line.append(decimal: entry.sequence)
                line.pad(to: 7)
                let time = line.count
                if usualTime {
                    let milliseconds = Int((entry.time * 1000).rounded())
                    line.append(decimal: milliseconds / 1000)
                    line.append(UInt8(ascii: "."))
                    let fraction = milliseconds % 1000
                    line.append(UInt8(ascii: "0") + UInt8(fraction / 100))
                    line.append(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
                    line.append(UInt8(ascii: "0") + UInt8(fraction % 10))
                    line.append(UInt8(ascii: "s"))
                } else {
                    line.append(unusualTime)
                }
                line.pad(to: time + 11)
                let origin = line.count
                line.append(entry.origin.spelling)
                line.pad(to: origin + 11)
                line.append(type)
                line.append(UInt8(ascii: " "))
                if let payload {
                    line.append(payload)
                } else {
                    line.append("(not recorded)")
                }
                return line.count
            }
        }
    }

    /// Whether text from a log holds bytes that may be control characters (C0, DEL, C1, the
    /// line and paragraph separators), which ``sanitized(_:)`` escapes.
    private static func mayHoldControls(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }
    }
}

/// Writes a line's bytes into storage that has room for them all (the caller counted it).
private struct LineCursor {
    let base: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    init(_ base: UnsafeMutableBufferPointer<UInt8>) {
        self.base = base
    }

    mutating func append(_ byte: UInt8) {
        // Fact (bounded write): checked in every build, so a miscounted capacity stops here
        // instead of writing past the string's storage.
        precondition(count < base.count)
        base[count] = byte
        count += 1
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        precondition(count + bytes.count <= base.count)
        (base.baseAddress! + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// Appends an integer in decimal.
    mutating func append(decimal value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var rest = value.magnitude
        var digits = 1
        var scale: UInt = 10
        while digits < 20, rest >= scale {
            digits += 1
            scale = scale &* 10
        }
        precondition(count + digits <= base.count)
        var index = count + digits - 1
        repeat {
            base[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            index -= 1
        } while rest > 0
        count += digits
    }

    /// Pads with spaces to `width` bytes, with at least one space.
    mutating func pad(to width: Int) {
        append(UInt8(ascii: " "))
        while count < width { append(UInt8(ascii: " ")) }
    }
}

extension Store.Origin {
    /// The origin as a line shows it: its raw value, as a static string.
    fileprivate var spelling: StaticString {
        switch self {
        case .app: "app"
        case .effect: "effect"
        case .middleware: "middleware"
        case .store: "store"
        }
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }

    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
