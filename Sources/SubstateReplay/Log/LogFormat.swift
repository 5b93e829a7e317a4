import Foundation
import Substate

/// The JSON Lines format of recorded action logs.
///
/// The first line is a header; then one line per action the tree reduced, in order; every few
/// actions a digest of the encoded state; and, where recording resumed after a pause, a full
/// snapshot of the state:
///
/// ```
/// {"format":"substate-log","version":2,"root":"App","rootName":"4Main3AppV","initialState":{...}}
/// {"seq":1,"t":0.0012,"type":"Counter.Increment","name":"4Main7CounterV9IncrementV","origin":"app","payload":{}}
/// {"seq":2,"t":0.2501,"type":"Search.Query","name":"...","origin":"middleware","payload":{"text":"swift"}}
/// {"seq":2,"digest":"9f1c2b..."}
/// ```
///
/// `name` is the type's mangled name, which replay resolves back to the type without a
/// hand-written list of action types. Actions that are not `Codable` are recorded with
/// `"replayable":false` and no payload. <doc:LogFormatSpecification> specifies every line
/// kind, what a reader must refuse, torn tails and rotated segments.
public enum LogFormat {
    public static let name = "substate-log"
    public static let version = 2
}

/// JSON text for a string, quoted and escaped.
package func jsonString(_ string: String) -> String {
    String(decoding: (try? JSONEncoder().encode(string)) ?? Data("\"\"".utf8), as: UTF8.self)
}

/// The JSON of a state as it goes into a log: canonical (sorted keys, sets and dictionaries
/// in an order that does not depend on the process, see ``CanonicalJSON``), so that equal
/// values encode equally in every process, and `Redacted` fields left out.
package func jsonData(of value: any Encodable) throws -> Data {
    try CanonicalJSON.encode(value)
}

/// A stable 64-bit digest (FNV-1a) of bytes, as 16 hex digits.
package func digest(of data: Data) -> String {
    // Fact (scoped pointer): the bytes are read only inside the closure.
    data.withUnsafeBytes { digest(of: $0) }
}

/// ``digest(of:)-(Data)`` of bytes in memory.
package func digest(of bytes: UnsafeRawBufferPointer) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
}
