import Foundation
import Substate

/// Encodes a state the same way in every process, for the log's initial state, snapshots and
/// digests.
///
/// `JSONEncoder` with sorted keys is canonical for structs and for dictionaries keyed by
/// strings or integers, but it writes the elements of a `Set`, and the entries of a dictionary
/// with other keys, in hash order, which changes from one process to the next. This encoder
/// passes everything through `JSONEncoder` (so dates, data, URLs and numbers read as
/// `JSONDecoder` expects) and puts those in a canonical order: each element or entry sorted by
/// its own encoded bytes. Values decode as before: the order of a set or a dictionary is not
/// part of its value.
struct CanonicalJSON {
    /// The state's JSON: sorted keys, sets and other-keyed dictionaries in canonical order,
    /// `Redacted` fields left out.
    static func encode(_ value: any Encodable) throws -> Data {
        try RedactionContext.encoder(sorted: true).encode(CanonicalValue(value: value))
    }

    /// The canonical JSON of a set, or of a dictionary whose keys are not strings or integers:
    /// its parts in the order of their encoded bytes.
    static func encode(unordered value: any UnorderedEncodable) throws -> Data {
        try RedactionContext.encoder(sorted: true).encode(CanonicalUnordered(value: value))
    }
}

/// A value whose nested values are all encoded through ``CanonicalEncoder``.
private struct CanonicalValue: Encodable {
    let value: any Encodable

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: CanonicalEncoder(base: encoder))
    }

    /// What a container is handed for a value: types `JSONEncoder` writes its own way as they
    /// are, sets and other-keyed dictionaries in canonical order, anything else wrapped so that
    /// its own values are seen too.
    static func wrapping<T: Encodable>(_ value: T) -> any Encodable {
        if T.self == Date.self || T.self == Data.self || T.self == URL.self || T.self == Decimal.self
            || T.self == String.self || T.self == Int.self || T.self == Double.self || T.self == Bool.self
        {
            return value
        }
        if let unordered = value as? any UnorderedEncodable { return CanonicalUnordered(value: unordered) }
        return CanonicalValue(value: value)
    }
}

/// A collection whose encoded order is its hash order.
protocol UnorderedEncodable: Encodable {
    /// The values to write, in the order `encode(to:)` would: a set's elements, or a
    /// dictionary's keys and values alternating; `nil` when the encoding is ordered already.
    var unorderedParts: [[any Encodable]]? { get }
    /// Whether values of the type are written in hash order.
    static var isUnordered: Bool { get }
}

extension Set: UnorderedEncodable where Element: Encodable {
    var unorderedParts: [[any Encodable]]? { map { [$0] } }
    static var isUnordered: Bool { true }
}

extension Dictionary: UnorderedEncodable where Key: Encodable, Value: Encodable {
    /// Keys that are strings, integers or coding-key representable make a keyed container,
    /// which sorted keys order already.
    static var isUnordered: Bool {
        !(Key.self == String.self || Key.self == Int.self || Key.self is any CodingKeyRepresentable.Type)
    }

    var unorderedParts: [[any Encodable]]? { Self.isUnordered ? map { [$0.key, $0.value] } : nil }
}

/// A set or an other-keyed dictionary, written in the order of its parts' encoded bytes.
private struct CanonicalUnordered: Encodable {
    let value: any UnorderedEncodable

    func encode(to encoder: any Encoder) throws {
        // The common sets need no encoding to be ordered: strings by their UTF-8 bytes (the
        // order of their encoded bytes too), integers by value.
        if let strings = value as? Set<String> {
            var container = encoder.unkeyedContainer()
            for string in strings.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                try container.encode(string)
            }
            return
        }
        if let integers = value as? Set<Int> {
            var container = encoder.unkeyedContainer()
            for integer in integers.sorted() { try container.encode(integer) }
            return
        }
        guard let parts = value.unorderedParts else {
            return try value.encode(to: CanonicalEncoder(base: encoder))
        }
        // Each part is ordered by the bytes of its first value (the element, or the key), encoded
        // as the log encodes values.
        let sorter = RedactionContext.encoder(sorted: true)
        let keyed = try parts.map { part in
            (bytes: Array(try sorter.encode(CanonicalValue(value: part[0]))), part: part)
        }
        var container = encoder.unkeyedContainer()
        for entry in keyed.sorted(by: { $0.bytes.lexicographicallyPrecedes($1.bytes) }) {
            for value in entry.part { try container.encode(CanonicalValue(value: value)) }
        }
    }
}

