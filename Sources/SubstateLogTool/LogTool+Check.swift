import Foundation
import SubstateReplay

extension LogTool {
    /// `check LOG`
    static func check(_ arguments: [String], _ console: Console) -> Int32 {
        let parsed = LogPathArguments(arguments, count: 1, names: "LOG", command: "check", console: console)
        guard let path = parsed.paths?.first else { return parsed.exitCode }
        var outOfOrder = 0
        var unreplayable: (count: Int, firstLine: Int) = (0, 0)
        var actions = 0
        var root = ""
        let code = console.reading(path) { reader in
            root = sanitized(reader.header.root)
            var previous = reader.header.startSequence
            console.eachLine(of: reader, path: path) { line in
                guard case .action(let entry) = line else { return }
                actions += 1
                if entry.sequence <= previous {
                    outOfOrder += 1
                    let place = entry.file.map { "\($0) " } ?? ""
                    console.errors(
                        "\(path): \(place)line \(entry.line): sequence number \(entry.sequence) after \(previous)")
                }
                previous = entry.sequence
                if entry.payload == nil {
                    if unreplayable.count == 0 { unreplayable.firstLine = entry.line }
                    unreplayable.count += 1
                }
            }
        }
        if code == 66 { return code }
        let problems = console.badLines + outOfOrder
        guard problems == 0 else {
            console.errors("\(path): not a valid log: \(problems) problem\(problems == 1 ? "" : "s")")
            return 65
        }
        console.output("\(path): valid \(LogFormat.name) log, \(actions) actions, root \(root)")
        if unreplayable.count > 0 {
            console.output(
                "note: \(unreplayable.count) action(s) are not replayable (not Codable), first at line \(unreplayable.firstLine)"
            )
        }
        return 0
    }
}
