import Foundation

/// What a ``StateEncoder`` remembers of its last encode, and the encode being written.
///
/// For every value it is handed, the streaming encoder asks the memo first. The memo finds the
/// value written at the same place last time (the same position among its parent's values)
/// and, when that one had the same type and the same bytes, and the type's bytes identify its
/// values (``ByteIdentity``), copies the JSON written then, with its nodes, instead of encoding
/// the value again. Every value whose bytes are remembered is kept alive until the next encode
/// is done, so no buffer it refers to can be freed and its address given to a new one: equal
/// bytes mean the same buffers. Encoding a state after an action costs what the action changed
/// plus a copy of the rest.
final class EncodingMemo {
    /// The previous encode.
    private(set) var oldNodes: [EncodedNode] = []
    private(set) var oldBytes: [UInt8] = []
    private var oldRaw: [UInt8] = []
    private var oldHolders: [Any] = []
    /// The encode being written: its nodes and bytes are the output's.
    private var raw: [UInt8] = []
    private var holders: [Any] = []

    /// One value being written: the previous encode's node to look for its next child in, and
    /// its own node.
    private struct Level {
        var oldChild: Int
        var node: Int
        var lastChild = -1
    }
    private var levels: [Level] = []

    /// For each type met: whether its bytes identify its values, and whether it is written in
    /// hash order (a set, or a dictionary with other keys), for ``CanonicalJSON`` to order.
    private var types: [ObjectIdentifier: (identified: Bool, unordered: Bool)] = [:]

    /// Starts an encode into `output`, which holds the previous one: that one is remembered and
    /// the output is emptied.
    func begin(_ output: inout LogOutput) {
        swap(&oldBytes, &output.bytes)
        swap(&oldNodes, &output.nodes)
        swap(&oldRaw, &raw)
        swap(&oldHolders, &holders)
        output.bytes.removeAll(keepingCapacity: true)
        output.nodes.removeAll(keepingCapacity: true)
        raw.removeAll(keepingCapacity: true)
        holders.removeAll(keepingCapacity: true)
        levels = [Level(oldChild: oldNodes.isEmpty ? -1 : 0, node: -1)]
    }

    /// Forgets everything: after an encode that failed, the output holds nothing to go by.
    func reset(_ output: inout LogOutput) {
        output.bytes.removeAll(keepingCapacity: true)
        output.nodes.removeAll(keepingCapacity: true)
        oldBytes.removeAll()
        oldNodes.removeAll()
        oldRaw.removeAll()
        oldHolders.removeAll()
        raw.removeAll()
        holders.removeAll()
    }

    /// Writes one value: a copy of last time's JSON when it is unchanged, or its own encode.
    func encode<T: Encodable>(_ value: T, key: (any CodingKey)?, by encoder: LogEncoder) throws {
        let id = ObjectIdentifier(T.self)
        let kind = types[id] ?? classify(T.self)
        let output = encoder.output
        // The value written at this place last time.
        let top = levels.count - 1
        let candidate = levels[top].oldChild
        if candidate >= 0 { levels[top].oldChild = oldNodes[candidate].next }
        var node = EncodedNode(type: id, start: output.pointee.bytes.count)
        if kind.identified {
            let same = withUnsafeBytes(of: value) { bytes -> Bool in
                node.raw = raw.count
                node.rawCount = bytes.count
                raw.append(contentsOf: bytes)
                guard candidate >= 0, oldNodes[candidate].type == id, oldNodes[candidate].rawCount == bytes.count
                else { return false }
                guard bytes.count > 0 else { return true }
                return oldRaw.withUnsafeBytes { old in
                    memcmp(old.baseAddress! + oldNodes[candidate].raw, bytes.baseAddress!, bytes.count) == 0
                }
            }
            if same {
                copy(candidate, into: &output.pointee)
                return
            }
            node.holder = holders.count
            holders.append(value)
        }
        if kind.unordered, let unordered = value as? any UnorderedEncodable {
            output.pointee.bytes.append(contentsOf: try CanonicalJSON.encode(unordered: unordered))
            node.end = output.pointee.bytes.count
            _ = add(node, to: &output.pointee)
            return
        }
        let index = add(node, to: &output.pointee)
        let reads = candidate >= 0 && oldNodes[candidate].type == id ? oldNodes[candidate].firstChild : -1
        levels.append(Level(oldChild: reads, node: index))
        defer { levels.removeLast() }
        try encoder.encodeFresh(value, key: key)
        output.pointee.nodes[index].end = output.pointee.bytes.count
        output.pointee.nodes[index].descendants = output.pointee.nodes.count - index - 1
    }

    /// Adds a node as the last child of the value being written; returns its index.
    private func add(_ node: EncodedNode, to output: inout LogOutput) -> Int {
        let index = output.nodes.count
        output.nodes.append(node)
        let top = levels.count - 1
        if levels[top].lastChild >= 0 {
            output.nodes[levels[top].lastChild].next = index
        } else if levels[top].node >= 0 {
            output.nodes[levels[top].node].firstChild = index
        }
        levels[top].lastChild = index
        return index
    }

    /// Copies an unchanged value from the previous encode: its JSON, and its nodes with their
    /// bytes and values, so that the next encode can look inside it too.
    private func copy(_ old: Int, into output: inout LogOutput) {
        let source = oldNodes[old]
        let start = output.bytes.count
        output.bytes.append(contentsOf: oldBytes[source.start..<source.end])
        let shift = start - source.start
        let base = output.nodes.count
        let nodeShift = base - old
        for index in old...(old + source.descendants) {
            var node = oldNodes[index]
            node.start += shift
            node.end += shift
            if node.raw >= 0 {
                let bytes = oldRaw[node.raw..<(node.raw + node.rawCount)]
                node.raw = raw.count
                raw.append(contentsOf: bytes)
                node.holder = holders.count
                holders.append(oldHolders[oldNodes[index].holder])
            }
            if node.firstChild >= 0 { node.firstChild += nodeShift }
            if node.next >= 0 { node.next += nodeShift }
            node.reused = index
            output.nodes.append(node)
        }
        // The copy's own next sibling is the next value written here, not last time's.
        output.nodes[base].next = -1
        let top = levels.count - 1
        if levels[top].lastChild >= 0 {
            output.nodes[levels[top].lastChild].next = base
        } else if levels[top].node >= 0 {
            output.nodes[levels[top].node].firstChild = base
        }
        levels[top].lastChild = base
    }

    private func classify<T>(_ type: T.Type) -> (identified: Bool, unordered: Bool) {
        let kind = (
            identified: ByteIdentity.covers(T.self),
            unordered: (T.self as? any UnorderedEncodable.Type)?.isUnordered ?? false
        )
        types[ObjectIdentifier(T.self)] = kind
        return kind
    }
}
