import Foundation
import Substate

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
    /// Set while the next value is an element of an array the memo keeps alive.
    private var elementOfHeldArray = false

    /// What is known of each type met.
    private var types: [ObjectIdentifier: Kind] = [:]

    /// What the memo knows of a type.
    private struct Kind {
        /// Its bytes identify its values (``ByteIdentity``).
        let identified: Bool
        /// It is written in hash order, and ``CanonicalJSON`` orders it.
        let unordered: Bool
        /// An array whose elements are compared in one loop.
        let elementsCompared: Bool
    }

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
        elementOfHeldArray = false
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
        elementOfHeldArray = false
    }

    /// Writes one value: a copy of last time's JSON when it is unchanged, or its own encode.
    func encode<T: Encodable>(_ value: T, key: (any CodingKey)?, by encoder: LogEncoder) throws {
        let id = ObjectIdentifier(T.self)
        let kind = types[id] ?? classify(T.self)
        let output = encoder.output
        // The value written at this place last time.
        let top = levels.count - 1
        let candidate = levels[top].oldChild
        var node = EncodedNode(type: id, start: output.pointee.bytes.count)
        let heldByArray = elementOfHeldArray
        elementOfHeldArray = false
        if kind.identified {
            // Fact (scoped pointer): the value's bytes are read only inside each closure; what outlives it is their copy in `raw`.
            let same = withUnsafeBytes(of: value) { bytes in unchanged(candidate, id, bytes.baseAddress, bytes.count) }
            if same {
                copy(candidate, siblings: 1, into: &output.pointee)
                return
            }
            withUnsafeBytes(of: value) { bytes in
                node.raw = raw.count
                node.rawCount = bytes.count
                raw.append(contentsOf: bytes)
            }
            // An element of an array written by `encodeElements` is kept alive by its array.
            if !heldByArray {
                node.holder = holders.count
                holders.append(value)
            }
        }
        if candidate >= 0 { levels[top].oldChild = oldNodes[candidate].next }
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
        if kind.elementsCompared, let array = value as? any ComparedElements {
            output.pointee.nodes[index].elementsAreNodes = true
            try array.encodeElements(memo: self, encoder: encoder)
        } else {
            try encoder.encodeFresh(value, key: key)
        }
        output.pointee.nodes[index].end = output.pointee.bytes.count
        output.pointee.nodes[index].descendants = output.pointee.nodes.count - index - 1
    }

    /// Whether the previous encode's node `old` was written for a value of this type with
    /// these bytes.
    private func unchanged(_ old: Int, _ type: ObjectIdentifier, _ bytes: UnsafeRawPointer?, _ count: Int) -> Bool {
        // Fact (bytes mean change): both values are alive (the old one in `oldHolders` or its array), so equal bytes share every buffer, and a shared buffer is copied before a write.
        guard old >= 0, oldNodes[old].type == type, oldNodes[old].rawCount == count else { return false }
        guard count > 0, let bytes else { return true }
        return oldRaw.withUnsafeBytes { _sameBytes($0.baseAddress! + oldNodes[old].raw, bytes, count: count) }
    }

    /// Writes an array whose elements are models or other structs of the app: the elements
    /// are compared with last time's in one loop over the array's buffer, each run of
    /// unchanged elements copied at once, and only the others encoded.
    ///
    /// The array itself, kept alive as the node of the array, keeps its elements alive: they
    /// need no values of their own in the memo.
    func encodeElements<Element: Encodable>(_ array: [Element], by encoder: LogEncoder) throws {
        let output = encoder.output
        let outer = output.pointee.openID
        let container = output.pointee.open(object: false)
        let type = ObjectIdentifier(Element.self)
        let size = MemoryLayout<Element>.size
        let top = levels.count - 1
        var index = 0
        while index < array.count {
            // The run of elements equal to last time's, from here.
            var run = 0
            var old = levels[top].oldChild
            // Fact (scoped pointer): the array's buffer is read only inside the closure, within its `count` elements.
            array.withUnsafeBufferPointer { elements in
                while index + run < elements.count, unchanged(old, type, elements.baseAddress! + index + run, size) {
                    run += 1
                    old = oldNodes[old].next
                }
            }
            if run > 0 {
                try output.pointee.beginElements(in: container, count: run)
                copy(levels[top].oldChild, siblings: run, into: &output.pointee)
                index += run
                continue
            }
            try output.pointee.beginElement(in: container)
            elementOfHeldArray = true
            try encoder.encodeValue(array[index], key: IndexKey(intValue: index))
            index += 1
        }
        output.pointee.close(after: outer)
    }

    /// Adds a node as the last child of the value being written; returns its index.
    private func add(_ node: EncodedNode, to output: inout LogOutput) -> Int {
        let index = output.nodes.count
        output.nodes.append(node)
        link(index, in: &output)
        return index
    }

    /// Makes a node the last child of the value being written.
    private func link(_ index: Int, in output: inout LogOutput) {
        let top = levels.count - 1
        if levels[top].lastChild >= 0 {
            output.nodes[levels[top].lastChild].next = index
        } else if levels[top].node >= 0 {
            output.nodes[levels[top].node].firstChild = index
        }
        levels[top].lastChild = index
    }

    /// Copies unchanged values from the previous encode: `siblings` values one after the other
    /// inside one parent, from `first` on, with the JSON between them, and their nodes with
    /// their bytes and values, so that the next encode can look inside them too.
    private func copy(_ first: Int, siblings: Int, into output: inout LogOutput) {
        var last = first
        for _ in 1..<siblings { last = oldNodes[last].next }
        let end = last + oldNodes[last].descendants
        let start = output.bytes.count
        output.bytes.append(contentsOf: oldBytes[oldNodes[first].start..<oldNodes[last].end])
        // The nodes' bytes and values were stored in the order of the nodes: each is one run.
        var rawLow = Int.max
        var rawHigh = Int.min
        var holderLow = Int.max
        var holderHigh = Int.min
        for index in first...end {
            let node = oldNodes[index]
            if node.raw >= 0 {
                rawLow = min(rawLow, node.raw)
                rawHigh = max(rawHigh, node.raw + node.rawCount)
            }
            if node.holder >= 0 {
                holderLow = min(holderLow, node.holder)
                holderHigh = max(holderHigh, node.holder + 1)
            }
        }
        let rawShift = rawLow <= rawHigh ? raw.count - rawLow : 0
        if rawLow < rawHigh { raw.append(contentsOf: oldRaw[rawLow..<rawHigh]) }
        let holderShift = holderLow < holderHigh ? holders.count - holderLow : 0
        if holderLow < holderHigh { holders.append(contentsOf: oldHolders[holderLow..<holderHigh]) }
        let shift = start - oldNodes[first].start
        let nodeShift = output.nodes.count - first
        var sibling = first
        for index in first...end {
            var node = oldNodes[index]
            node.start += shift
            node.end += shift
            if node.raw >= 0 { node.raw += rawShift }
            if node.holder >= 0 { node.holder += holderShift }
            if node.firstChild >= 0 { node.firstChild += nodeShift }
            node.next = node.next >= 0 && index != sibling ? node.next + nodeShift : -1
            node.reused = index
            output.nodes.append(node)
            if index == sibling {
                // One of the copied values: linked into the parent, after the one before it.
                link(index + nodeShift, in: &output)
                sibling = oldNodes[index].next
            }
        }
        levels[levels.count - 1].oldChild = oldNodes[last].next
    }

    private func classify<T>(_ type: T.Type) -> Kind {
        let kind = Kind(
            identified: ByteIdentity.covers(T.self),
            unordered: (T.self as? any UnorderedEncodable.Type)?.isUnordered ?? false,
            elementsCompared: (T.self as? any ComparedElements.Type)?.elementsCompared ?? false)
        types[ObjectIdentifier(T.self)] = kind
        return kind
    }
}

/// An array whose elements a memo compares in one loop (``EncodingMemo/encodeElements(_:by:)``).
protocol ComparedElements {
    /// Whether the elements are values of the app whose bytes identify them: each is written as
    /// a node of its own, so last time's can be copied. The standard library's own types are
    /// written by the containers' typed calls, as plain values.
    static var elementsCompared: Bool { get }
    func encodeElements(memo: EncodingMemo, encoder: LogEncoder) throws
}

extension Array: ComparedElements where Element: Encodable {
    static var elementsCompared: Bool { !isLibraryType(Element.self) && ByteIdentity.covers(Element.self) }

    func encodeElements(memo: EncodingMemo, encoder: LogEncoder) throws { try memo.encodeElements(self, by: encoder) }
}
