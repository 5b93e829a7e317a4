import Foundation

/// Writes JSON text piece by piece, for the session page's data; a class, so that the nested
/// closures that write members share one text.
final class JSONText {
    private(set) var text = ""
    /// Whether the container being written needs a comma before its next member.
    private var needsComma = [false]

    private func separate() {
        if needsComma[needsComma.count - 1] { text += "," }
        needsComma[needsComma.count - 1] = true
    }

    func object(_ body: () -> Void) {
        separate()
        text += "{"
        needsComma.append(false)
        body()
        needsComma.removeLast()
        text += "}"
    }

    func array<S: Sequence>(_ elements: S, _ body: (S.Element) -> Void) {
        separate()
        text += "["
        needsComma.append(false)
        for element in elements { body(element) }
        needsComma.removeLast()
        text += "]"
    }

    /// A member of an object: its key, then the value the body writes.
    func key(_ name: String, _ body: () -> Void) {
        separate()
        Self.quote(name, into: &text)
        text += ":"
        needsComma.append(false)
        body()
        needsComma.removeLast()
    }

    func field(_ name: String, _ value: String?) {
        key(name) { if let value { string(value) } else { null() } }
    }

    func field(_ name: String, _ value: Int) {
        key(name) { number(String(value)) }
    }

    func field(_ name: String, _ value: Double) {
        key(name) { number(value.isFinite ? String(value) : "null") }
    }

    func field(_ name: String, _ value: Bool) {
        key(name) { number(value ? "true" : "false") }
    }

    func string(_ value: String) {
        separate()
        Self.quote(value, into: &text)
    }

    func null() {
        separate()
        text += "null"
    }

    private func number(_ literal: String) {
        separate()
        text += literal
    }

    /// JSON text that is already valid (a payload as the log holds it), or `null`.
    func raw(_ json: Data?) {
        separate()
        guard let json, !json.isEmpty else {
            text += "null"
            return
        }
        text += String(decoding: json, as: UTF8.self)
    }

    static func quote(_ string: String, into text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                text +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
