import Foundation

/// Writes JSON text piece by piece, for the session page's data; a class, so that the nested
/// closures that write members share one text. Strings and numbers are written as the log's
/// own encoder writes them (``LogOutput``).
final class JSONText {
    private var output = LogOutput()
    /// Whether the container being written needs a comma before its next member.
    private var needsComma = [false]

    /// The JSON written so far.
    var text: String { String(decoding: output.bytes, as: UTF8.self) }

    private func separate() {
        if needsComma[needsComma.count - 1] { output.bytes.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
    }

    func object(_ body: () -> Void) {
        separate()
        output.bytes.append(UInt8(ascii: "{"))
        needsComma.append(false)
        body()
        needsComma.removeLast()
        output.bytes.append(UInt8(ascii: "}"))
    }

    func array<S: Sequence>(_ elements: S, _ body: (S.Element) -> Void) {
        separate()
        output.bytes.append(UInt8(ascii: "["))
        needsComma.append(false)
        for element in elements { body(element) }
        needsComma.removeLast()
        output.bytes.append(UInt8(ascii: "]"))
    }

    /// A member of an object: its key, then the value the body writes.
    func key(_ name: String, _ body: () -> Void) {
        separate()
        output.writeString(name)
        output.bytes.append(UInt8(ascii: ":"))
        needsComma.append(false)
        body()
        needsComma.removeLast()
    }

    func field(_ name: String, _ value: String?) {
        key(name) { if let value { string(value) } else { null() } }
    }

    func field(_ name: String, _ value: Int) {
        key(name) { number(value) }
    }

    func field(_ name: String, _ value: Double) {
        key(name) {
            separate()
            if value.isFinite { output.bytes.append(contentsOf: String(value).utf8) } else { output.writeNull() }
        }
    }

    func field(_ name: String, _ value: Bool) {
        key(name) {
            separate()
            output.writeBool(value)
        }
    }

    func string(_ value: String) {
        separate()
        output.writeString(value)
    }

    func number(_ value: Int) {
        separate()
        output.writeInteger(value)
    }

    func null() {
        separate()
        output.writeNull()
    }

    /// JSON text that is already valid (a payload as the log holds it), or `null`.
    func raw(_ json: Data?) {
        separate()
        guard let json, !json.isEmpty else { return output.writeNull() }
        output.bytes.append(contentsOf: json)
    }
}
