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
///
/// A reader made with ``init(following:)`` follows a log that is still being written (`tail
/// -f`): at the end it returns `nil` until more lines arrive, and when the log is rotated it
/// finishes the file it was reading and goes on with the new one.
// Its stored properties are read on every byte run of every line; a reader belongs to one
// caller at a time (it is not Sendable), so the run-time exclusivity checks are left out.
public final class LogReader {
    /// The log's header (of its oldest segment, for a rotated log).
    public private(set) var header: ActionLog.Header
    /// What was left out at the end of the log because it was cut short mid-write, if anything.
    public private(set) var tornTail: String?
    /// How many bytes have been read so far.
    public private(set) var bytesRead = 0
    /// The bytes of the line cut short at the end, when ``tornTail`` names one, so that a page
    /// can show them.
    package private(set) var tornTailBytes: [UInt8]?
    /// The number the line cut short at the end would have had.
    package private(set) var tornTailLine: Int?

    private var sources: [Source]
    private var fileName: String?
    private let namesFiles: Bool
    private var parser = LogLineParser()
    @exclusivity(unchecked) private var buffer: [UInt8]
    /// Where the next line starts in the buffer, and how much of it holds data.
    @exclusivity(unchecked) private var lineStart = 0
    @exclusivity(unchecked) private var filled = 0
    /// Where the search for the next newline goes on from.
    @exclusivity(unchecked) private var searched = 0
    private var descriptor: Int32 = -1
    private var currentURL: URL?
    @exclusivity(unchecked) private var atEnd = false
    /// Whether the next line is a segment's header.
    @exclusivity(unchecked) private var expectingHeader = false
    @exclusivity(unchecked) private var lineNumber = 0
    /// Where the line last handed to the parser sits in the buffer, until the next read.
    @exclusivity(unchecked) private var lastLine = 0..<0
    /// Whether the reader waits for more lines at the end of the last file.
    private let follows: Bool

    private enum Source {
        case file(URL)
        case bytes([UInt8])
    }

    /// Opens a log file, with the finished segments of a rotated log before it.
    public convenience init(contentsOf url: URL) throws {
        let files = LogSegments.files(for: url)
        try self.init(sources: files.map(Source.file), namesFiles: files.count > 1, follows: false)
    }

    /// Opens a log that is still being written, to read what is there and then what arrives.
    public convenience init(following url: URL) throws {
        try self.init(sources: LogSegments.files(for: url).map(Source.file), namesFiles: true, follows: true)
    }

    /// Reads a log from its bytes.
    public convenience init(data: Data) throws {
        try self.init(sources: [.bytes(Array(data))], namesFiles: false, follows: false)
    }

