import Foundation
import Substate
import SubstateReplay

extension LogTool {
    /// `show LOG [--type TYPE] [--origin ORIGIN] [--from SEQ] [--to SEQ]`
    static func show(_ arguments: [String], _ console: Console) -> Int32 {
        let path: String
        let type: String?
        let origin: String?
        let from: Int
        let to: Int
        do {
            let options = try CommandOptions(arguments, valued: ["--type", "--origin", "--from", "--to"])
            if options.wantsHelp { return console.printHelp("show") }
            path = try options.paths(1, names: "LOG")[0]
            type = options.values["--type"]
            origin = options.values["--origin"]
            if let origin, Store.Origin(rawValue: origin) == nil {
                return console.usageError(
                    "--origin must be app, effect, middleware or store, not \"\(origin)\"", command: "show")
            }
            from = try options.integer("--from") ?? Int.min
            to = try options.integer("--to") ?? Int.max
        } catch {
            return console.usageError(error.message, command: "show")
        }
        return console.reading(path) { reader in
            console.output("\(sanitized(reader.header.root)), recorded in format version \(reader.header.version)")
            var shown = 0
            var total = 0
            var readings = ValueReadings(rootShape: reader.header.rootShape)
            console.eachLine(of: reader, path: path) { line in
                guard case .action(let entry) = line else { return }
                total += 1
                readings.learn(entry)
                guard type == nil || entry.type == type, origin == nil || entry.origin.rawValue == origin,
                    (from...to).contains(entry.sequence)
                else { return }
                shown += 1
                console.output(Formatting.entry(entry, payload: readings.readablePayload(of: entry)))
            }
            console.output("\(shown) of \(total) actions shown")
        }
    }
}
