import Foundation
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
    ///
    /// Built as bytes, as it is made for every action of logs of millions.
    static func entry(_ entry: ActionLog.Entry, payload: Data? = nil) -> String {
        var line: [UInt8] = []
        return self.entry(entry, payload: payload, reusing: &line)
    }

    /// One action as a line, built in `line` (emptied first and kept for the next entry, so
    /// that a timeline of millions of actions allocates one buffer).
    /// `payload`, when given, is shown instead of the recorded one: the payload readable (see
    /// `ValueReadings`).
    static func entry(_ entry: ActionLog.Entry, payload shown: Data? = nil, reusing line: inout [UInt8]) -> String {
        line.removeAll(keepingCapacity: true)
        line.append(UInt8(ascii: "#"))
        append(entry.sequence, to: &line)
        pad(&line, to: 7)
        let time = line.count
        if entry.time >= 0, entry.time < 1e12 {
            let milliseconds = Int((entry.time * 1000).rounded())
            append(milliseconds / 1000, to: &line)
            line.append(UInt8(ascii: "."))
            let fraction = milliseconds % 1000
            if fraction < 100 { line.append(UInt8(ascii: "0")) }
            if fraction < 10 { line.append(UInt8(ascii: "0")) }
            append(fraction, to: &line)
            line.append(UInt8(ascii: "s"))
        } else {
            line += seconds(entry.time).utf8
        }
        pad(&line, to: time + 11)
        let origin = line.count
        line += entry.origin.rawValue.utf8
        pad(&line, to: origin + 11)
        appendText(entry.type.utf8, to: &line)
        line.append(UInt8(ascii: " "))
        if let payload = shown ?? entry.payload {
            // Fact (scoped pointer): the payload's bytes are read only inside the closure, as the bytes (`UInt8`) they are.
            payload.withUnsafeBytes { appendText($0.bindMemory(to: UInt8.self), to: &line) }
        } else {
            line += "(not recorded)".utf8
        }
        return String(decoding: line, as: UTF8.self)
    }

    private static func append(_ value: Int, to line: inout [UInt8]) {
        if value < 0 {
            line += "\(value)".utf8
            return
        }
        let start = line.count
        var rest = value
        repeat {
            line.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        line[start...].reverse()
    }

    /// Pads with spaces to `width` bytes, with at least one space.
    private static func pad(_ line: inout [UInt8], to width: Int) {
        line.append(UInt8(ascii: " "))
        while line.count < width { line.append(UInt8(ascii: " ")) }
    }

    /// Appends text from a log as is, unless it holds bytes that may be control characters
    /// (C0, DEL, C1, the line and paragraph separators), which ``sanitized(_:)`` escapes.
    private static func appendText<Bytes: Collection<UInt8>>(_ bytes: Bytes, to line: inout [UInt8]) {
        let risky = bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }
        if risky {
            line += sanitized(String(decoding: bytes, as: UTF8.self)).utf8
        } else {
            line += bytes
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