    private init(sources: [Source], namesFiles: Bool, follows: Bool) throws {
        self.sources = sources
        self.namesFiles = namesFiles
        self.follows = follows
        buffer = []
        header = ActionLog.Header(root: "")
        header = try openFirstSource()
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The next line of the log, or `nil` at its end (for a following reader: for now).
    ///
    /// - Throws: ``ActionLogError`` for a line that is not valid; the next call reads the line
    ///   after it. ``LogFileError`` when a file cannot be read.
    public func next() throws -> ActionLog.Line? {
        while true {
            switch try nextLineRange() {
            case .line(let range):
                guard expectingHeader else {
                    lastLine = range
                    // Fact (scoped pointer): the buffer is read only inside the closure, in the line's range, which lies within what was filled.
                    return try buffer.withUnsafeBufferPointer { try parser.line($0, range, number: lineNumber) }
                }
                // A later segment starts with a header: the state it carries is a check of the
                // state after the action the previous segment ended with.
                expectingHeader = false
                lastLine = range
                // Fact (scoped pointer): the buffer is read only inside the closure, in the line's range, which lies within what was filled.
                let header = try buffer.withUnsafeBufferPointer { try parser.header($0, range) }
                guard let state = header.initialState else { continue }
                return .snapshot(sequence: header.startSequence, state: state, line: 1)
            case .waiting:
                guard try wasRotated() else { return nil }
                // The file was renamed to a finished segment and a new one started; what was
                // written to the old one before the rename is read first.
                if try fillFollowing() { continue }
                noteTornTail()
                sources += segmentsSinceRotation().map(Source.file)
            case .end:
                break
            }
            if sources.isEmpty { return nil }
            try openSource()
            expectingHeader = true
        }
    }

    /// The bytes of the line the last call to ``next()`` read or refused, for showing a damaged
    /// line as it is; valid until the next call.
    package func lastLineBytes() -> [UInt8] {
        Array(buffer[lastLine])
    }

    /// Reads every line that is left.
    func readAll() throws -> [ActionLog.Line] {
        var lines: [ActionLog.Line] = []
        while let line = try next() { lines.append(line) }
        return lines
    }

    // MARK: Sources

    /// Opens the next source.
    private func openSource() throws {
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
                throw LogFileError(path: url.path, reason: String(cString: strerror(errno)))
            }
            currentURL = url
            if buffer.count < Self.chunk { buffer = [UInt8](repeating: 0, count: Self.chunk) }
        }
        parser.file = fileName
    }

    /// Opens the first source and reads the log's header.
    private func openFirstSource() throws -> ActionLog.Header {
        try openSource()
        guard case .line(let range) = try nextLineRange() else {
            if tornTail != nil { throw ActionLogError(line: 1, file: fileName, "the header was cut short mid-write") }
            throw ActionLogError(line: 1, file: fileName, "the log is empty")
        }
        // Fact (scoped pointer): the buffer is read only inside the closure, in the line's range, which lies within what was filled.
        return try buffer.withUnsafeBufferPointer { try parser.header($0, range) }
    }

    // MARK: Lines

    private static let chunk = 1 << 20

    private enum Next {
        case line(Range<Int>)
        /// A following reader is at the end of what was written so far.
        case waiting
        /// The source has no more lines.
        case end
    }

    /// The range of the next whole line in the buffer, without its newline. A last line
    /// without a newline is returned when it is whole JSON (only its newline is missing), and
    /// otherwise noted as the torn tail.
    private func nextLineRange() throws -> Next {
        while true {
            if let newline = findNewline() {
                let range = lineStart..<newline
                lineStart = newline + 1
                searched = lineStart
                lineNumber += 1
                return .line(range)
            }
            if !atEnd {
                if follows, sources.isEmpty {
                    if try fillFollowing() { continue }
                    return .waiting
                }
                try fill()
                continue
            }
            guard lineStart < filled else { return .end }
            // The last line has no newline. Only its newline is missing when it is whole JSON
            // (an object cut short never is); what it says is then checked as for any line.
            let range = lineStart..<filled
            // Fact (scoped pointer): the buffer is read only inside the closure, in the last line's range.
            let complete = buffer.withUnsafeBufferPointer { bytes in
                if UTF8Validation.firstInvalid(bytes, range) != nil { return false }
                if case .success = JSONSyntax.check(bytes, range) { return true }
                return false
            }
            if complete {
                lineStart = filled
                searched = filled
                lineNumber += 1
                return .line(range)
            }
            noteTornTail()
            return .end
        }
    }

    /// Notes the bytes after the last whole line as torn off, and leaves them out.
    private func noteTornTail() {
        guard lineStart < filled else { return }
        let place = fileName.map { "\($0) " } ?? ""
        tornTail =
            "\(place)line \(lineNumber + 1) (\(filled - lineStart) bytes) was cut short mid-write and is left out"
        tornTailBytes = Array(buffer[lineStart..<filled])
        tornTailLine = lineNumber + 1
        lineStart = filled
        searched = filled
    }

    /// Reads what was appended to the file being followed; returns whether anything was.
    private func fillFollowing() throws -> Bool {
        let before = filled
        try fill(keepOpen: true)
        return filled > before
    }

    /// The files to read after the followed file was rotated: the segments finished after it
    /// (it may have rotated more than once since the last look), then the new file.
    private func segmentsSinceRotation() -> [URL] {
        guard let url = currentURL else { return [] }
        var open = stat()
        guard fstat(descriptor, &open) == 0 else { return [url] }
        let finished = LogSegments.finished(for: url)
        let mine = finished.last { number in
            var named = stat()
            return stat(LogSegments.url(of: number, for: url).path, &named) == 0 && named.st_ino == open.st_ino
                && named.st_dev == open.st_dev
        }
        guard let mine else { return [url] }
        return finished.filter { $0 > mine }.map { LogSegments.url(of: $0, for: url) } + [url]
    }

    /// Whether the followed file's name now leads to another file (the log was rotated).
    private func wasRotated() throws -> Bool {
        guard let url = currentURL, descriptor >= 0 else { return false }
        var open = stat()
        var named = stat()
        guard fstat(descriptor, &open) == 0 else { return false }
        guard stat(url.path, &named) == 0 else { return false }
        return open.st_ino != named.st_ino || open.st_dev != named.st_dev
    }

    private func findNewline() -> Int? {
        guard searched < filled else { return nil }
        // Fact (scoped pointer): the buffer is searched only inside the closure, between `searched` and `filled`; `memchr` returns an address in it.
        let found = buffer.withUnsafeBufferPointer { bytes -> Int? in
            guard let base = bytes.baseAddress, let hit = memchr(base + searched, 0x0A, filled - searched) else {
                return nil
            }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
        if found == nil { searched = filled }
        return found
    }

    /// Reads more of the file into the buffer, after moving the line in progress to its start;
    /// at the end of the file, closes it unless `keepOpen`.
    private func fill(keepOpen: Bool = false) throws {
        if lineStart > 0 {
            let kept = filled - lineStart
            // Fact (scoped pointer): the buffer is written only inside the closure: the kept line moves to its start, within `filled`.
            buffer.withUnsafeMutableBufferPointer { bytes in
                let base = bytes.baseAddress!
                (base).update(from: base + lineStart, count: kept)
            }
            searched -= lineStart
            filled = kept
            lineStart = 0
        }
        if filled == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
        // Fact (scoped pointer): the buffer is written only inside the closure, after `filled` and within its count.
        let count = buffer.withUnsafeMutableBufferPointer { bytes in
            read(descriptor, bytes.baseAddress! + filled, bytes.count - filled)
        }
        if count < 0 {
            if errno == EINTR { return }
            throw LogFileError(path: currentURL?.path ?? "the log", reason: String(cString: strerror(errno)))
        }
        if count == 0 {
            if keepOpen { return }
            atEnd = true
            close(descriptor)
            descriptor = -1
            return
        }
        filled += count
        bytesRead += count
    }
}
