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
        let old = [UInt8](before)
        let new = [UInt8](after)
        var edits: [JSONEdit] = []
        var path: [Key] = []
        guard let oldValue = ValueSpan(old, at: 0), let newValue = ValueSpan(new, at: 0) else {
            return [JSONEdit(path: [], value: String(decoding: new, as: UTF8.self))]
        }
        compare(old, oldValue, new, newValue, &path, &edits)
        return edits
    }

    /// Where one JSON value sits in a document.
    private struct ValueSpan {
        let start: Int
        let end: Int

        /// The value starting at `index`, after any whitespace; `nil` when there is none.
        init?(_ bytes: [UInt8], at index: Int) {
            let start = Scan.skipSpace(bytes, index)
            guard start < bytes.count, let end = Scan.valueEnd(bytes, start) else { return nil }
            self.start = start
            self.end = end
        }

        init(start: Int, end: Int) {
            self.start = start
            self.end = end
        }

        func first(_ bytes: [UInt8]) -> UInt8 { bytes[start] }

        func text(_ bytes: [UInt8]) -> String { String(decoding: bytes[start..<end], as: UTF8.self) }

        func same(_ bytes: [UInt8], as other: ValueSpan, in otherBytes: [UInt8]) -> Bool {
            end - start == other.end - other.start
                && bytes[start..<end].elementsEqual(otherBytes[other.start..<other.end])
        }
    }

    private static func compare(
        _ old: [UInt8], _ oldValue: ValueSpan, _ new: [UInt8], _ newValue: ValueSpan, _ path: inout [Key],
        _ edits: inout [JSONEdit]
    ) {
        if oldValue.same(old, as: newValue, in: new) { return }
        let opening = (oldValue.first(old), newValue.first(new))
        if opening == (UInt8(ascii: "{"), UInt8(ascii: "{")), let before = Scan.members(old, oldValue),
            let after = Scan.members(new, newValue)
        {
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
                    edits.append(JSONEdit(path: path, value: member.value.text(new)))
                }
                path.removeLast()
            }
            return
        }
        if opening == (UInt8(ascii: "["), UInt8(ascii: "[")), let before = Scan.elements(old, oldValue),
            let after = Scan.elements(new, newValue)
        {
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
            while prefix < min(before.count, after.count), before[prefix].same(old, as: after[prefix], in: new) {
                prefix += 1
            }
            var suffix = 0
            while suffix < min(before.count, after.count) - prefix,
                before[before.count - 1 - suffix].same(old, as: after[after.count - 1 - suffix], in: new)
            {
                suffix += 1
            }
            for _ in prefix..<(before.count - suffix) {
                edits.append(JSONEdit(path: path + [.index(prefix)], value: nil))
            }
            for index in prefix..<(after.count - suffix) {
                edits.append(JSONEdit(path: path + [.index(index)], value: after[index].text(new), inserts: true))
            }
            return
        }
        edits.append(JSONEdit(path: path, value: newValue.text(new)))
    }

    /// Finds the values of JSON text without building them.
    private enum Scan {
        static func skipSpace(_ bytes: [UInt8], _ index: Int) -> Int {
            var index = index
            while index < bytes.count,
                bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D
                    || bytes[index] == 0x09
            {
                index += 1
            }
            return index
        }

        /// Just past the value starting at `start`; `nil` when the text ends inside it.
        static func valueEnd(_ bytes: [UInt8], _ start: Int) -> Int? {
            switch bytes[start] {
            case UInt8(ascii: "\""): return stringEnd(bytes, start)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                var index = start
                while index < bytes.count {
                    switch bytes[index] {
                    case UInt8(ascii: "\""):
                        guard let end = stringEnd(bytes, index) else { return nil }
                        index = end
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 { return index + 1 }
                    default: break
                    }
                    index += 1
                }
                return nil
            default:
                var index = start
                while index < bytes.count {
                    switch bytes[index] {
                    case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09:
                        return index
                    default: index += 1
                    }
                }
                return index
            }
        }

        static func stringEnd(_ bytes: [UInt8], _ start: Int) -> Int? {
            var index = start + 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""): return index + 1
                default: index += 1
                }
            }
            return nil
        }

        /// An object's members, in order; `nil` when the text is not an object.
        static func members(_ bytes: [UInt8], _ object: ValueSpan) -> [(key: String, value: ValueSpan)]? {
            var members: [(key: String, value: ValueSpan)] = []
            var index = skipSpace(bytes, object.start + 1)
            if index < object.end, bytes[index] == UInt8(ascii: "}") { return members }
            while index < object.end {
                guard bytes[index] == UInt8(ascii: "\""), let keyEnd = stringEnd(bytes, index) else { return nil }
                guard let key = self.key(bytes, index, keyEnd) else { return nil }
                index = skipSpace(bytes, keyEnd)
                guard index < object.end, bytes[index] == UInt8(ascii: ":") else { return nil }
                guard let value = ValueSpan(bytes, at: index + 1) else { return nil }
                members.append((key, value))
                index = skipSpace(bytes, value.end)
                guard index < object.end else { return nil }
                if bytes[index] == UInt8(ascii: "}") { return members }
                guard bytes[index] == UInt8(ascii: ",") else { return nil }
                index = skipSpace(bytes, index + 1)
            }
            return nil
        }

        /// An array's elements, in order; `nil` when the text is not an array.
        static func elements(_ bytes: [UInt8], _ array: ValueSpan) -> [ValueSpan]? {
            var elements: [ValueSpan] = []
            var index = skipSpace(bytes, array.start + 1)
            if index < array.end, bytes[index] == UInt8(ascii: "]") { return elements }
            while index < array.end {
                guard let value = ValueSpan(bytes, at: index) else { return nil }
                elements.append(value)
                index = skipSpace(bytes, value.end)
                guard index < array.end else { return nil }
                if bytes[index] == UInt8(ascii: "]") { return elements }
                guard bytes[index] == UInt8(ascii: ",") else { return nil }
                index = skipSpace(bytes, index + 1)
            }
            return nil
        }

        /// A member's name: its characters, with escapes read as JSON reads them.
        static func key(_ bytes: [UInt8], _ start: Int, _ end: Int) -> String? {
            let inner = bytes[(start + 1)..<(end - 1)]
            if !inner.contains(UInt8(ascii: "\\")) { return String(decoding: inner, as: UTF8.self) }
            return (try? JSONSerialization.jsonObject(with: Data(bytes[start..<end]), options: [.fragmentsAllowed]))
                as? String
        }
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
