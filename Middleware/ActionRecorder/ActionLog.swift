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
        var text = text
        let parsed = try text.withUTF8 { bytes in try Self.read(bytes, lastLineMayBeCut: true) }
        (header, self.lines, isTruncated) = parsed
    }

    /// Reads a log from its lines (a ``MemoryLog``'s, for example).
    public init(lines: [String]) throws {
        var text = lines.map { $0 + "\n" }.joined()
        let parsed = try text.withUTF8 { bytes in try Self.read(bytes, lastLineMayBeCut: false) }
        (header, self.lines, isTruncated) = parsed
    }

    /// Reads a log file; nothing is written to it.
    public init(contentsOf url: URL) throws {
        try self.init(text: String(decoding: try Data(contentsOf: url), as: UTF8.self))
    }

    /// Reads the log's bytes line by line: the recorder's own layout straight from the bytes,
    /// anything else through the general parser.
    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, lastLineMayBeCut: Bool) throws -> (
        Header, [Line], Bool
    ) {
        var ranges: [Range<Int>] = []
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            ranges.append(start..<index)
            start = index + 1
        }
        let endsWithNewline = start == bytes.count
        if !endsWithNewline { ranges.append(start..<bytes.count) }
        func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }

        guard let first = ranges.first, !first.isEmpty else { throw ActionLogError(line: 1, "the log is empty") }
        let headerObject = try object(text(first), line: 1)
        guard headerObject["format"] as? String == LogFormat.name else {
            throw ActionLogError(line: 1, "not a \(LogFormat.name) log (no \"format\":\"\(LogFormat.name)\" header)")
        }
        guard let version = headerObject["version"] as? Int, version <= LogFormat.version else {
            throw ActionLogError(
                line: 1,
                "format version \(headerObject["version"] ?? "?") is not supported (this reader reads \(LogFormat.version))"
            )
        }
        let header = Header(
            root: headerObject["root"] as? String ?? "",
            initialState: try headerObject["initialState"].map { try data($0, line: 1) },
            rootShape: headerObject["rootShape"] as? String)
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
            let lineObject: [String: Any]
            do {
                lineObject = try object(text(range), line: number)
            } catch {
                if lastLineMayBeCut, !endsWithNewline, index == ranges.count - 1 {
                    truncated = true
                    break
                }
                throw error
            }
            parsed.append(try line(lineObject, number: number))
        }
        return (header, parsed, truncated)
    }

    private static func line(_ object: [String: Any], number: Int) throws -> Line {
        guard let sequence = object["seq"] as? Int else {
            throw ActionLogError(line: number, "no sequence number (\"seq\")")
        }
        if let value = object["digest"] as? String { return .digest(sequence: sequence, value: value, line: number) }
        if let state = object["snapshot"] {
            return .snapshot(sequence: sequence, state: try data(state, line: number), line: number)
        }
        if let type = object["model"] as? String, let name = object["modelName"] as? String, let state = object["state"]
        {
            return .model(
                sequence: sequence, type: type, name: name, state: try data(state, line: number), line: number)
        }
        guard let type = object["type"] as? String, let name = object["name"] as? String else {
            throw ActionLogError(line: number, "an action line needs \"type\" and \"name\"")
        }
        guard let originName = object["origin"] as? String, let origin = Store.Origin(rawValue: originName) else {
            throw ActionLogError(line: number, "unknown origin \(object["origin"].map { "\($0)" } ?? "(none)")")
        }
        return .action(
            Entry(
                sequence: sequence, time: (object["t"] as? NSNumber)?.doubleValue ?? 0, type: type, name: name,
                origin: origin, payload: try object["payload"].map { try data($0, line: number) }, line: number,
                shape: object["shape"] as? String))
    }

    private static func object(_ text: String, line: Int) throws -> [String: Any] {
        do {
            guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                throw ActionLogError(line: line, "not a JSON object")
            }
            return object
        } catch let error as ActionLogError {
            throw error
        } catch {
            throw ActionLogError(line: line, "not valid JSON (\(error.localizedDescription))")
        }
    }

    private static func data(_ value: Any, line: Int) throws -> Data {
        do {
            return try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys])
        } catch {
            throw ActionLogError(line: line, "a value that cannot be re-encoded (\(error.localizedDescription))")
        }
    }
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
