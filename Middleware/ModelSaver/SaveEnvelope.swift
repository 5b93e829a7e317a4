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

/// The JSON of the model inside a saved file, for migrations and decoding, byte for byte as
/// it was written.
func modelJSON(in data: Data) throws -> Data {
    do {
        let json = try RawJSON(bytes: Array(data))
        guard let model = try json.members(at: json.root)?["model"] else {
            throw SaveError.corrupt("no model in the file")
        }
        return json.data(model)
    } catch let error as RawJSONError {
        throw SaveError.corrupt(error.reason)
    }
}
