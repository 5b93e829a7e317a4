import Foundation
import Substate

/// The encoder handed to one value: it may ask for one container, or write one single value.
struct LogValueEncoder: Encoder {
    let writer: LogEncoder
    /// Where the value starts in the bytes; anything written since means the value is taken.
    let start: Int
    let depth: Int

    var codingPath: [any CodingKey] { writer.output.pointee.codingPath(depth: depth) }
    var userInfo: [CodingUserInfoKey: Any] { writer.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        guard writer.output.pointee.bytes.count == start else {
            _ = writer.output.pointee.fail()
            return KeyedEncodingContainer(LogKeyedContainer<Key>(writer: writer, id: -1, depth: depth))
        }
        let id = writer.output.pointee.open(object: true)
        return KeyedEncodingContainer(LogKeyedContainer<Key>(writer: writer, id: id, depth: depth))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        guard writer.output.pointee.bytes.count == start else {
            _ = writer.output.pointee.fail()
            return LogUnkeyedContainer(writer: writer, id: -1, depth: depth)
        }
        return LogUnkeyedContainer(writer: writer, id: writer.output.pointee.open(object: false), depth: depth)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        LogSingleValueContainer(writer: writer, start: start, depth: depth)
    }
}

/// An object in a log line; each key starts a new member.
struct LogKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: LogEncoder
    let id: Int
    let depth: Int

    var codingPath: [any CodingKey] { writer.output.pointee.codingPath(depth: depth) }

    private func begin(_ key: Key) throws { try writer.output.pointee.beginElement(in: id, key: key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws {
        try begin(key)
        writer.output.pointee.writeNull()
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try begin(key)
        writer.output.pointee.writeBool(value)
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        try begin(key)
        writer.output.pointee.writeString(value)
    }
    mutating func encode(_ value: Double, forKey key: Key) throws { try float(value, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try float(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int128, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt128, forKey key: Key) throws { try integer(value, key) }

    /// Every integer width is written by one generic path.
    @inline(__always)
    private func integer<I: FixedWidthInteger>(_ value: I, _ key: Key) throws {
        try begin(key)
        writer.output.pointee.writeInteger(value)
    }

    @inline(__always)
    private func float<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F, _ key: Key) throws {
        try begin(key)
        try writer.output.pointee.writeFloat(value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try begin(key)
        try writer.encodeValue(value, key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        guard (try? begin(key)) != nil else {
            return KeyedEncodingContainer(LogKeyedContainer<NestedKey>(writer: writer, id: -1, depth: depth + 1))
        }
        let nested = writer.output.pointee.open(object: true)
        return KeyedEncodingContainer(LogKeyedContainer<NestedKey>(writer: writer, id: nested, depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        guard (try? begin(key)) != nil else { return LogUnkeyedContainer(writer: writer, id: -1, depth: depth + 1) }
        return LogUnkeyedContainer(writer: writer, id: writer.output.pointee.open(object: false), depth: depth + 1)
    }

    mutating func superEncoder() -> any Encoder { writer.unsupportedEncoder(depth: depth) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { writer.unsupportedEncoder(depth: depth) }
}

/// An array in a log line.
struct LogUnkeyedContainer: UnkeyedEncodingContainer, LogPrimitiveWriting {
    let writer: LogEncoder
    let id: Int
    let depth: Int

    var codingPath: [any CodingKey] { writer.output.pointee.codingPath(depth: depth) }
    var count: Int { writer.output.pointee.count(of: id) }

    func begin() throws { try writer.output.pointee.beginElement(in: id) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try begin()
        try writer.encodeValue(value, key: IndexKey(intValue: count - 1))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        guard (try? begin()) != nil else {
            return KeyedEncodingContainer(LogKeyedContainer<NestedKey>(writer: writer, id: -1, depth: depth + 1))
        }
        let nested = writer.output.pointee.open(object: true)
        return KeyedEncodingContainer(LogKeyedContainer<NestedKey>(writer: writer, id: nested, depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        guard (try? begin()) != nil else { return LogUnkeyedContainer(writer: writer, id: -1, depth: depth + 1) }
        return LogUnkeyedContainer(writer: writer, id: writer.output.pointee.open(object: false), depth: depth + 1)
    }

    mutating func superEncoder() -> any Encoder { writer.unsupportedEncoder(depth: depth) }

    // Members of the type itself: the standard library's throwing defaults for these are
    // protocol extension members too, and would be as good a match as ours there.
    mutating func encode(_ value: Int128) throws { try integer(value) }
    mutating func encode(_ value: UInt128) throws { try integer(value) }
}

/// One value in a log line; a second value for the same position is refused.
struct LogSingleValueContainer: SingleValueEncodingContainer, LogPrimitiveWriting {
    let writer: LogEncoder
    let start: Int
    let depth: Int

    var codingPath: [any CodingKey] { writer.output.pointee.codingPath(depth: depth) }

    func begin() throws {
        guard writer.output.pointee.bytes.count == start else { throw writer.output.pointee.fail() }
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try begin()
        try writer.encodeValue(value)
    }

    // Members of the type itself: the standard library's throwing defaults for these are
    // protocol extension members too, and would be as good a match as ours there.
    mutating func encode(_ value: Int128) throws { try integer(value) }
    mutating func encode(_ value: UInt128) throws { try integer(value) }
}

/// The plain values an unkeyed or single-value container writes: each starts its element,
/// then writes the value.
protocol LogPrimitiveWriting {
    var writer: LogEncoder { get }
    /// Starts the next value, or throws when the container cannot take one.
    func begin() throws
}

extension LogPrimitiveWriting {
    mutating func encodeNil() throws {
        try begin()
        writer.output.pointee.writeNull()
    }
    mutating func encode(_ value: Bool) throws {
        try begin()
        writer.output.pointee.writeBool(value)
    }
    mutating func encode(_ value: String) throws {
        try begin()
        writer.output.pointee.writeString(value)
    }
    mutating func encode(_ value: Double) throws { try float(value) }
    mutating func encode(_ value: Float) throws { try float(value) }
    mutating func encode(_ value: Int) throws { try integer(value) }
    mutating func encode(_ value: Int8) throws { try integer(value) }
    mutating func encode(_ value: Int16) throws { try integer(value) }
    mutating func encode(_ value: Int32) throws { try integer(value) }
    mutating func encode(_ value: Int64) throws { try integer(value) }
    mutating func encode(_ value: UInt) throws { try integer(value) }
    mutating func encode(_ value: UInt8) throws { try integer(value) }
    mutating func encode(_ value: UInt16) throws { try integer(value) }
    mutating func encode(_ value: UInt32) throws { try integer(value) }
    mutating func encode(_ value: UInt64) throws { try integer(value) }

    /// Every integer width is written by one generic path.
    @inline(__always)
    func integer<I: FixedWidthInteger>(_ value: I) throws {
        try begin()
        writer.output.pointee.writeInteger(value)
    }

    @inline(__always)
    func float<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) throws {
        try begin()
        try writer.output.pointee.writeFloat(value)
    }
}

/// An array index in a coding path.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}