/// Hands every value a container receives to ``CanonicalValue/wrapping(_:)``.
private struct CanonicalEncoder: Encoder {
    let base: any Encoder

    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(CanonicalKeyedContainer(base: base.container(keyedBy: Key.self)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        CanonicalUnkeyedContainer(base: base.unkeyedContainer())
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        CanonicalSingleValueContainer(base: base.singleValueContainer())
    }
}

private struct CanonicalKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var base: KeyedEncodingContainer<Key>

    var codingPath: [any CodingKey] { base.codingPath }

    mutating func encodeNil(forKey key: Key) throws { try base.encodeNil(forKey: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int128, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt128, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try base.encode(CanonicalValue.wrapping(value), forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(
            CanonicalKeyedContainer<NestedKey>(base: base.nestedContainer(keyedBy: NestedKey.self, forKey: key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        CanonicalUnkeyedContainer(base: base.nestedUnkeyedContainer(forKey: key))
    }

    mutating func superEncoder() -> any Encoder { CanonicalEncoder(base: base.superEncoder()) }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        CanonicalEncoder(base: base.superEncoder(forKey: key))
    }
}

private struct CanonicalUnkeyedContainer: UnkeyedEncodingContainer, CanonicalPlainForwarding {
    var base: any UnkeyedEncodingContainer

    var codingPath: [any CodingKey] { base.codingPath }
    var count: Int { base.count }

    mutating func encodeNil() throws { try base.encodeNil() }
    mutating func encodePlain<T: Encodable>(_ value: T) throws { try base.encode(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try base.encode(CanonicalValue.wrapping(value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(CanonicalKeyedContainer<NestedKey>(base: base.nestedContainer(keyedBy: NestedKey.self)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        CanonicalUnkeyedContainer(base: base.nestedUnkeyedContainer())
    }

    mutating func superEncoder() -> any Encoder { CanonicalEncoder(base: base.superEncoder()) }

    // Members of the type itself: the standard library's throwing defaults for these are
    // protocol extension members too, and would be as good a match as the shared ones.
    mutating func encode(_ value: Int128) throws { try base.encode(value) }
    mutating func encode(_ value: UInt128) throws { try base.encode(value) }
}

private struct CanonicalSingleValueContainer: SingleValueEncodingContainer, CanonicalPlainForwarding {
    var base: any SingleValueEncodingContainer

    var codingPath: [any CodingKey] { base.codingPath }

    mutating func encodeNil() throws { try base.encodeNil() }
    mutating func encodePlain<T: Encodable>(_ value: T) throws { try base.encode(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try base.encode(CanonicalValue.wrapping(value)) }

    // Members of the type itself: the standard library's throwing defaults for these are
    // protocol extension members too, and would be as good a match as the shared ones.
    mutating func encode(_ value: Int128) throws { try base.encode(value) }
    mutating func encode(_ value: UInt128) throws { try base.encode(value) }
}

/// The plain values the unkeyed and single-value containers hand to their base as they are:
/// only the values of other types are wrapped.
private protocol CanonicalPlainForwarding {
    /// Encodes the value into the base container unchanged.
    mutating func encodePlain<T: Encodable>(_ value: T) throws
}

extension CanonicalPlainForwarding {
    mutating func encode(_ value: Bool) throws { try encodePlain(value) }
    mutating func encode(_ value: String) throws { try encodePlain(value) }
    mutating func encode(_ value: Double) throws { try encodePlain(value) }
    mutating func encode(_ value: Float) throws { try encodePlain(value) }
    mutating func encode(_ value: Int) throws { try encodePlain(value) }
    mutating func encode(_ value: Int8) throws { try encodePlain(value) }
    mutating func encode(_ value: Int16) throws { try encodePlain(value) }
    mutating func encode(_ value: Int32) throws { try encodePlain(value) }
    mutating func encode(_ value: Int64) throws { try encodePlain(value) }
    mutating func encode(_ value: UInt) throws { try encodePlain(value) }
    mutating func encode(_ value: UInt8) throws { try encodePlain(value) }
    mutating func encode(_ value: UInt16) throws { try encodePlain(value) }
    mutating func encode(_ value: UInt32) throws { try encodePlain(value) }
    mutating func encode(_ value: UInt64) throws { try encodePlain(value) }
}
