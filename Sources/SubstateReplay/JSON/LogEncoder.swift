import Foundation
import Substate

/// Encodes action payloads as JSON straight into a log line's bytes.
///
/// `JSONEncoder` first builds a tree of values and then writes it out; recording needs neither
/// the tree nor key sorting for payloads, so this encoder writes each value as it is handed
/// over, into one buffer that the recorder reuses for every line. Its output is plain JSON that
/// `JSONDecoder` reads back with default strategies: `Data` as Base64, `URL` as its absolute
/// string, `Decimal` as a number, dates as `Date` encodes itself. `Redacted` fields are left
/// out, as in every log.
///
/// Streaming needs containers to be filled in order: a nested container is finished once its
/// parent is written to again. Types that go back to a finished container, ask one encoder for
/// two containers, or use `superEncoder` make ``encode(_:)`` throw ``Unsupported``, and the
/// caller encodes them with `JSONEncoder` instead.
package final class LogEncoder {
    /// The value used a container in a way a streaming encoder cannot follow.
    struct Unsupported: Error {}

    /// The output and the open containers. Kept behind a pointer owned by this encoder, so that
    /// the many small writes of one encode need no run-time exclusivity checks, which a class's
    /// stored properties would need on every access.
    let output: UnsafeMutablePointer<LogOutput>
    let userInfo: [CodingUserInfoKey: Any] = [RedactionContext.redacting: true]
    /// What a ``StateEncoder`` remembers of the last encode, consulted for every value; `nil`
    /// when recording.
    var memo: EncodingMemo?

    package init() {
        // Fact (owned allocation): the encoder alone holds its output, initialized here and freed once, in deinit.
        output = .allocate(capacity: 1)
        output.initialize(to: LogOutput())
    }

    deinit {
        output.deinitialize(count: 1)
        output.deallocate()
    }

    /// The line being written.
    package var bytes: [UInt8] {
        get { output.pointee.bytes }
        _modify { yield &output.pointee.bytes }
    }

    /// Appends an integer's digits to ``bytes``.
    package func writeInteger<I: FixedWidthInteger>(_ value: I) { output.pointee.writeInteger(value) }

    /// Appends an `Int`'s digits: the recorder's hot path, called from another module, where a
    /// generic call would not be specialised.
    package func writeInteger(_ value: Int) { output.pointee.writeInteger(value) }

    /// Appends an `Int64`'s digits, as the `Int` overload does.
    package func writeInteger(_ value: Int64) { output.pointee.writeInteger(value) }

    /// Appends the JSON of `value` to ``bytes``, or leaves them as they were and throws.
    package func encode<T: Encodable>(_ value: T) throws {
        let start = output.pointee.bytes.count
        output.pointee.reset()
        do {
            try encodeValue(value)
            if output.pointee.failed { throw Unsupported() }
        } catch {
            output.pointee.bytes.removeSubrange(start...)
            throw error
        }
    }

    /// Writes any encodable value at the current position, under `key` in the coding path.
    func encodeValue<T: Encodable>(_ value: T, key: (any CodingKey)? = nil) throws {
        if try writeKnown(value) { return }
        if let memo {
            try memo.encode(value, key: key, by: self)
            return
        }
        try encodeFresh(value, key: key)
    }

    /// Writes a value by asking it to encode itself.
    func encodeFresh<T: Encodable>(_ value: T, key: (any CodingKey)?) throws {
        if let key { output.pointee.path.append(key) }
        defer { if key != nil { output.pointee.path.removeLast() } }
        let start = output.pointee.bytes.count
        let outer = output.pointee.openID
        try value.encode(to: LogValueEncoder(writer: self, start: start, depth: output.pointee.path.count))
        output.pointee.close(after: outer)
        if output.pointee.bytes.count == start { output.pointee.bytes.append(contentsOf: "{}".utf8) }
    }

    /// Writes values that `JSONEncoder` treats specially, and plain values reached through a
    /// generic call; returns whether `value` was one.
    private func writeKnown<T: Encodable>(_ value: T) throws -> Bool {
        // Fact (same type): each cast follows the check that `T` is the type cast to, so it reinterprets nothing.
        if T.self == String.self {
            output.pointee.writeString(unsafeBitCast(value, to: String.self))
        } else if T.self == Int.self {
            output.pointee.writeInteger(unsafeBitCast(value, to: Int.self))
        } else if T.self == Bool.self {
            output.pointee.writeBool(unsafeBitCast(value, to: Bool.self))
        } else if T.self == Double.self {
            try output.pointee.writeFloat(unsafeBitCast(value, to: Double.self))
        } else if T.self == Data.self {
            output.pointee.writeString(unsafeBitCast(value, to: Data.self).base64EncodedString())
        } else if T.self == URL.self {
            output.pointee.writeString(unsafeBitCast(value, to: URL.self).absoluteString)
        } else if T.self == Decimal.self {
            output.pointee.bytes.append(contentsOf: unsafeBitCast(value, to: Decimal.self).description.utf8)
        } else {
            return false
        }
        return true
    }

    /// An encoder for a use this one cannot stream (`superEncoder`): it marks the encode as
    /// unsupported, and whatever is written to it is discarded with the attempt.
    func unsupportedEncoder(depth: Int) -> any Encoder {
        _ = output.pointee.fail()
        return LogValueEncoder(writer: self, start: -1, depth: depth)
    }
}
