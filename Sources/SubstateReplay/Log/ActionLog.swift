import Foundation
import Substate

/// A recorded log (see ``LogFormat``), read and checked line by line.
///
/// Reading stops at the first bad line with an ``ActionLogError`` that names the line number
/// and the cause. A last line cut short (the app stopped mid-write) is left out, and
/// ``isTruncated`` says so.
public struct ActionLog: Sendable {
    /// What the log says about the session as a whole.
    public struct Header: Sendable {
        /// The root model's type, as users write it.
        public let root: String
        /// The root model's state when recording started, when the root is `Codable`.
        public let initialState: Data?
        /// The root model's shape when it was recorded.
        public let rootShape: String?
    }

    /// One recorded action.
    public struct Entry: Sendable {
        public let sequence: Int
        /// Seconds since the store started.
        public let time: Double
        /// The action's type, as users write it.
        public let type: String
        /// The action's type, as the runtime names it.
        public let name: String
        public let origin: Store.Origin
        /// The encoded action; `nil` when it was not `Codable` (not replayable).
        public let payload: Data?
        /// The line of the log it was read from.
        public let line: Int
        /// The type's shape, on the first line of each type.
        public var shape: String? = nil
    }

    /// A line of the log after the header.
    public enum Line: Sendable {
        case action(Entry)
        /// A digest of the encoded state after the action with that sequence number.
        case digest(sequence: Int, value: String, line: Int)
        /// The whole encoded state after the action with that sequence number.
        case snapshot(sequence: Int, state: Data, line: Int)
        /// The encoded state of one recorded model (the shallowest of its type) after the action
        /// with that sequence number.
        case model(sequence: Int, type: String, name: String, state: Data, line: Int)
    }

    public let header: Header
    public let lines: [Line]
    /// Whether the last line was cut short and left out.
    public let isTruncated: Bool

    /// The recorded actions, in order.
    public var entries: [Entry] {
        lines.compactMap { if case .action(let entry) = $0 { entry } else { nil } }
    }

    /// Reads a log from JSON Lines text.
    public init(text: String) throws {
        try self.init(bytes: Array(text.utf8), lastLineMayBeCut: true)
    }

    /// Reads a log from its lines (a ``MemoryLog``'s, for example).
    public init(lines: [String]) throws {
        try self.init(bytes: Array(lines.map { $0 + "\n" }.joined().utf8), lastLineMayBeCut: false)
    }

    /// Reads a log from the bytes of a JSON Lines file, as they are: a line that is not valid
    /// UTF-8 is refused with its number, rather than read with replacement characters.
    public init(data: Data) throws {
        try self.init(bytes: Array(data), lastLineMayBeCut: true)
    }

    /// Reads a log file; nothing is written to it.
    public init(contentsOf url: URL) throws {
        try self.init(data: try Data(contentsOf: url))
    }

    private init(bytes: [UInt8], lastLineMayBeCut: Bool) throws {
        (header, lines, isTruncated) = try bytes.withUnsafeBufferPointer { buffer in
            try Self.read(buffer, lastLineMayBeCut: lastLineMayBeCut)
        }
    }

