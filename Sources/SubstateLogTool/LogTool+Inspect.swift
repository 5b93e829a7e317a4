import Foundation
import SubstateReplay

extension LogTool {
    /// `inspect LOG -o PAGE`
    static func inspect(_ arguments: [String], _ console: Console) -> Int32 {
        let path: String
        let page: String
        do {
            let options = try CommandOptions(arguments, valued: ["-o", "--output"])
            if options.wantsHelp { return console.printHelp("inspect") }
            path = try options.paths(1, names: "LOG")[0]
            guard let output = options.values["-o"] ?? options.values["--output"] else {
                return console.usageError("missing -o PAGE", command: "inspect")
            }
            page = output
        } catch {
            return console.usageError(error.message, command: "inspect")
        }
        let reader: LogReader
        do {
            reader = try LogReader(contentsOf: URL(fileURLWithPath: path))
        } catch {
            return console.readError(error, path: path)
        }
        let session = SessionPage(reading: reader, file: (path as NSString).lastPathComponent)
        do {
            try Data(session.html().utf8).write(to: URL(fileURLWithPath: page), options: .atomic)
        } catch {
            console.errors("cannot write \(page): \(error.localizedDescription)")
            return 73
        }
        for problem in session.problems { console.errors("\(path): \(sanitized(problem))") }
        let damaged = session.damagedLineCount
        let marked = damaged == 0 ? "" : ", and \(damaged) damaged line\(damaged == 1 ? "" : "s") marked in place"
        console.output(
            "\(page): \(session.actions.count - damaged) actions of \(sanitized(session.header.root))\(marked)")
        return session.problems.isEmpty ? 0 : 65
    }
}
