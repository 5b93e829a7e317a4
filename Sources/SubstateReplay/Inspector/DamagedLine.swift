import Foundation

/// A line of a log that could not be read, as the session page shows it: where it stands, why
/// it was refused, its text, and what of it can still be read.
///
/// A damaged line is evidence: a page that left it out would hide what happened at that
/// point of the session. Its text is kept as it is (bytes that are not UTF-8 become U+FFFD),
/// and the page shows it as text. What can be read is read leniently, never trusted: the
/// sequence number, time, type and origin, and the payload, from the line repaired (a lone
/// surrogate escape becomes `\ufffd`) when that makes it JSON, or else from its text.
struct DamagedLine {
    /// The line's number in the log, counting from 1.
    let line: Int
    /// Why the reader refused it, as the reader says it.
    let reason: String
    /// The line's text.
    let text: String
    var sequence: Int?
    var time: Double?
    var type: String?
    var origin: String?
    /// The payload as JSON, when the repaired line is JSON.
    var payload: Data?
    /// The payload's text, when the line is not JSON even repaired.
    var payloadText: String?

    init(line: Int, reason: String, bytes: [UInt8]) {
        self.line = line
        self.reason = reason
        text = String(decoding: bytes, as: UTF8.self)
        if let object = Self.repairedObject(text) {
            sequence = (object["seq"] as? NSNumber)?.intValue
            time = (object["t"] as? NSNumber)?.doubleValue
            type = object["type"] as? String
            origin = object["origin"] as? String
            if let value = object["payload"], JSONSerialization.isValidJSONObject([value]) {
                payload = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
            }
        } else {
            sequence = Self.scan(#""seq":"#, in: text).flatMap { Int($0.prefix { $0.isNumber }) }
            time = Self.scan(#""t":"#, in: text).flatMap { Double($0.prefix { $0.isNumber || $0 == "." }) }
            type = Self.scanString(#""type":""#, in: text)
            origin = Self.scanString(#""origin":""#, in: text)
            payloadText = Self.scan(#""payload":"#, in: text).map { String($0) }
        }
    }

    /// The line as a JSON object once lone surrogate escapes are replaced, or `nil`.
    private static func repairedObject(_ text: String) -> [String: Any]? {
        let repaired = replacingLoneSurrogates(text)
        guard let data = repaired.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return object
    }

    /// The text with each `\uD800`-`\uDFFF` escape that is not half of a pair replaced by
    /// `\uFFFD`.
    static func replacingLoneSurrogates(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        func surrogate(at index: Int) -> UInt32? {
            guard index + 5 < scalars.count, scalars[index] == "\\", scalars[index + 1] == "u" else { return nil }
            let hex = String(String.UnicodeScalarView(scalars[(index + 2)..<(index + 6)]))
            guard let value = UInt32(hex, radix: 16), (0xD800...0xDFFF).contains(value) else { return nil }
            return value
        }
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            // An escaped backslash is copied whole, so that `\\ud800` stays text.
            if scalars[index] == "\\", index + 1 < scalars.count, scalars[index + 1] == "\\" {
                out.append(contentsOf: scalars[index...(index + 1)])
                index += 2
                continue
            }
            if let high = surrogate(at: index) {
                if high < 0xDC00, let low = surrogate(at: index + 6), low >= 0xDC00 {
                    out.append(contentsOf: scalars[index..<(index + 12)])
                    index += 12
                } else {
                    out.append(contentsOf: "\\ufffd".unicodeScalars)
                    index += 6
                }
                continue
            }
            out.append(scalars[index])
            index += 1
        }
        return String(out)
    }

    /// The text after the first occurrence of a marker.
    private static func scan(_ marker: String, in text: String) -> Substring? {
        text.range(of: marker).map { text[$0.upperBound...] }
    }

    /// The string that follows a marker ending in an opening quote, up to its closing quote.
    private static func scanString(_ marker: String, in text: String) -> String? {
        guard let rest = scan(marker, in: text) else { return nil }
        var value = ""
        var escaped = false
        for character in rest {
            if escaped {
                value.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return value
            } else {
                value.append(character)
            }
        }
        return nil
    }
}
