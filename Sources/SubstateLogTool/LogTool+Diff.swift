import Foundation
import SubstateReplay

extension LogTool {
    /// `diff A B`
    static func diff(_ arguments: [String], _ console: Console) -> Int32 {
        let parsed = LogPathArguments(
            arguments, count: 2, names: "the two logs to compare (diff A B)", command: "diff", console: console)
        guard let paths = parsed.paths else { return parsed.exitCode }
        var readers: [LogReader] = []
        for path in paths {
            do {
                readers.append(try LogReader(contentsOf: URL(fileURLWithPath: path)))
            } catch {
                return console.readError(error, path: path)
            }
        }
        // Each log's shapes, to show the actions where they differ readably.
        var readings = readers.map { ValueReadings(rootShape: $0.header.rootShape) }
        /// The next action of a log; `nil` at its end; a bad line stops the comparison.
        func nextAction(_ index: Int) throws -> ActionLog.Entry? {
            while let line = try readers[index].next() {
                if case .action(let entry) = line {
                    readings[index].learn(entry)
                    return entry
                }
            }
            return nil
        }
        var agreed = 0
        while true {
            let left: ActionLog.Entry?
            let right: ActionLog.Entry?
            do {
                left = try nextAction(0)
            } catch {
                return console.readError(error, path: paths[0])
            }
            do {
                right = try nextAction(1)
            } catch {
                return console.readError(error, path: paths[1])
            }
            switch (left, right) {
            case (nil, nil):
                for (reader, path) in zip(readers, paths) { console.noteTornTail(of: reader, path: path) }
                console.output("the logs record the same \(agreed) actions")
                return 0
            case (let left?, let right?):
                if left.type == right.type && left.origin == right.origin && left.payload == right.payload {
                    agreed += 1
                    continue
                }
                console.output("the logs differ at action #\(left.sequence):")
                console.output("  \(paths[0]) line \(left.line): \(describe(left, readings: &readings[0]))")
                console.output("  \(paths[1]) line \(right.line): \(describe(right, readings: &readings[1]))")
                return 1
            case (let only?, nil), (nil, let only?):
                let longer = left != nil ? paths[0] : paths[1]
                var more = 1
                do {
                    while try nextAction(left != nil ? 0 : 1) != nil { more += 1 }
                } catch {
                    return console.readError(error, path: longer)
                }
                console.output(
                    "the logs agree for \(agreed) actions; \(longer) goes on for \(more) more, from action #\(only.sequence)"
                )
                return 1
            }
        }
    }

    /// An action as `diff` shows it: its origin, type and payload, readable (see
    /// ``ValueReadings``); the logs are compared as recorded.
    private static func describe(_ entry: ActionLog.Entry, readings: inout ValueReadings) -> String {
        let shown = readings.readablePayload(of: entry) ?? entry.payload
        let payload = shown.map { String(decoding: $0, as: UTF8.self) } ?? "(not recorded)"
        return "\(entry.origin.rawValue) \(sanitized(entry.type)) \(sanitized(payload))"
    }
}
