/// A log file that cannot be opened or read, with the system's reason.
public struct LogFileError: Error, Equatable, CustomStringConvertible {
    /// The file's path.
    public let path: String
    /// Why it cannot be read, as the system says it (`No such file or directory`).
    public let reason: String

    public var description: String { "cannot read \(path): \(reason)" }
}
