import Foundation
import SubstateReplay

extension LogTool {
    /// `tail LOG [-n COUNT] [-f]`
    static func tail(_ arguments: [String], _ console: Console, wait: () -> Bool) -> Int32 {
        let path: String
        let count: Int
        let follows: Bool
        do {
            let options = try CommandOptions(arguments, valued: ["-n"], flags: ["-f"])
            if options.wantsHelp { return console.printHelp("tail") }
            path = try options.paths(1, names: "LOG")[0]
            count = try options.integer("-n", atLeast: 0) ?? 10
            follows = options.flags.contains("-f")
        } catch {
            return console.usageError(error.message, command: "tail")
        }
        let url = URL(fileURLWithPath: path)
        let reader: LogReader
        do {
            reader = follows ? try LogReader(following: url) : try LogReader(contentsOf: url)
        } catch {
            return console.readError(error, path: path)
        }
        // The last `count` actions written so far, oldest first.
        var last: [String] = []
        last.reserveCapacity(count)
        var start = 0
        var readings = ValueReadings(rootShape: reader.header.rootShape)
        func shown(_ entry: ActionLog.Entry) -> String {
            Formatting.entry(entry, payload: readings.readablePayload(of: entry))
        }
        console.eachLine(of: reader, path: path) { line in
            guard count > 0, case .action(let entry) = line else { return }
            if last.count < count {
                last.append(shown(entry))
            } else {
                last[start] = shown(entry)
                start = (start + 1) % count
            }
        }
        for index in 0..<last.count { console.output(last[(start + index) % last.count]) }
        if follows {
            while wait() {
                console.eachLine(of: reader, path: path) { line in
                    if case .action(let entry) = line { console.output(shown(entry)) }
                }
            }
        } else {
            console.noteTornTail(of: reader, path: path)
        }
        return console.badLines > 0 ? 65 : 0
    }
}
