import Foundation

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
