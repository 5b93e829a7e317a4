/// Where and why a value could not be encoded, as a phrase ("<value> at <path>: <reason>"), or
/// `nil` when the error is not an `EncodingError.invalidValue`.
///
/// The recorder and the saver both name encoding failures this way, so that a log and a save
/// report read alike.
package func encodingFailure(_ error: any Error) -> String? {
    guard case EncodingError.invalidValue(let value, let context) = error else { return nil }
    let path = context.codingPath.map(\.stringValue).joined(separator: ".")
    return "\(value) at \(path.isEmpty ? "the top level" : path): \(context.debugDescription)"
}
