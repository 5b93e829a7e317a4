import Foundation
import Substate

/// Where a recorded value holds parts that read better rewritten, and how: a `Duration`, which
/// `Codable` writes as the two halves of its count of attoseconds (`[0,300000000000000000]`),
/// reads `300 ms`; a model's mangled type name (`18SubstateMiddleware10ModelSaverC8SettingsV`)
/// reads as people write it (`ModelSaver.Settings`).
///
/// Made from the value's type's shape by ``ValueReadings``, never from the numbers alone: a
/// pair of integers is a duration only where the shape says `Duration`. Only what is shown
/// changes; the log, and the values replay and the session page rebuild states from, do not.
package indirect enum ValueReading: Equatable {
    /// An encoded `Duration`, or `null` for an optional one.
    case duration
    /// A string shown as this text instead: a mangled type name, readable.
    case text(String)
    /// An object's members that hold such parts: a struct's fields, an enum's case (an enum
    /// with a payload encodes as `{"case":{"_0":…}}`).
    case members([String: ValueReading])
    /// Each element of an array (an `Array` or a `Set`).
    case elements(ValueReading)
    /// The elements of an array at these positions: the models a `Store.Restore` puts back,
    /// each of its own type.
    case positions([Int: ValueReading])
    /// A dictionary's keys and values: each member's value of an object (keys that are strings
    /// or integers), or the keys and values alternating in an array (other keys).
    case entries(key: ValueReading?, value: ValueReading?)
    /// A value of the type with this name, as ``ValueReadings`` reads it: how a recursive type
    /// refers to itself.
    case named(String)

    /// The JSON with each part the reading names rewritten (a duration as a string,
    /// `"300 ms"`), or `nil` when nothing in it is; the JSON is valid (a log reader checked it).
    /// `named` holds the readings ``named(_:)`` refers to (see
    /// ``ValueReadings/namedReadings(referredToBy:)``).
    package func rewrite(_ json: [UInt8], named: [String: ValueReading] = [:]) -> [UInt8]? {
        guard !json.isEmpty else { return nil }
        let document = RawJSON(written: json)
        var replacements: [(range: Range<Int>, text: String)] = []
        var walk = Walk(document: document, named: named)
        walk.collect(self, at: document.root, into: &replacements)
        guard !replacements.isEmpty else { return nil }
        replacements.sort { $0.range.lowerBound < $1.range.lowerBound }
        var output: [UInt8] = []
        output.reserveCapacity(json.count)
        var copied = 0
        for replacement in replacements where replacement.range.lowerBound >= copied {
            output += json[copied..<replacement.range.lowerBound]
            output += jsonString(replacement.text).utf8
            copied = replacement.range.upperBound
        }
        return output + json[copied...]
    }

    /// Finds the parts to rewrite in one document.
    private struct Walk {
        let document: RawJSON
        let named: [String: ValueReading]
        /// How many ``ValueReading/named(_:)`` readings are being followed: a recursive type's
        /// value is as deep as its JSON, which a log reader bounds.
        var depth = 0

        mutating func collect(
            _ reading: ValueReading, at index: Int, into replacements: inout [(range: Range<Int>, text: String)]
        ) {
            let bytes = document.bytes
            guard index < bytes.count, depth < ShapeSyntax.depthLimit * 4 else { return }
            switch reading {
            case .duration:
                let range = index..<document.end(at: index)
                if let text = ValueReading.durationText(bytes[range]) { replacements.append((range, text)) }
            case .text(let text):
                if bytes[index] == UInt8(ascii: "\"") { replacements.append((index..<document.end(at: index), text)) }
            case .members(let readings):
                guard let members = (try? document.members(at: index)) ?? nil else { return }
                for (key, part) in readings {
                    if let value = members[key] { collect(part, at: value.lowerBound, into: &replacements) }
                }
            case .elements(let part):
                for element in document.elements(at: index) ?? [] {
                    collect(part, at: element.lowerBound, into: &replacements)
                }
            case .positions(let readings):
                guard let elements = document.elements(at: index) else { return }
                for (position, part) in readings where position < elements.count {
                    collect(part, at: elements[position].lowerBound, into: &replacements)
                }
            case .entries(let key, let value):
                if let members = (try? document.members(at: index)) ?? nil {
                    guard let value else { return }
                    for range in members.values { collect(value, at: range.lowerBound, into: &replacements) }
                } else if let elements = document.elements(at: index) {
                    for (position, element) in elements.enumerated() {
                        guard let part = position % 2 == 0 ? key : value else { continue }
                        collect(part, at: element.lowerBound, into: &replacements)
                    }
                }
            case .named(let name):
                guard let resolved = named[name] else { return }
                depth += 1
                collect(resolved, at: index, into: &replacements)
                depth -= 1
            }
        }
    }

    /// The reading as JSON for the session page's script, which shows values with it:
    /// `"d"` a duration, `{"t":text}`, `{"f":{member:…}}`, `{"e":…}` each element,
    /// `{"i":{"0":…}}` elements by position, `{"k":…,"v":…}` a dictionary's keys and values,
    /// `{"r":name}` a named type's reading.
    func write(into json: JSONText) {
        switch self {
        case .duration: json.string("d")
        case .text(let text): json.object { json.field("t", text) }
        case .members(let readings):
            json.object {
                json.key("f") {
                    json.object {
                        for key in readings.keys.sorted() { json.key(key) { readings[key]!.write(into: json) } }
                    }
                }
            }
        case .elements(let part): json.object { json.key("e") { part.write(into: json) } }
        case .positions(let readings):
            json.object {
                json.key("i") {
                    json.object {
                        for position in readings.keys.sorted() {
                            json.key(String(position)) { readings[position]!.write(into: json) }
                        }
                    }
                }
            }
        case .entries(let key, let value):
            json.object {
                if let key { json.key("k") { key.write(into: json) } }
                if let value { json.key("v") { value.write(into: json) } }
            }
        case .named(let name): json.object { json.field("r", name) }
        }
    }

    /// The names of the types the reading refers to with ``named(_:)``.
    var referencedNames: Set<String> {
        switch self {
        case .duration, .text: []
        case .members(let readings): readings.values.reduce(into: []) { $0.formUnion($1.referencedNames) }
        case .elements(let part): part.referencedNames
        case .positions(let readings): readings.values.reduce(into: []) { $0.formUnion($1.referencedNames) }
        case .entries(let key, let value): (key?.referencedNames ?? []).union(value?.referencedNames ?? [])
        case .named(let name): [name]
        }
    }

    /// An encoded duration (`[high,low]`, the high and low 64-bit halves of its count of
    /// attoseconds) as readable text; `nil` for any other value.
    static func durationText<Bytes: BidirectionalCollection<UInt8>>(_ json: Bytes) -> String? {
        guard json.first == UInt8(ascii: "["), json.last == UInt8(ascii: "]") else { return nil }
        let numbers = String(decoding: json.dropFirst().dropLast(), as: UTF8.self).split(
            separator: ",", omittingEmptySubsequences: false)
        guard numbers.count == 2, let high = Int64(numbers[0].trimmed), let low = UInt64(numbers[1].trimmed) else {
            return nil
        }
        return readable(attoseconds: Int128(high) << 64 | Int128(low))
    }

    /// A duration of this many attoseconds in the largest unit that keeps it at one or more:
    /// `300 ms`, `1.5 s`, `250 µs`, `2 min` (whole minutes only), with at most three decimals;
    /// under a nanosecond, in attoseconds (`500 as`).
    package static func readable(attoseconds: Int128) -> String {
        let nanoseconds = Double(attoseconds) / 1e9
        let magnitude = abs(nanoseconds)
        if magnitude < 1, attoseconds != 0 { return "\(attoseconds) as" }
        func number(_ value: Double) -> String {
            let rounded = (value * 1000).rounded() / 1000
            return rounded == rounded.rounded() && abs(rounded) < 9e18 ? String(Int64(rounded)) : String(rounded)
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

extension Substring {
    fileprivate var trimmed: Substring {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}
