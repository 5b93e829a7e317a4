import Foundation

/// The recorder's action line, built in place in a ``LogEncoder``'s buffer: one call per part,
/// so that a recorder in another module crosses into this one a few times per action rather
/// than once per byte run.
extension LogEncoder {
    /// Starts an action line: `{"seq":…,"t":…` then the type's fields, then the origin.
    ///
    /// - Parameters:
    ///   - fields: The type's `,"type":…,"name":…` members (and its shape, on its first line).
    ///   - microseconds: The time since the store started.
    package func beginActionLine(sequence: Int, microseconds: Int64, fields: String, origin: String) {
        output.pointee.bytes.removeAll(keepingCapacity: true)
        output.pointee.append(literal: #"{"seq":"#)
        output.pointee.writeInteger(sequence)
        output.pointee.append(literal: #","t":"#)
        // Seconds with six decimals, from the integer (faster than a `Double`'s description).
        output.pointee.writeInteger(microseconds / 1_000_000)
        output.pointee.bytes.append(UInt8(ascii: "."))
        let fraction = microseconds % 1_000_000
        var scale: Int64 = 100_000
        while scale > 1, fraction < scale {
            output.pointee.bytes.append(UInt8(ascii: "0"))
            scale /= 10
        }
        output.pointee.writeInteger(fraction)
        output.pointee.bytes.append(contentsOf: fields.utf8)
        output.pointee.append(literal: #","origin":""#)
        output.pointee.bytes.append(contentsOf: origin.utf8)
        output.pointee.bytes.append(UInt8(ascii: "\""))
    }

    /// Appends the `"payload"` member with the value encoded in place; when the value cannot
    /// be streamed (see ``Unsupported``), with `fallback`'s encoding of it; returns `false`,
    /// leaving the line as it was, when neither can encode it.
    package func appendPayload<T: Encodable>(_ value: T, fallback: JSONEncoder) -> Bool {
        let start = output.pointee.bytes.count
        output.pointee.append(literal: #","payload":"#)
        do {
            try encode(value)
        } catch {
            guard let data = try? fallback.encode(value) else {
                output.pointee.bytes.removeSubrange(start...)
                return false
            }
            output.pointee.bytes.append(contentsOf: data)
        }
        return true
    }

    /// Appends a `"payload"` member whose JSON is ready.
    package func appendPayload(json: String) {
        output.pointee.append(literal: #","payload":"#)
        output.pointee.bytes.append(contentsOf: json.utf8)
    }

    /// Ends the action line, marking it not replayable when it has no payload, and returns it.
    package func endActionLine(replayable: Bool) -> String {
        if !replayable { output.pointee.append(literal: #","replayable":false"#) }
        output.pointee.bytes.append(UInt8(ascii: "}"))
        return String(decoding: output.pointee.bytes, as: UTF8.self)
    }
}
