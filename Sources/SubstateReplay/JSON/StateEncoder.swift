import Foundation

/// Encodes a state again and again as it changes, as canonical JSON, at the cost of what
/// changed.
///
/// A replay encodes the state after every action for the session page, and at every digest,
/// snapshot and recorded model for its checks. The output is byte for byte what `JSONEncoder`
/// with sorted keys writes (``CanonicalJSON``), for the types it streams; each encode copies
/// the values that did not change since the last one (``EncodingMemo``) and records where every
/// value is in the output (``EncodedNode``), which lets ``JSONEdit`` find what changed
/// without reading the unchanged parts.
package final class StateEncoder {
    /// The JSON of a state and where its values are.
    package struct Document {
        package let bytes: [UInt8]
        let nodes: [EncodedNode]
    }

    private let encoder = LogEncoder()
    private let memo = EncodingMemo()

    package init() {
        encoder.memo = memo
        encoder.output.pointee.canonical = true
    }

    /// Encodes `value`; returns `nil` when a type uses its containers in a way a stream cannot
    /// follow (``LogEncoder``), for the caller to use ``CanonicalJSON``.
    package func encode<T: Encodable>(_ value: T) -> [UInt8]? {
        let followsAnEncode = lastSucceeded
        memo.begin(&encoder.output.pointee)
        do {
            try encoder.encode(value)
            lastSucceeded = true
            hasPrevious = followsAnEncode
            return encoder.output.pointee.bytes
        } catch {
            memo.reset(&encoder.output.pointee)
            lastSucceeded = false
            hasPrevious = false
            return nil
        }
    }

    private var lastSucceeded = false
    /// Whether the last encode succeeded and so did the one before, which ``previous`` is.
    package private(set) var hasPrevious = false

    /// The last encode.
    package var current: Document { Document(bytes: encoder.output.pointee.bytes, nodes: encoder.output.pointee.nodes) }

    /// The encode before it.
    package var previous: Document { Document(bytes: memo.oldBytes, nodes: memo.oldNodes) }
}
