import Foundation

/// How a rotated log names its files: the log's own file (`session.jsonl`) is the one being
/// written; finished segments sit beside it as `session.1.jsonl`, `session.2.jsonl`...,
/// numbered in the order they were written. Readers given the log's file read the finished
/// segments first, then the file itself, as one log.
enum LogSegments {
    /// The name of finished segment `number` of the log at `url`.
    static func url(of number: Int, for url: URL) -> URL {
        let (stem, ext) = parts(of: url)
        let name = ext.isEmpty ? "\(stem).\(number)" : "\(stem).\(number).\(ext)"
        return url.deletingLastPathComponent().appendingPathComponent(name)
    }

    /// The numbers of the finished segments beside the log at `url`, oldest first.
    static func finished(for url: URL) -> [Int] {
        let (stem, ext) = parts(of: url)
        let directory = url.deletingLastPathComponent()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        let prefix = stem + "."
        let suffix = ext.isEmpty ? "" : "." + ext
        return names.compactMap { name -> Int? in
            guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else {
                return nil
            }
            let digits = name.dropFirst(prefix.count).dropLast(suffix.count)
            guard digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), digits.first != "0",
                let number = Int(digits)
            else { return nil }
            return number
        }.sorted()
    }

    /// Every file of the log at `url`, in reading order: finished segments, then the file
    /// being written (when it exists).
    static func files(for url: URL) -> [URL] {
        var files = finished(for: url).map { Self.url(of: $0, for: url) }
        if FileManager.default.fileExists(atPath: url.path) || files.isEmpty { files.append(url) }
        return files
    }

    private static func parts(of url: URL) -> (stem: String, ext: String) {
        let name = url.lastPathComponent
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[name.index(after: dot)...]))
    }
}
