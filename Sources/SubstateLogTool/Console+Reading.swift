import Foundation
import SubstateReplay

extension Console {
    /// Prints a command's help; exit code 0.
    func printHelp(_ command: String) -> Int32 {
        output(LogTool.help[command] ?? LogTool.usage)
        return 0
    }

    /// Opens the log at `path` and runs `body` with its reader; the exit code is 66 when the
    /// file cannot be read, 65 when it or any of its lines is not valid, 0 otherwise.
    func reading(_ path: String, _ body: (LogReader) -> Void) -> Int32 {
        let reader: LogReader
        do {
            reader = try LogReader(contentsOf: URL(fileURLWithPath: path))
        } catch {
            return readError(error, path: path)
        }
        body(reader)
        noteTornTail(of: reader, path: path)
        return badLines > 0 ? 65 : 0
    }

    /// Hands each valid line of the log to `body`; a bad line is reported and reading goes on
    /// with the next, so that every bad line is named.
    func eachLine(of reader: LogReader, path: String, _ body: (ActionLog.Line) -> Void) {
        while true {
            do {
                guard let line = try reader.next() else { return }
                body(line)
            } catch let error as ActionLogError {
                _ = readError(error, path: path)
            } catch {
                _ = readError(error, path: path)
                return
            }
        }
    }
}
