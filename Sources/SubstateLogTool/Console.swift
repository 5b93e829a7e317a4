import Foundation
import SubstateReplay

/// Where a command prints, and how it reports what goes wrong.
final class Console {
    let output: (String) -> Void
    let errors: (String) -> Void
    /// Bad lines of the log, reported as they are met.
    private(set) var badLines = 0

    init(output: @escaping (String) -> Void, errors: @escaping (String) -> Void) {
        self.output = output
        self.errors = errors
    }

    /// Reports a usage error with the general usage, and returns its exit code.
    func usageError(_ message: String, command: String? = nil) -> Int32 {
        errors("substate-log: \(message)")
        errors("")
        errors(command.flatMap { LogTool.help[$0] } ?? LogTool.usage)
        return 64
    }

    /// Reports an error reading a log, and returns its exit code: 66 when the file cannot be
    /// read, 65 when the log is not valid.
    func readError(_ error: any Error, path: String) -> Int32 {
        if let file = error as? LogFileError {
            errors("substate-log: \(file)")
            return 66
        }
        badLines += 1
        errors("\(path): \(sanitized("\(error)"))")
        return 65
    }

    /// Notes a torn tail, which is expected after a crash and not an error.
    func noteTornTail(of reader: LogReader, path: String) {
        if let tail = reader.tornTail { errors("note: \(path): \(tail)") }
    }
}

/// Text from a log, safe to print on a terminal: control characters (which could move the
/// cursor or change colours) are shown as escapes.
func sanitized(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
        if isControl(scalar), scalar != "\n" {
            result += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
            result.unicodeScalars.append(scalar)
        }
    }
    return result
}

private func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
}
