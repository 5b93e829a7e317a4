import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a log one line at a time, holding only the line being read, so that logs of any
/// length are read in constant memory.
///
/// A bad line throws an ``ActionLogError`` naming its line, column and cause; reading can go on
/// after it with the next line. A last line cut short (the app stopped mid-write) is not read
/// as a line: the reader ends at the last whole line and ``tornTail`` says what was left out.
/// A rotated log (see ``FileLog``) is read from its finished segments and its current file,
/// as one log.
///
/// ```swift
/// let reader = try LogReader(contentsOf: sessionFile)
/// while let line = try reader.next() {
///     if case .action(let entry) = line { print(entry.sequence, entry.type) }
/// }
/// ```
public final class LogReader {
    /// The log's header (of its oldest segment, for a rotated log).
    public private(set) var header: ActionLog.Header
    /// What was left out at the end of the log because it was cut short mid-write, if anything.
    public private(set) var tornTail: String?
    /// How many bytes have been read so far.
    public private(set) var bytesRead = 0

    private var sources: [Source]
    private var fileName: String?
    private let namesFiles: Bool
    private var parser = LogLineParser()
    private var buffer: [UInt8]
    /// Where the next line starts in the buffer, and how much of it holds data.
    private var lineStart = 0
    private var filled = 0
    /// Where the search for the next newline goes on from.
    private var searched = 0
    private var descriptor: Int32 = -1
    private var atEnd = false
    private var lineNumber = 0

    private enum Source {
        case file(URL)
        case bytes([UInt8])
    }

    /// Opens a log file, with the finished segments of a rotated log before it.
    public convenience init(contentsOf url: URL) throws {
        let files = LogSegments.files(for: url)
        try self.init(sources: files.map(Source.file), namesFiles: files.count > 1)
    }

    /// Reads a log from its bytes.
    public convenience init(data: Data) throws {
        try self.init(sources: [.bytes(Array(data))], namesFiles: false)
    }

    private init(sources: [Source], namesFiles: Bool) throws {
        self.sources = sources
        self.namesFiles = namesFiles
        buffer = []
        header = ActionLog.Header(root: "")
        header = try openNextSource(first: true)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The next line of the log, or `nil` at its end.
    ///
    /// - Throws: ``ActionLogError`` for a line that is not valid; the next call reads the line
    ///   after it.
    public func next() throws -> ActionLog.Line? {
        while true {
            if let range = try nextLineRange() {
                return try buffer.withUnsafeBufferPointer { try parser.line($0, range, number: lineNumber) }
            }
            if sources.isEmpty { return nil }
            // The next segment's header is a check of the state where the previous one ended.
            if let check = try openNextSegment() { return check }
        }
    }

    /// Reads every line that is left.
    func readAll() throws -> [ActionLog.Line] {
        var lines: [ActionLog.Line] = []
        while let line = try next() { lines.append(line) }
        return lines
    }

    // MARK: Sources

    /// Opens the next source and reads its header line.
    private func openNextSource(first: Bool) throws -> ActionLog.Header {
        let source = sources.removeFirst()
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        lineStart = 0
        searched = 0
        filled = 0
        atEnd = false
        lineNumber = 0
        switch source {
        case .bytes(let bytes):
            buffer = bytes
            filled = bytes.count
            bytesRead += bytes.count
            atEnd = true
            fileName = nil
        case .file(let url):
            fileName = namesFiles ? url.lastPathComponent : nil
            descriptor = open(url.path, O_RDONLY)
            guard descriptor >= 0 else {
                let reason = String(cString: strerror(errno))
                throw ActionLogError(line: 0, file: url.path, "cannot read the log: \(reason)")
            }
            if buffer.count < Self.chunk { buffer = [UInt8](repeating: 0, count: Self.chunk) }
        }
        parser.file = fileName
        guard let range = try nextLineRange() else {
            if tornTail != nil {
                throw ActionLogError(line: 1, file: fileName, "the header is cut short: \(tornTail!)")
            }
            throw ActionLogError(line: 1, file: fileName, first ? "the log is empty" : "the segment is empty")
        }
        return try buffer.withUnsafeBufferPointer { try parser.header($0, range) }
    }

    /// Moves on to the next segment; returns the check its header makes, if any.
    private func openNextSegment() throws -> ActionLog.Line? {
        let header = try openNextSource(first: false)
        guard let state = header.initialState else { return nil }
        return .snapshot(sequence: header.startSequence, state: state, line: 1)
    }

    // MARK: Lines

    private static let chunk = 1 << 20

    /// The range of the next whole line in the buffer, without its newline; `nil` at the end
    /// of the source. A last line without a newline is returned when it reads as a line
    /// (only its newline is missing), and otherwise noted as the torn tail.
    private func nextLineRange() throws -> Range<Int>? {
        while true {
            if let newline = findNewline() {
                let range = lineStart..<newline
                lineStart = newline + 1
                searched = lineStart
                lineNumber += 1
                return range
            }
            if !atEnd {
                try fill()
                continue
            }
            guard lineStart < filled else { return nil }
            // The last line has no newline.
            let range = lineStart..<filled
            lineStart = filled
            searched = filled
            lineNumber += 1
            // Only its newline is missing when it is whole JSON (an object cut short never is);
            // what it says is then checked as for any line.
            let complete = buffer.withUnsafeBufferPointer { bytes in
                if UTF8Validation.firstInvalid(bytes, range) != nil { return false }
                if case .success = JSONSyntax.check(bytes, range) { return true }
                return false
            }
            if complete { return range }
            tornTail = "line \(lineNumber) (\(range.count) bytes) was cut short mid-write and is left out"
            lineNumber -= 1
            return nil
        }
    }

    private func findNewline() -> Int? {
        guard searched < filled else { return nil }
        let found = buffer.withUnsafeBufferPointer { bytes -> Int? in
            guard let base = bytes.baseAddress, let hit = memchr(base + searched, 0x0A, filled - searched) else {
                return nil
            }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
        if found == nil { searched = filled }
        return found
    }

    /// Reads more of the file into the buffer, after moving the line in progress to its start.
    private func fill() throws {
        if lineStart > 0 {
            let kept = filled - lineStart
            buffer.withUnsafeMutableBufferPointer { bytes in
                let base = bytes.baseAddress!
                (base).update(from: base + lineStart, count: kept)
            }
            searched -= lineStart
            filled = kept
            lineStart = 0
        }
        if filled == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
        let count = buffer.withUnsafeMutableBufferPointer { bytes in
            read(descriptor, bytes.baseAddress! + filled, bytes.count - filled)
        }
        if count < 0 {
            if errno == EINTR { return }
            throw ActionLogError(
                line: lineNumber + 1, file: fileName, "cannot read the log: \(String(cString: strerror(errno)))")
        }
        if count == 0 {
            atEnd = true
            close(descriptor)
            descriptor = -1
            return
        }
        filled += count
        bytesRead += count
    }
}
