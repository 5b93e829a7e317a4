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
        var edits: [JSONEdit] = []
        var path: [Key] = []
        compare(old, old.root..<old.end(at: old.root), new, new.root..<new.end(at: new.root), &path, &edits)
        return edits
    }

    private static func same(_ old: RawJSON, _ before: Range<Int>, _ new: RawJSON, _ after: Range<Int>) -> Bool {
        before.count == after.count && old.bytes[before].elementsEqual(new.bytes[after])
    }

    /// An object's members in the order the text names them; `nil` when the value is not an
    /// object (or names a member twice, which this package's encoders never write).
    private static func members(_ json: RawJSON, _ value: Range<Int>) -> [(key: String, value: Range<Int>)]? {
        guard let members = (try? json.members(at: value.lowerBound)) ?? nil else { return nil }
        return members.map { ($0.key, $0.value) }.sorted { $0.value.lowerBound < $1.value.lowerBound }
    }

    private static func compare(
        _ old: RawJSON, _ oldValue: Range<Int>, _ new: RawJSON, _ newValue: Range<Int>, _ path: inout [Key],
        _ edits: inout [JSONEdit]
    ) {
        if same(old, oldValue, new, newValue) { return }
        let text = { (range: Range<Int>) in String(decoding: new.bytes[range], as: UTF8.self) }
        if let before = members(old, oldValue), let after = members(new, newValue) {
            let afterKeys = Set(after.map(\.key))
            for member in before where !afterKeys.contains(member.key) {
                edits.append(JSONEdit(path: path + [.name(member.key)], value: nil))
            }
            let beforeByKey = Dictionary(before.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            for member in after {
                path.append(.name(member.key))
                if let previous = beforeByKey[member.key] {
                    compare(old, previous, new, member.value, &path, &edits)
                } else {
                    edits.append(JSONEdit(path: path, value: text(member.value)))
                }
                path.removeLast()
            }
            return
        }
        if let before = old.elements(at: oldValue.lowerBound), let after = new.elements(at: newValue.lowerBound) {
            if before.count == after.count {
                for index in after.indices {
                    path.append(.index(index))
                    compare(old, before[index], new, after[index], &path, &edits)
                    path.removeLast()
                }
                return
            }
            // Elements added or removed: what the two arrays share at the start and at the end
            // stays, the old elements between are removed and the new ones inserted, so adding
            // one element to a long array is one edit, not the whole array again.
            var prefix = 0
            while prefix < min(before.count, after.count), same(old, before[prefix], new, after[prefix]) {
                prefix += 1
            }
            var suffix = 0
            while suffix < min(before.count, after.count) - prefix,
                same(old, before[before.count - 1 - suffix], new, after[after.count - 1 - suffix])
            {
                suffix += 1
            }
            for _ in prefix..<(before.count - suffix) {
                edits.append(JSONEdit(path: path + [.index(prefix)], value: nil))
            }
            for index in prefix..<(after.count - suffix) {
                edits.append(JSONEdit(path: path + [.index(index)], value: text(after[index]), inserts: true))
            }
            return
        }
        edits.append(JSONEdit(path: path, value: text(newValue)))
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
