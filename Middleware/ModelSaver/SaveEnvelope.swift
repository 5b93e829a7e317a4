import Foundation

/// What a saved file holds: the schema version it was written with, the type of the model
/// (``SavedModel/savedTypeName``), and the model.
struct SaveEnvelope<M: Encodable>: Encodable {
    let schemaVersion: Int
    let type: String
    let model: M
}

/// The version and model type of a saved file, read before its model; files written before
/// the type was recorded name none.
struct SaveHeader: Decodable {
    let schemaVersion: Int
    let type: String?
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
