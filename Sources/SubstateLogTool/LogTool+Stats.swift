import Foundation
import SubstateReplay

extension LogTool {
    /// `stats LOG`
    static func stats(_ arguments: [String], _ console: Console) -> Int32 {
        let parsed = LogPathArguments(arguments, count: 1, names: "LOG", command: "stats", console: console)
        guard let path = parsed.paths?.first else { return parsed.exitCode }
        return console.reading(path) { reader in
            var count = 0
            var first: Double?
            var last: (time: Double, sequence: Int)?
            var byType: [String: (count: Int, origins: [String: Int])] = [:]
            /// The three longest gaps, longest first.
            var gaps: [(gap: Double, after: Int)] = []
            console.eachLine(of: reader, path: path) { line in
                guard case .action(let entry) = line else { return }
                count += 1
                if first == nil { first = entry.time }
                if let last {
                    let gap = entry.time - last.time
                    if gaps.count < 3 || gap > gaps[gaps.count - 1].gap {
                        gaps.append((gap, last.sequence))
                        gaps.sort { $0.gap > $1.gap }
                        if gaps.count > 3 { gaps.removeLast() }
                    }
                }
                last = (entry.time, entry.sequence)
                byType[entry.type, default: (0, [:])].count += 1
                byType[entry.type]!.origins[entry.origin.rawValue, default: 0] += 1
            }
            let root = sanitized(reader.header.root)
            guard let first, let last else {
                console.output("\(root): no actions")
                return
            }
            let duration = max(last.time - first, 0)
            console.output("\(root): \(count) actions over \(Formatting.seconds(duration))")
            let types = byType.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }
            for (type, group) in types {
                let rate =
                    duration > 0 ? " (\(Formatting.number(Double(group.count) / duration, decimals: 2))/s)" : ""
                let origins = group.origins.map { "\($0.key) \($0.value)" }.sorted()
                console.output(
                    "  \(String(group.count).leftPadded(6))  \(sanitized(type))\(rate)  [\(origins.joined(separator: ", "))]"
                )
            }
            if !gaps.isEmpty {
                console.output("longest gaps:")
                for gap in gaps { console.output("  \(Formatting.seconds(gap.gap)) after #\(gap.after)") }
            }
        }
    }
}
