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
    /// duration written as a readable string; `nil` when nothing changed. The payload comes from
    /// a log reader, which checked its syntax.
    static func rewrite(_ json: [UInt8], fields: Set<String>) -> [UInt8]? {
        let document = RawJSON(written: json)
        guard let members = (try? document.members(at: document.root)) ?? nil else { return nil }
        var output: [UInt8] = []
        var copied = 0
        var changed = false
        for (key, value) in members.sorted(by: { $0.value.lowerBound < $1.value.lowerBound }) where fields.contains(key)
        {
            guard let text = duration(String(decoding: json[value], as: UTF8.self)) else { continue }
            output += json[copied..<value.lowerBound]
            output += "\"\(text)\"".utf8
            copied = value.upperBound
            changed = true
        }
        guard changed else { return nil }
        return output + json[copied...]
    }

    /// An encoded duration (`[high,low]`), as readable text; `nil` for any other value.
    private static func duration(_ text: String) -> String? {
        guard text.hasPrefix("["), text.hasSuffix("]") else { return nil }
        // `Duration` encodes its count of attoseconds, a 128-bit integer, as its high and low
        // 64-bit halves.
        let numbers = text.dropFirst().dropLast().split(separator: ",")
        guard numbers.count == 2, let high = Int64(numbers[0]), let low = UInt64(numbers[1]) else { return nil }
        let attoseconds = Int128(high) << 64 | Int128(low)
        let perSecond: Int128 = 1_000_000_000_000_000_000
        return readable(
            Duration(
                secondsComponent: Int64(attoseconds / perSecond), attosecondsComponent: Int64(attoseconds % perSecond)))
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
