import Foundation

/// A log kept in memory, for tests and for replaying a session within the same process.
///
/// ```swift
/// let log = MemoryLog()
/// let store = Store(model: App(), middleware: [ActionRecorder(to: log)])
/// // ... later
/// let replay = try Replay(log: try ActionLog(lines: log.lines), as: App.self)
/// ```
@MainActor
public final class MemoryLog: LogSink {
    /// The lines written so far.
    public private(set) var lines: [String] = []

    public init() {}

    public func append(_ line: String) throws { lines.append(line) }

    public func flush() throws {}

    /// The log as JSON Lines text.
    public var text: String { lines.map { $0 + "\n" }.joined() }
}
