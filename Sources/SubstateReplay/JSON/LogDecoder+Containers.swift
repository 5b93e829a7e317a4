import Foundation
import Substate

/// The decoder handed to one value of a payload.
struct LogValueDecoder: Decoder {
    let input: LogDecoder
    let start: Int
    let codingPath: [any CodingKey]

    var userInfo: [CodingUserInfoKey: Any] { input.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(
            LogKeyedDecodingContainer<Key>(
                input: input, members: try input.members(at: start, path: codingPath), codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        LogUnkeyedDecodingContainer(
            input: input, elements: try input.elements(at: start, path: codingPath), codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        LogSingleValueDecodingContainer(input: input, start: start, codingPath: codingPath)
    }
}

/// An object in a payload.
///
/// A member named twice is read from its first occurrence, as `JSONDecoder` reads it.
struct LogKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let input: LogDecoder
    let members: [(key: String, value: Range<Int>)]
    let codingPath: [any CodingKey]
    /// Where each member's value starts, by name, for objects large enough that searching the
    /// list for every key would make decoding quadratic (a dictionary of many entries).
    private let index: [String: Int]?

    /// Objects with more members than this are searched through ``index``.
    private static var indexedFrom: Int { 12 }

    init(input: LogDecoder, members: [(key: String, value: Range<Int>)], codingPath: [any CodingKey]) {
        self.input = input
        self.members = members
        self.codingPath = codingPath
        if members.count > Self.indexedFrom {
            var index: [String: Int] = [:]
            index.reserveCapacity(members.count)
            for member in members where index[member.key] == nil { index[member.key] = member.value.lowerBound }
            self.index = index
        } else {
            index = nil
        }
    }

    /// Each member's key once, in the order the object names them first.
    var allKeys: [Key] {
        if let index, index.count == members.count { return members.compactMap { Key(stringValue: $0.key) } }
        var seen = Set<String>()
        return members.compactMap { seen.insert($0.key).inserted ? Key(stringValue: $0.key) : nil }
    }

    func contains(_ key: Key) -> Bool { find(key) != nil }

    /// Where the value of the member named `key` starts.
    private func find(_ key: any CodingKey) -> Int? {
        let name = key.stringValue
        if let index { return index[name] }
        return members.first { $0.key == name }?.value.lowerBound
    }

    private func value(_ key: Key) throws -> Int {
        guard let index = find(key) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key)."))
        }
        return index
    }

    func decodeNil(forKey key: Key) throws -> Bool { input.isNull(at: try value(key)) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try input.bool(at: try value(key), path: codingPath + [key])
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try input.string(at: try value(key), path: codingPath + [key])
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try float(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try float(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try integer(type, key) }
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try integer(type, key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try input.value(T.self, at: try value(key), path: codingPath + [key])
    }

    /// Every integer width is read by one generic path.
    private func integer<I: FixedWidthInteger>(_ type: I.Type, _ key: Key) throws -> I {
        try input.integer(I.self, at: try value(key), path: codingPath + [key])
    }

    private func float<F: BinaryFloatingPoint & LosslessStringConvertible>(_ type: F.Type, _ key: Key) throws -> F {
        try input.float(F.self, at: try value(key), path: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try LogValueDecoder(input: input, start: try value(key), codingPath: codingPath + [key]).container(
            keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try LogValueDecoder(input: input, start: try value(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { try superDecoder(named: SuperKey.super) }

    func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder(named: key) }

    /// A decoder for the member named `key`, or for `null` when it is missing, as `JSONDecoder`
    /// gives.
    private func superDecoder(named key: any CodingKey) throws -> any Decoder {
        if let index = find(key) {
            return LogValueDecoder(input: input, start: index, codingPath: codingPath + [key])
        }
        let null = LogDecoder(bytes: Array("null".utf8), userInfo: input.userInfo)
        return LogValueDecoder(input: null, start: 0, codingPath: codingPath + [key])
    }
}

/// An array in a payload, read from front to back.
struct LogUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let input: LogDecoder
    let elements: [Range<Int>]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(input: LogDecoder, elements: [Range<Int>], codingPath: [any CodingKey]) {
        self.input = input
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private var path: [any CodingKey] { codingPath + [IndexKey(intValue: currentIndex)] }

    /// Where the next element starts; decoders move past it once it decoded.
    private func peek(_ type: Any.Type) throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, .init(codingPath: path, debugDescription: "Unkeyed container is at end."))
        }
        return elements[currentIndex].lowerBound
    }

    mutating func decodeNil() throws -> Bool {
        guard input.isNull(at: try peek(Any?.self)) else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let start = try peek(type)
        let value = try input.bool(at: start, path: path)
        currentIndex += 1
        return value
    }
    mutating func decode(_ type: String.Type) throws -> String {
        let start = try peek(type)
        let value = try input.string(at: start, path: path)
        currentIndex += 1
        return value
    }
    mutating func decode(_ type: Double.Type) throws -> Double { try float(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try float(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try integer(type) }
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try integer(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let start = try peek(type)
        let value = try input.value(T.self, at: start, path: path)
        currentIndex += 1
        return value
    }

    private mutating func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        let start = try peek(type)
        let value = try input.integer(I.self, at: start, path: path)
        currentIndex += 1
        return value
    }

    private mutating func float<F: BinaryFloatingPoint & LosslessStringConvertible>(_ type: F.Type) throws -> F {
        let start = try peek(type)
        let value = try input.float(F.self, at: start, path: path)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let start = try peek(KeyedDecodingContainer<NestedKey>.self)
        let value = try LogValueDecoder(input: input, start: start, codingPath: path).container(keyedBy: NestedKey.self)
        currentIndex += 1
        return value
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let start = try peek((any UnkeyedDecodingContainer).self)
        let value = try LogValueDecoder(input: input, start: start, codingPath: path).unkeyedContainer()
        currentIndex += 1
        return value
    }

    mutating func superDecoder() throws -> any Decoder {
        let start = try peek((any Decoder).self)
        defer { currentIndex += 1 }
        return LogValueDecoder(input: input, start: start, codingPath: path)
    }
}

/// A payload value read as one value.
struct LogSingleValueDecodingContainer: SingleValueDecodingContainer {
    let input: LogDecoder
    let start: Int
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { input.isNull(at: start) }
    func decode(_ type: Bool.Type) throws -> Bool { try input.bool(at: start, path: codingPath) }
    func decode(_ type: String.Type) throws -> String { try input.string(at: start, path: codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try input.float(Double.self, at: start, path: codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try input.float(Float.self, at: start, path: codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try input.integer(Int.self, at: start, path: codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try input.integer(Int8.self, at: start, path: codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try input.integer(Int16.self, at: start, path: codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try input.integer(Int32.self, at: start, path: codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try input.integer(Int64.self, at: start, path: codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try input.integer(UInt.self, at: start, path: codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try input.integer(UInt8.self, at: start, path: codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try input.integer(UInt16.self, at: start, path: codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try input.integer(UInt32.self, at: start, path: codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try input.integer(UInt64.self, at: start, path: codingPath) }
    func decode(_ type: Int128.Type) throws -> Int128 { try input.integer(Int128.self, at: start, path: codingPath) }
    func decode(_ type: UInt128.Type) throws -> UInt128 { try input.integer(UInt128.self, at: start, path: codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try input.value(T.self, at: start, path: codingPath) }
}

/// The key `JSONDecoder` and `JSONEncoder` use for a superclass's members.
enum SuperKey: String, CodingKey {
    case `super`
}
