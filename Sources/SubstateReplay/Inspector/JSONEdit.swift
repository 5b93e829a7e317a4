import Foundation

/// One edit of a JSON value: set the value at a path, or remove it. The session page keeps
/// the first state whole and, for each action, the edits that turn the state before it into
/// the state after it, and rebuilds any state on demand.
package struct JSONEdit: Equatable {
    /// One step of a path: an object's key or an array's index.
    package enum Key: Equatable {
        case name(String)
        case index(Int)
    }

    package let path: [Key]
    /// The new value as JSON text, or `nil` to remove the member (or the array element).
    package let value: String?
    /// Whether the value goes in before the array element at the path's last index, rather
    /// than replacing it.
    package let inserts: Bool

    package init(path: [Key], value: String?, inserts: Bool = false) {
        self.path = path
        self.value = value
        self.inserts = inserts
    }

    /// The edits that turn one JSON document into another; both are JSON text.
    ///
    /// It works on the bytes: a member or element whose text is the same in both is skipped
    /// without being parsed, so the cost follows what changed, not the size of the state (a
    /// state of 1,000 to-dos with one toggled is one short edit after a scan of its bytes).
    /// Both documents come from the same encoder, so equal values have equal text.
    package static func edits(from before: Data, to after: Data) -> [JSONEdit] {
        guard let old = try? RawJSON(bytes: [UInt8](before)), let new = try? RawJSON(bytes: [UInt8](after)) else {
            return [JSONEdit(path: [], value: String(decoding: after, as: UTF8.self))]
        }
        return edits(from: old, to: new)
    }

    /// The edits that turn one document into another.
    package static func edits(from old: RawJSON, to new: RawJSON) -> [JSONEdit] {
        edits(from: Side(json: old, nodes: []), to: Side(json: new, nodes: []))
    }

    /// The edits that turn one encode of a ``StateEncoder`` into another. Where each value is
    /// is known from the encodes' nodes, and a value copied unchanged is skipped without
    /// comparing its bytes, so the cost follows what changed.
    package static func edits(from old: StateEncoder.Document, to new: StateEncoder.Document) -> [JSONEdit] {
        edits(
            from: Side(json: RawJSON(written: old.bytes), nodes: old.nodes),
            to: Side(json: RawJSON(written: new.bytes), nodes: new.nodes))
    }

    /// A document and the nodes recorded as it was written (none for a document read whole).
    private struct Side {
        let json: RawJSON
        let nodes: [EncodedNode]

        /// The value starting at `index`, and its node if one was recorded.
        struct Value {
            let range: Range<Int>
            let node: Int
        }

        var root: Value {
            let start = json.root
            if let first = nodes.first, first.start == start { return Value(range: start..<first.end, node: 0) }
            return Value(range: start..<json.end(at: start), node: -1)
        }

        /// The nodes written inside `node`, in the order of their bytes.
        private func children(of node: Int) -> [Int] {
            guard node >= 0 else { return [] }
            var list: [Int] = []
            var child = nodes[node].firstChild
            while child >= 0 {
                list.append(child)
                child = nodes[child].next
            }
            // An object's members were put in the order of their keys after they were written.
            for index in list.indices.dropFirst() where nodes[list[index - 1]].start > nodes[list[index]].start {
                list.sort { nodes[$0].start < nodes[$1].start }
                break
            }
            return list
        }

        /// The elements of an array: its nodes' children when each element has one, or
        /// ``parts(of:)``.
        func elements(of value: Value) -> [Value] {
            guard value.node >= 0, nodes[value.node].elementsAreNodes else { return parts(of: value).map(\.value) }
            var elements: [Value] = []
            var child = nodes[value.node].firstChild
            while child >= 0 {
                elements.append(Value(range: nodes[child].start..<nodes[child].end, node: child))
                child = nodes[child].next
            }
            return elements
        }

        /// The members of an object, or the elements of an array (with empty keys), in the
        /// order of the text; values with a node end where the node says, others are scanned.
        func parts(of value: Value) -> [(key: String, value: Value)] {
            let close = json.bytes[value.range.lowerBound] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            let keyed = close == UInt8(ascii: "}")
            let inside = children(of: value.node)
            var nextChild = 0
            var parts: [(key: String, value: Value)] = []
            var index = json.skipSpace(value.range.lowerBound + 1)
            guard json.bytes[index] != close else { return [] }
            while true {
                var key = ""
                if keyed {
                    let keyEnd = json.end(at: index)
                    key = json.string(index..<keyEnd) ?? ""
                    index = json.skipSpace(json.skipSpace(keyEnd) + 1)
                }
                while nextChild < inside.count, nodes[inside[nextChild]].start < index { nextChild += 1 }
                let part: Value
                if nextChild < inside.count, nodes[inside[nextChild]].start == index {
                    part = Value(range: index..<nodes[inside[nextChild]].end, node: inside[nextChild])
                } else {
                    part = Value(range: index..<json.end(at: index), node: -1)
                }
                parts.append((key, part))
                index = json.skipSpace(part.range.upperBound)
                guard json.bytes[index] == UInt8(ascii: ",") else { return parts }
                index = json.skipSpace(index + 1)
            }
        }
    }

    private static func edits(from old: Side, to new: Side) -> [JSONEdit] {
        var edits: [JSONEdit] = []
        var path: [Key] = []
        compare(old, old.root, new, new.root, &path, &edits)
        return edits
    }

    /// Whether two values are the same: copied unchanged, or with the same text.
    private static func same(_ old: Side, _ before: Side.Value, _ new: Side, _ after: Side.Value) -> Bool {
        if after.node >= 0, before.node >= 0, new.nodes[after.node].reused == before.node { return true }
        return before.range.count == after.range.count
            && old.json.bytes[before.range].elementsEqual(new.json.bytes[after.range])
    }

    private static func compare(
        _ old: Side, _ before: Side.Value, _ new: Side, _ after: Side.Value, _ path: inout [Key],
        _ edits: inout [JSONEdit]
    ) {
        if same(old, before, new, after) { return }
        let text = { (value: Side.Value) in String(decoding: new.json.bytes[value.range], as: UTF8.self) }
        let first = (old.json.bytes[before.range.lowerBound], new.json.bytes[after.range.lowerBound])
        if first == (UInt8(ascii: "{"), UInt8(ascii: "{")) {
            let oldMembers = old.parts(of: before)
            let newMembers = new.parts(of: after)
            let newKeys = Set(newMembers.map(\.key))
            for member in oldMembers where !newKeys.contains(member.key) {
                edits.append(JSONEdit(path: path + [.name(member.key)], value: nil))
            }
            let oldByKey = Dictionary(oldMembers.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            for member in newMembers {
                path.append(.name(member.key))
                if let previous = oldByKey[member.key] {
                    compare(old, previous, new, member.value, &path, &edits)
                } else {
                    edits.append(JSONEdit(path: path, value: text(member.value)))
                }
                path.removeLast()
            }
            return
        }
        if first == (UInt8(ascii: "["), UInt8(ascii: "[")) {
            let oldElements = old.elements(of: before)
            let newElements = new.elements(of: after)
            if oldElements.count == newElements.count {
                for index in newElements.indices {
                    path.append(.index(index))
                    compare(old, oldElements[index], new, newElements[index], &path, &edits)
                    path.removeLast()
                }
                return
            }
            // Elements added or removed: what the two arrays share at the start and at the end
            // stays, the old elements between are removed and the new ones inserted, so adding
            // one element to a long array is one edit, not the whole array again.
            let shorter = min(oldElements.count, newElements.count)
            var prefix = 0
            while prefix < shorter, same(old, oldElements[prefix], new, newElements[prefix]) { prefix += 1 }
            var suffix = 0
            while suffix < shorter - prefix,
                same(
                    old, oldElements[oldElements.count - 1 - suffix], new, newElements[newElements.count - 1 - suffix])
            {
                suffix += 1
            }
            for _ in prefix..<(oldElements.count - suffix) {
                edits.append(JSONEdit(path: path + [.index(prefix)], value: nil))
            }
            for index in prefix..<(newElements.count - suffix) {
                edits.append(JSONEdit(path: path + [.index(index)], value: text(newElements[index]), inserts: true))
            }
            return
        }
        edits.append(JSONEdit(path: path, value: text(after)))
    }

    func write(into json: JSONText) {
        json.object {
            json.key("p") {
                json.array(path) { key in
                    switch key {
                    case .name(let name): json.string(name)
                    case .index(let index): json.number(index)
                    }
                }
            }
            if let value {
                json.key("v") { json.raw(Data(value.utf8)) }
                if inserts { json.field("i", true) }
            } else {
                json.field("d", true)
            }
        }
    }
}
