import Foundation
import SubstateReplay

/// Shows the `Duration` fields of recorded actions as people read them (`"300 ms"`), not as
/// the pairs of numbers `Codable` writes (`[0,300000000000000000]`: the high and low halves of a
/// count of attoseconds).
///
/// Which fields hold durations comes from each type's shape, which the log carries on the
/// first line of each type; only the action's own fields are rewritten (a duration inside a
/// nested value keeps its recorded form), and the log itself is never changed.
struct DurationFields {
    /// The duration fields of each action type seen so far, by runtime name.
    private var fieldsByType: [String: Set<String>] = [:]

    /// Learns a type's duration fields when the entry carries its shape.
    mutating func learn(_ entry: ActionLog.Entry) {
        guard let shape = entry.shape, fieldsByType[entry.name] == nil else { return }
        let fields = Self.durationFields(inShape: shape)
        fieldsByType[entry.name] = fields
    }

    /// The entry's payload with its durations readable; `nil` when it has none.
    func readablePayload(of entry: ActionLog.Entry) -> Data? {
        guard let fields = fieldsByType[entry.name], !fields.isEmpty, let payload = entry.payload,
            let rewritten = Self.rewrite(Array(payload), fields: fields)
        else { return nil }
        return Data(rewritten)
    }

    /// The names of the top-level fields of a shape such as
    /// `Timer.Start(after: Duration, id: String, every: Optional<Duration>)` whose type is a
    /// duration, optional or not.
    static func durationFields(inShape shape: String) -> Set<String> {
        guard let open = shape.firstIndex(of: "("), shape.hasSuffix(")") else { return [] }
        let inner = shape[shape.index(after: open)..<shape.index(before: shape.endIndex)]
        var fields: Set<String> = []
        var depth = 0
        var current = ""
        func flush() {
            let parts = current.split(separator: ":", maxSplits: 1)
            if parts.count == 2 {
                let type = parts[1].trimmingCharacters(in: .whitespaces)
                if type == "Duration" || type == "Optional<Duration>" {
                    fields.insert(parts[0].trimmingCharacters(in: .whitespaces))
                }
            }
            current = ""
        }
        for character in inner {
            switch character {
            case "(", "<", "[": depth += 1
            case ")", ">", "]": depth -= 1
            case "," where depth == 0:
                flush()
                continue
            default: break
            }
            current.append(character)
        }
        flush()
        return fields
    }

    /// The payload with each top-level member named in `fields` whose value is an encoded
    /// duration written as a readable string; `nil` when nothing changed.
    static func rewrite(_ json: [UInt8], fields: Set<String>) -> [UInt8]? {
        var output: [UInt8] = []
        var index = 0
        var depth = 0
        var changed = false
        while index < json.count {
            let byte = json[index]
            if byte == UInt8(ascii: "\"") {
                let end = stringEnd(json, from: index)
                output += json[index..<end]
                // A member name at the top level, followed by a pair.
                if depth == 1, end < json.count, json[end] == UInt8(ascii: ":"),
                    let name = String(bytes: json[(index + 1)..<(end - 1)], encoding: .utf8), fields.contains(name),
                    let (text, next) = pair(json, at: end + 1)
                {
                    output.append(UInt8(ascii: ":"))
                    output += "\"\(text)\"".utf8
                    index = next
                    changed = true
                    continue
                }
                index = end
                continue
            }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { depth -= 1 }
            output.append(byte)
            index += 1
        }
        return changed ? output : nil
    }

    /// Where the string starting at `start` (its opening quote) ends: just past its closing quote.
    private static func stringEnd(_ json: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < json.count {
            if json[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if json[index] == UInt8(ascii: "\"") { return index + 1 }
            index += 1
        }
        return json.count
    }

    /// An encoded duration at `start`, as readable text, and where it ends.
    private static func pair(_ json: [UInt8], at start: Int) -> (String, Int)? {
        guard start < json.count, json[start] == UInt8(ascii: "["),
            let close = json[start...].firstIndex(of: UInt8(ascii: "]"))
        else { return nil }
        // `Duration` encodes its count of attoseconds, a 128-bit integer, as its high and low
        // 64-bit halves.
        let numbers = String(decoding: json[(start + 1)..<close], as: UTF8.self).split(separator: ",")
        guard numbers.count == 2, let high = Int64(numbers[0]), let low = UInt64(numbers[1]) else { return nil }
        let attoseconds = Int128(high) << 64 | Int128(low)
        let perSecond: Int128 = 1_000_000_000_000_000_000
        let duration = Duration(
            secondsComponent: Int64(attoseconds / perSecond), attosecondsComponent: Int64(attoseconds % perSecond))
        return (readable(duration), close + 1)
    }

    /// A duration in the largest unit that keeps it above one: `300 ms`, `1.5 s`, `250 µs`.
    static func readable(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        let magnitude = abs(nanoseconds)
        func number(_ value: Double) -> String {
            let rounded = (value * 1000).rounded() / 1000
            return rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
        }
        if magnitude >= 60e9, magnitude.truncatingRemainder(dividingBy: 60e9) == 0 {
            return "\(number(nanoseconds / 60e9)) min"
        }
        if magnitude >= 1e9 { return "\(number(nanoseconds / 1e9)) s" }
        if magnitude >= 1e6 { return "\(number(nanoseconds / 1e6)) ms" }
        if magnitude >= 1e3 { return "\(number(nanoseconds / 1e3)) µs" }
        return "\(number(nanoseconds)) ns"
    }
}
