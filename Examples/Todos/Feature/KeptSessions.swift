import Foundation

/// The folder where the demo keeps its session logs, so that they can be replayed and read
/// after it ends: the newest few are kept, older ones removed, so that runs do not pile up.
public enum KeptSessions {
    /// How many session logs the folder keeps.
    public static let limit = 20

    /// Removes all but the newest `limit` session logs (`session-<milliseconds>.jsonl`); other
    /// files in the folder are left alone.
    public static func prune(_ folder: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let sessions = names.compactMap { name -> (stamp: Int, name: String)? in
            guard name.hasPrefix("session-"), name.hasSuffix(".jsonl") else { return nil }
            return Int(name.dropFirst("session-".count).dropLast(".jsonl".count)).map { ($0, name) }
        }
        for old in sessions.sorted(by: { $0.stamp > $1.stamp }).dropFirst(limit) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(old.name))
        }
    }
}
