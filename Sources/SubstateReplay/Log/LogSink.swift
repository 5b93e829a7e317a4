import Foundation
import Substate

/// Where an `ActionRecorder` writes its log, one JSON line at a time.
@MainActor
public protocol LogSink: AnyObject {
    /// Appends one line (without its newline).
    func append(_ line: String) throws
    /// Makes everything appended so far durable.
    func flush() throws
}

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

/// A log file that grows by appending: the recorder never rewrites what it wrote.
///
/// Lines are buffered and written out per line, every few lines, or once an interval passed
/// since the first line waiting, as configured, so a crash loses at most that much; a crash
/// mid-line leaves a truncated last line, which replay reports and ignores. When the file would grow past `rotateAt` bytes, it is renamed with a
/// `.1` suffix (the previous `.1` is replaced) and a new file starts.
@MainActor
public final class FileLog: LogSink {
    public let url: URL
    private let flushEvery: Int
    private let flushInterval: Duration?
    private let scheduler: TimingScheduler
    private var scheduledFlush: ScheduledWork?
    private let rotateAt: Int?
    private var buffer: [String] = []
    private var handle: FileHandle?
    private var size = 0

    /// Opens (or creates) a log file for appending.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - flushEvery: How many lines are buffered before they are written; 1 writes each line
    ///     at once.
    ///   - flushInterval: Writes buffered lines at the latest this long after the first of them.
    ///   - clock: Measures the interval; tests pass a `TestClock`.
    ///   - rotateAt: The size in bytes past which the file is rotated; `nil` never rotates.
    public init<C: Clock>(
        url: URL, flushEvery: Int = 1, flushInterval: Duration? = nil, clock: C = ContinuousClock(),
        rotateAt: Int? = nil
    ) throws where C.Duration == Duration {
        self.url = url
        self.flushEvery = max(1, flushEvery)
        self.flushInterval = flushInterval
        scheduler = TimingScheduler(clock: clock)
        self.rotateAt = rotateAt
        try open()
    }

    public func append(_ line: String) throws {
        buffer.append(line)
        if buffer.count >= flushEvery { return try flush() }
        if let flushInterval, scheduledFlush == nil {
            scheduledFlush = scheduler.schedule(after: flushInterval) { [weak self] in try? self?.flush() }
        }
    }

    public func flush() throws {
        scheduledFlush?.cancel()
        scheduledFlush = nil
        guard !buffer.isEmpty else { return }
        let data = Data(buffer.map { $0 + "\n" }.joined().utf8)
        buffer = []
        if let rotateAt, size > 0, size + data.count > rotateAt { try rotate() }
        try handle?.write(contentsOf: data)
        size += data.count
    }

    isolated deinit {
        try? flush()
        try? handle?.close()
    }

    private func open() throws {
        if !FileManager.default.fileExists(atPath: url.path) {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        }
        let handle = try FileHandle(forWritingTo: url)
        size = Int(try handle.seekToEnd())
        self.handle = handle
    }

    private func rotate() throws {
        try handle?.close()
        let rotated = URL(fileURLWithPath: url.path + ".1")
        try? FileManager.default.removeItem(at: rotated)
        try FileManager.default.moveItem(at: url, to: rotated)
        try open()
    }
}
