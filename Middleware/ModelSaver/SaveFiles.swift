import Foundation

/// The saver's files: one JSON file per key, written atomically.
///
/// A file holds an envelope with the schema version and the model. Writes go to a temporary
/// file beside it, which is then renamed over it, so a crash mid-write leaves the old file
/// whole; temporary files left by a crash are removed when the saver loads.
struct SaveFiles: Sendable {
    let directory: URL

    func url(for key: String) -> URL { directory.appendingPathComponent(key + ".json") }

    private func temporaryURL(for key: String) -> URL { directory.appendingPathComponent("." + key + ".json.partial") }

    /// The file's bytes, or `nil` when there is no file.
    func read(_ key: String) throws -> Data? {
        let url = url(for: key)
        try? FileManager.default.removeItem(at: temporaryURL(for: key))
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }

    /// Writes the bytes through a temporary file and a rename.
    func write(_ data: Data, for key: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = temporaryURL(for: key)
        try data.write(to: temporary)
        if rename(temporary.path, url(for: key).path) != 0 {
            let failure = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: failure])
        }
    }

    /// Moves a file out of the way under a timestamped name, and returns that name.
    func moveAside(_ key: String, reason: String, at date: Date) throws -> String {
        let stamp = ISO8601DateFormatter().string(from: date).replacingOccurrences(of: ":", with: "-")
        let name = "\(key).\(reason)-\(stamp).json"
        try FileManager.default.moveItem(at: url(for: key), to: directory.appendingPathComponent(name))
        return name
    }
}

/// What a saved file holds: the schema version it was written with, and the model.
struct SaveEnvelope<M: Encodable>: Encodable {
    let schemaVersion: Int
    let model: M
}

/// The version of a saved file, read before its model.
struct SaveHeader: Decodable {
    let schemaVersion: Int
}

/// The JSON of the model inside a saved file, for migrations, with numbers kept as written.
func modelJSON(in data: Data) throws -> Data {
    guard let envelope = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any],
        let model = envelope["model"]
    else { throw SaveError.corrupt("no model in the file") }
    return try JSONSerialization.data(withJSONObject: model, options: [.fragmentsAllowed])
}
