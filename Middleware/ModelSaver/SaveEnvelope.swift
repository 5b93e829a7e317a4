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
    let object: [String: Any]
    do {
        guard let parsed = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw SaveError.corrupt("not a JSON object")
        }
        object = parsed
    } catch let error as SaveError {
        throw error
    } catch {
        throw SaveError.corrupt("not valid JSON: \(describeSaveError(error))")
    }
    guard object["model"] != nil, let range = TopLevelMembers(Array(data)).range(of: "model") else {
        throw SaveError.corrupt("no model in the file")
    }
    return data.subdata(in: range)
}

/// Finds where the members of a JSON object stand in its bytes, for a document already known
/// to be valid JSON: a member's value is handed on as it was written, never re-serialised.
struct TopLevelMembers {
    private let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The byte range of the value of the top-level member named `key`.
    func range(of key: String) -> Range<Int>? {
        var index = skipSpace(0)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        while true {
            index = skipSpace(index)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let keyEnd = stringEnd(index)
            let name = try? JSONDecoder().decode(String.self, from: Data(bytes[index..<keyEnd]))
            index = skipSpace(keyEnd)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            let start = skipSpace(index + 1)
            let end = valueEnd(start)
            if name == key { return start..<end }
            index = skipSpace(end)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
            index += 1
        }
    }

    private func skipSpace(_ start: Int) -> Int {
        var index = start
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index
    }

    /// The index after the string that starts at `start`.
    private func stringEnd(_ start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
            } else if bytes[index] == UInt8(ascii: "\"") {
                return index + 1
            } else {
                index += 1
            }
        }
        return index
    }

    /// The index after the value that starts at `start`.
    private func valueEnd(_ start: Int) -> Int {
        guard start < bytes.count else { return start }
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return stringEnd(start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var index = start
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    index = stringEnd(index)
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default:
                    break
                }
                index += 1
            }
            return index
        default:
            var index = start
            while index < bytes.count,
                ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D]
                    .contains(bytes[index])
            {
                index += 1
            }
            return index
        }
    }
}
