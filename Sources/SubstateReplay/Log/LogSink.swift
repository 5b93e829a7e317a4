import Foundation
import Substate

/// Where an `ActionRecorder` writes its log, one JSON line at a time.
@MainActor
public protocol LogSink: AnyObject {
    /// Appends one line (without its newline).
    func append(_ line: String) throws
    /// Makes everything appended so far durable.
    func flush() throws
    /// Whether the sink would like the log to go on in a new segment (a ``FileLog`` that
    /// reached its size limit). The recorder asks after each action it recorded.
    var wantsNewSegment: Bool { get }
    /// Finishes the current segment and starts a new one whose first line is `header`: a
    /// header carrying the state so far, so that the new segment can be read, and replayed,
    /// on its own.
    func startSegment(header: String) throws
}

extension LogSink {
    /// Sinks that are not rotated never want a new segment.
    public var wantsNewSegment: Bool { false }

    /// Sinks that are not rotated go on in the same place.
    public func startSegment(header: String) throws {}
}
