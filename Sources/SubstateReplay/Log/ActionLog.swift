import Foundation
import Substate

/// A recorded log (see ``LogFormat``), read whole and checked line by line.
///
/// Reading stops at the first bad line with an ``ActionLogError`` that names the line number,
/// the column and the cause. A last line cut short (the app stopped mid-write) is left out, and
/// ``isTruncated`` and ``tornTail`` say so. For logs too long to hold in memory, read them one
/// line at a time with ``LogReader``, or replay them with
/// ``Replay/run(contentsOf:as:through:skipping:aliases:substitutes:middleware:skippingUnreplayable:)``.
public struct ActionLog: Sendable {
    /// What the log says about the session as a whole.
    public struct Header: Sendable {
        /// The root model's type, as users write it.
        public let root: String
        /// The root model's state when recording started (or, for a rotated log whose earlier
        /// segments were removed, when this segment started), when the root is `Codable`.
        public let initialState: Data?
        /// The root model's shape when it was recorded.
        public let rootShape: String?
        /// The format version the log was written in.
        public var version: Int = LogFormat.version
        /// The segment of a rotated log this header starts, counting from 1.
        public var segment: Int = 1
        /// The sequence number of the last action before this segment; 0 for a whole log.
        public var startSequence: Int = 0

        init(
            root: String, initialState: Data? = nil, rootShape: String? = nil, version: Int = LogFormat.version,
            segment: Int = 1, startSequence: Int = 0
        ) {
            self.root = root
            self.initialState = initialState
            self.rootShape = rootShape
            self.version = version
            self.segment = segment
            self.startSequence = startSequence
        }
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
        /// The file it was read from, when the log spans several (a rotated log's segments).
        public var file: String? = nil

        /// An error about this entry, placed at its line.
        func error(_ message: String) -> ActionLogError { ActionLogError(line: line, file: file, message) }

        /// Whether this registers a model middleware keeps for itself and that could not be
        /// recorded: not part of the app's state, which replay and its checks cover, so replay
        /// leaves it out.
        var registersUnrecordedModel: Bool { type == "Store.Register" && payload == nil }
    }

    /// A line of the log after the header.
    public enum Line: Sendable {
        case action(Entry)
        /// A digest of the encoded state after the action with that sequence number.
        case digest(sequence: Int, value: String, line: Int)
        /// The whole encoded state after the action with that sequence number (also where a
        /// rotated log's next segment starts).
        case snapshot(sequence: Int, state: Data, line: Int)
        /// The encoded state of one recorded model (the shallowest of its type) after the action
        /// with that sequence number.
        case model(sequence: Int, type: String, name: String, state: Data, line: Int)
    }

    public let header: Header
    public let lines: [Line]
    /// Whether the last line was cut short and left out.
    public var isTruncated: Bool { tornTail != nil }
    /// What was left out at the end because it was cut short mid-write, if anything.
    public let tornTail: String?

    /// The recorded actions, in order.
    public var entries: [Entry] {
        lines.compactMap { if case .action(let entry) = $0 { entry } else { nil } }
    }

    /// Reads a log from JSON Lines text.
    public init(text: String) throws {
        try self.init(reader: LogReader(data: Data(text.utf8)))
    }

    /// Reads a log from its lines (a ``MemoryLog``'s, for example).
    public init(lines: [String]) throws {
        try self.init(reader: LogReader(data: Data(lines.map { $0 + "\n" }.joined().utf8)))
    }

    /// Reads a log from the bytes of a JSON Lines file, as they are: a line that is not valid
    /// UTF-8 is refused with its number and column, rather than read with replacement
    /// characters.
    public init(data: Data) throws {
        try self.init(reader: LogReader(data: data))
    }

    /// Reads a log file (with the finished segments of a rotated log before it); nothing is
    /// written to it.
    public init(contentsOf url: URL) throws {
        try self.init(reader: LogReader(contentsOf: url))
    }

    private init(reader: LogReader) throws {
        lines = try reader.readAll()
        header = reader.header
        tornTail = reader.tornTail
    }
}
