import Substate

/// A log line being written, with the containers open in it and the current coding path.
///
/// The keys written to each open object are kept, so that a value which writes one key twice
/// is noticed: `JSONEncoder` keeps the last value under the first position (and merges nested
/// containers), which a stream cannot do, so the encode is refused and the caller hands the
/// value to `JSONEncoder`.
struct LogOutput {
    struct Frame {
        let id: Int
        let isObject: Bool
        var count = 0
        /// Where this object's keys start in ``LogOutput/keys``.
        let keyBase: Int
        /// Where this object's members start in ``LogOutput/members``, in canonical mode.
        let memberBase: Int
        /// The first of ``LogOutput/nodes`` written inside this container.
        let nodeBase: Int
    }

    var bytes: [UInt8] = []
    private var frames: [Frame] = []
    private var nextID = 0
    /// The keys of the open objects, one object after the other.
    private var keys: [String] = []
    /// The keys of open objects with many members, by the object's id, so that checking a
    /// large dictionary's keys stays linear.
    private var keySets: [Int: Set<String>] = [:]
    /// Objects with more keys than this are checked through ``keySets``.
    private static var listedKeys: Int { 16 }
    var path: [any CodingKey] = []
    /// Set when a container was misused, even if the value caught the error and went on.
    private(set) var failed = false
    /// Whether the output is canonical JSON, byte for byte as `JSONEncoder` with sorted keys
    /// writes it: each object's members in the order of their keys' UTF-8 bytes, `/` escaped,
    /// `\b` and `\f` by name, whole floating-point numbers without `.0`.
    var canonical = false
    /// In canonical mode, the key and first byte of every member of the open objects.
    private var members: [(key: String, start: Int)] = []
    /// The values a ``StateEncoder`` recorded in this output, moved with their bytes when an
    /// object's members are put in order.
    var nodes: [EncodedNode] = []

    init() {
        bytes.reserveCapacity(256)
    }

    mutating func reset() {
        frames.removeAll(keepingCapacity: true)
        path.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        if !keySets.isEmpty { keySets.removeAll() }
        failed = false
    }

    mutating func fail() -> LogEncoder.Unsupported {
        failed = true
        return LogEncoder.Unsupported()
    }

    func codingPath(depth: Int) -> [any CodingKey] { Array(path.prefix(depth)) }

    /// Opens an object or array at the current value position and returns its id.
    mutating func open(object: Bool) -> Int {
        nextID += 1
        frames.append(
            Frame(
                id: nextID, isObject: object, keyBase: keys.count, memberBase: members.count, nodeBase: nodes.count))
        bytes.append(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        return nextID
    }

    /// Finishes every container opened after `id`.
    mutating func close(after id: Int) {
        while let last = frames.last, last.id > id {
            if canonical, last.isObject {
                if last.count > 1 { sortMembers(of: last) }
                members.removeSubrange(last.memberBase...)
            }
            bytes.append(last.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
            if last.isObject {
                keys.removeSubrange(last.keyBase...)
                if !keySets.isEmpty { keySets[last.id] = nil }
            }
            frames.removeLast()
        }
    }

    /// Makes the container `id` the one being written (finishing those nested in it) and
    /// starts its next element; throws if it was finished already.
    mutating func beginElement(in id: Int) throws {
        close(after: id)
        guard let last = frames.last, last.id == id else { throw fail() }
        if last.count > 0 { bytes.append(UInt8(ascii: ",")) }
        frames[frames.count - 1].count += 1
    }

    /// Starts `count` elements of the array `id` at once, for values copied whole with the
    /// commas between them.
    mutating func beginElements(in id: Int, count: Int) throws {
        try beginElement(in: id)
        frames[frames.count - 1].count += count - 1
    }

    mutating func beginElement(in id: Int, key: String) throws {
        try beginElement(in: id)
        try note(key, in: frames[frames.count - 1])
        if canonical { members.append((key, bytes.count)) }
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Adds a key to the object being written; throws when the object has it already.
    private mutating func note(_ key: String, in frame: Frame) throws {
        let written = frame.count - 1
        if written < Self.listedKeys {
            for index in frame.keyBase..<keys.count where keys[index] == key { throw fail() }
            keys.append(key)
            return
        }
        if written == Self.listedKeys { keySets[frame.id] = Set(keys[frame.keyBase...]) }
        guard keySets[frame.id, default: []].insert(key).inserted else { throw fail() }
    }

    func count(of id: Int) -> Int { frames.last { $0.id == id }?.count ?? 0 }

    var openID: Int { frames.last?.id ?? 0 }

    /// Appends a literal's bytes: straight from its storage, where a string's `utf8` view goes
    /// through the generic sequence append.
    mutating func append(literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func writeInteger<I: FixedWidthInteger>(_ value: I) {
        if value >= 0, value < 10 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        if I.bitWidth <= 64 {
            DecimalDigits.with(magnitude: UInt64(truncatingIfNeeded: value.magnitude), negative: value < 0) {
                bytes.append(contentsOf: $0)
            }
        } else {
            DecimalDigits.with(value) { bytes.append(contentsOf: $0) }
        }
    }

    mutating func writeFloat<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: path, debugDescription: "\(value) is not valid JSON"))
        }
        let text = value.description
        // `JSONEncoder` writes a whole number without its fraction: `1`, not `1.0`.
        if canonical, text.hasSuffix(".0") {
            bytes.append(contentsOf: text.utf8.dropLast(2))
        } else {
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// Puts the members of the object being closed in the order of their keys, and moves the
    /// nodes recorded inside them along.
    private mutating func sortMembers(of frame: Frame) {
        let list = members[frame.memberBase...]
        var sorted = true
        for index in list.indices.dropFirst()
        where !list[index - 1].key.utf8.lexicographicallyPrecedes(list[index].key.utf8) {
            sorted = false
            break
        }
        if sorted { return }
        let first = list[list.startIndex].start
        let end = bytes.count
        let starts = list.map(\.start)
        let ends = starts.indices.map { $0 + 1 < starts.count ? starts[$0 + 1] - 1 : end }
        let order = starts.indices.sorted {
            list[frame.memberBase + $0].key.utf8.lexicographicallyPrecedes(list[frame.memberBase + $1].key.utf8)
        }
        var moved: [UInt8] = []
        moved.reserveCapacity(end - first)
        var newStarts = [Int](repeating: 0, count: starts.count)
        for (position, member) in order.enumerated() {
            if position > 0 { moved.append(UInt8(ascii: ",")) }
            newStarts[member] = first + moved.count
            moved.append(contentsOf: bytes[starts[member]..<ends[member]])
        }
        bytes.replaceSubrange(first..<end, with: moved)
        guard frame.nodeBase < nodes.count else { return }
        for index in frame.nodeBase..<nodes.count {
            // The member holding the node: the last one starting at or before it.
            var low = 0
            var high = starts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= nodes[index].start { low = middle } else { high = middle - 1 }
            }
            let shift = newStarts[low] - starts[low]
            nodes[index].start += shift
            nodes[index].end += shift
        }
    }

    mutating func writeNull() { bytes.append(contentsOf: "null".utf8) }

    mutating func writeBool(_ value: Bool) { bytes.append(contentsOf: value ? "true".utf8 : "false".utf8) }

    /// Writes a quoted JSON string, escaping quotes, backslashes and control characters.
    mutating func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard
                    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                        || (canonical && byte == UInt8(ascii: "/"))
                else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(byte)
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case 0x08 where canonical: bytes.append(UInt8(ascii: "b"))
                case 0x0C where canonical: bytes.append(UInt8(ascii: "f"))
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: "u00".utf8)
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0x0F)])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