    /// Reads the log's bytes line by line: the recorder's own layout of action lines straight
    /// from the bytes, anything else through ``RawJSON``. Values are kept as written.
    private static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, lastLineMayBeCut: Bool, truncated alreadyCut: Bool = false
    ) throws -> (Header, [Line], Bool) {
        var ranges: [Range<Int>] = []
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            ranges.append(start..<index)
            start = index + 1
        }
        let endsWithNewline = start == bytes.count
        if !endsWithNewline { ranges.append(start..<bytes.count) }

        guard let first = ranges.first, !first.isEmpty else { throw ActionLogError(line: 1, "the log is empty") }
        // Every line is text: one pass over the log, before any line is read as JSON.
        if let offset = RawJSON.firstInvalidUTF8(bytes),
            let (index, range) = ranges.enumerated().first(where: { $0.element.contains(offset) })
        {
            let cut = lastLineMayBeCut && !endsWithNewline && index == ranges.count - 1
            if !cut || index == 0 {
                throw ActionLogError(
                    line: index + 1,
                    "not valid UTF-8 (byte \(offset - range.lowerBound + 1), 0x\(String(bytes[offset], radix: 16)))")
            }
            ranges.removeLast()
            return try read(
                UnsafeBufferPointer(rebasing: bytes[..<range.lowerBound]), lastLineMayBeCut: false, truncated: true)
        }
        let header = try Self.header(try RawLine(bytes, first, number: 1))
        var parsed: [Line] = []
        parsed.reserveCapacity(ranges.count)
        var truncated = false
        let strings = StringCache()
        for (index, range) in ranges.enumerated().dropFirst() {
            let number = index + 1
            if let line = LineScanner.line(bytes, range, number: number, strings: strings) {
                parsed.append(line)
                continue
            }
            let raw: RawLine
            do {
                raw = try RawLine(bytes, range, number: number)
            } catch {
                if lastLineMayBeCut, !endsWithNewline, index == ranges.count - 1 {
                    truncated = true
                    break
                }
                throw error
            }
            parsed.append(try line(raw))
        }
        return (header, parsed, truncated || alreadyCut)
    }

    private static func header(_ line: RawLine) throws -> Header {
        guard line.string("format") == LogFormat.name else {
            throw ActionLogError(line: 1, "not a \(LogFormat.name) log (no \"format\":\"\(LogFormat.name)\" header)")
        }
        guard let version = line.integer("version"), version <= LogFormat.version else {
            throw ActionLogError(
                line: 1,
                "format version \(line.text("version") ?? "?") is not supported (this reader reads \(LogFormat.version))"
            )
        }
        return Header(
            root: line.string("root") ?? "", initialState: line.data("initialState"),
            rootShape: line.string("rootShape"))
    }

    private static func line(_ line: RawLine) throws -> Line {
        let number = line.number
        guard let sequence = line.integer("seq") else {
            throw ActionLogError(line: number, "no sequence number (\"seq\")")
        }
        if let value = line.string("digest") { return .digest(sequence: sequence, value: value, line: number) }
        if let state = line.data("snapshot") { return .snapshot(sequence: sequence, state: state, line: number) }
        if let type = line.string("model"), let name = line.string("modelName"), let state = line.data("state") {
            return .model(sequence: sequence, type: type, name: name, state: state, line: number)
        }
        guard let type = line.string("type"), let name = line.string("name") else {
            throw ActionLogError(line: number, "an action line needs \"type\" and \"name\"")
        }
        guard let originName = line.string("origin"), let origin = Store.Origin(rawValue: originName) else {
            throw ActionLogError(line: number, "unknown origin \(line.text("origin") ?? "(none)")")
        }
        return .action(
            Entry(
                sequence: sequence, time: line.number("t") ?? 0, type: type, name: name, origin: origin,
                payload: line.data("payload"), line: number, shape: line.string("shape")))
    }
}

/// One line of a log read as a JSON object, its members' values kept as written.
struct RawLine {
    let number: Int
    private let json: RawJSON
    private let members: [String: Range<Int>]

    init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, number: Int) throws {
        self.number = number
        do {
            json = try RawJSON(bytes: Array(bytes[range]))
            guard let members = try json.members(at: json.root) else {
                throw ActionLogError(line: number, "not a JSON object")
            }
            self.members = members
        } catch let error as RawJSONError {
            throw ActionLogError(line: number, error.reason)
        }
    }

    func string(_ key: String) -> String? { members[key].flatMap(json.string) }
    func integer(_ key: String) -> Int? { members[key].flatMap(json.integer) }
    func number(_ key: String) -> Double? { members[key].flatMap(json.number) }
    func data(_ key: String) -> Data? { members[key].map(json.data) }
    /// The member's value as written, for messages.
    func text(_ key: String) -> String? { members[key].map { String(decoding: json.bytes[$0], as: UTF8.self) } }
}

/// A problem with a log or its replay, at a line of the log.
public struct ActionLogError: Error, Equatable, CustomStringConvertible {
    /// The line of the log, counting from 1.
    public let line: Int
    public let message: String

    public init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}
