import Foundation
import Substate

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A log file that grows by appending: the recorder never rewrites what it wrote.
///
/// Lines are buffered and written out per line, every few lines, or once an interval passed
/// since the first line waiting, as configured, so a crash loses at most that much; a crash
/// mid-line leaves a torn last line, which readers report and leave out.
///
/// With `rotateAt`, a long-running app keeps recording without filling its disk: once the file
/// reaches that size, the recorder finishes it after the action it is writing. The file is
/// renamed to the next finished segment (`session.1.jsonl`, `session.2.jsonl`... beside
/// `session.jsonl`) and a new file starts with a header carrying the state so far. Readers
/// given `session.jsonl` read the segments and the file as one log, checking each segment's
/// starting state against the replay; with `keepSegments`, the oldest segments are removed, and
/// the log replays from the oldest one kept.
///
/// ```swift
/// let log = try FileLog(url: sessions.appendingPathComponent("session.jsonl"),
///                       rotateAt: 10_000_000, keepSegments: 5)   // at most ~60 MB
/// let store = Store(model: App(), middleware: [ActionRecorder(to: log)])
/// ```
///
/// Each session needs a file of its own: a log holds one session, from its header on.
@MainActor
public final class FileLog: LogSink {
    public let url: URL
    private let flushEvery: Int
    private let flushInterval: Duration?
    private let scheduler: TimingScheduler
    private var scheduledFlush: ScheduledWork?
    private let rotateAt: Int?
    private let keepSegments: Int?
    private var buffer: [String] = []
    private var bufferedBytes = 0
    private var handle: FileHandle?
    private var size = 0
    /// The number of the newest finished segment.
    private var lastSegment: Int

    /// Opens (or creates) a log file for appending.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - flushEvery: How many lines are buffered before they are written; 1 writes each line
    ///     at once.
    ///   - flushInterval: Writes buffered lines at the latest this long after the first of them.
    ///   - clock: Measures the interval; tests pass a `TestClock`.
    ///   - rotateAt: The size in bytes from which the log goes on in a new segment; `nil` never
    ///     rotates.
    ///   - keepSegments: How many finished segments are kept; older ones are removed. `nil`
    ///     keeps them all.
    public init<C: Clock>(
        url: URL, flushEvery: Int = 1, flushInterval: Duration? = nil, clock: C = ContinuousClock(),
        rotateAt: Int? = nil, keepSegments: Int? = nil
    ) throws where C.Duration == Duration {
        self.url = url
        self.flushEvery = max(1, flushEvery)
        self.flushInterval = flushInterval
        scheduler = TimingScheduler(clock: clock)
        self.rotateAt = rotateAt.map { max(1, $0) }
        self.keepSegments = keepSegments.map { max(0, $0) }
        lastSegment = LogSegments.finished(for: url).last ?? 0
        try open()
    }

    public func append(_ line: String) throws {
        buffer.append(line)
        bufferedBytes += line.utf8.count + 1
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
        bufferedBytes = 0
        try handle?.write(contentsOf: data)
        size += data.count
    }

    /// Whether the file (with what is buffered) reached `rotateAt`.
    public var wantsNewSegment: Bool {
        guard let rotateAt else { return false }
        return size + bufferedBytes >= rotateAt
    }

    /// Writes what is buffered, renames the file to the next finished segment, starts a new
    /// file with `header`, and removes segments beyond `keepSegments`.
    public func startSegment(header: String) throws {
        try flush()
        try handle?.close()
        handle = nil
        let finished = LogSegments.url(of: lastSegment + 1, for: url)
        guard rename(url.path, finished.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try open()
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [NSFilePathErrorKey: finished.path, NSLocalizedDescriptionKey: "cannot rotate: \(reason)"])
        }
        lastSegment += 1
        try open()
        try append(header)
        try flush()
        if let keepSegments {
            for number in LogSegments.finished(for: url) where number <= lastSegment - keepSegments {
                try? FileManager.default.removeItem(at: LogSegments.url(of: number, for: url))
            }
        }
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
}
