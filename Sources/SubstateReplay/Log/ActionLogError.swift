/// A problem with a log or its replay, at a line of the log.
///
/// ```swift
/// do { _ = try ActionLog(contentsOf: file) } catch let error as ActionLogError {
///     print(error)  // line 12, column 48: not valid JSON: expected "," or "}", found "x"
/// }
/// ```
public struct ActionLogError: Error, Equatable, CustomStringConvertible {
    /// The line of the log, counting from 1.
    public let line: Int
    /// The column, counting bytes from 1, when the problem is at one place in the line.
    public let column: Int?
    /// The file, when the log is read from several (a rotated log's segments).
    public let file: String?
    /// What is wrong, in a phrase.
    public let message: String

    public init(line: Int, column: Int? = nil, file: String? = nil, _ message: String) {
        self.line = line
        self.column = column
        self.file = file
        self.message = message
    }

    public var description: String {
        var place = "line \(line)"
        if let column { place += ", column \(column)" }
        if let file { place = "\(file) \(place)" }
        return "\(place): \(message)"
    }
}
