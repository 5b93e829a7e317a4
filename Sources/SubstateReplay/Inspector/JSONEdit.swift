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
    /// The new value as JSON text, or `nil` to remove the member.
    package let value: String?

    package init(path: [Key], value: String?) {
        self.path = path
        self.value = value
    }

    /// The edits that turn one JSON document into another; both are JSON text.
    package static func edits(from before: Data, to after: Data) -> [JSONEdit] {
        guard let old = try? JSONSerialization.jsonObject(with: before, options: [.fragmentsAllowed]),
            let new = try? JSONSerialization.jsonObject(with: after, options: [.fragmentsAllowed])
        else { return [JSONEdit(path: [], value: String(decoding: after, as: UTF8.self))] }
        var edits: [JSONEdit] = []
        var path: [Key] = []
        compare(old, new, &path, &edits)
        return edits
    }

    private static func compare(_ old: Any, _ new: Any, _ path: inout [Key], _ edits: inout [JSONEdit]) {
        if let old = old as? [String: Any], let new = new as? [String: Any] {
            for key in old.keys.sorted() where new[key] == nil {
                edits.append(JSONEdit(path: path + [.name(key)], value: nil))
            }
            for key in new.keys.sorted() {
                path.append(.name(key))
                if let before = old[key] {
                    compare(before, new[key]!, &path, &edits)
                } else {
                    edits.append(JSONEdit(path: path, value: text(new[key]!)))
                }
                path.removeLast()
            }
            return
        }
        if let old = old as? [Any], let new = new as? [Any], old.count == new.count {
            for index in new.indices {
                path.append(.index(index))
                compare(old[index], new[index], &path, &edits)
                path.removeLast()
            }
            return
        }
        if !same(old, new) { edits.append(JSONEdit(path: path, value: text(new))) }
    }

    private static func same(_ old: Any, _ new: Any) -> Bool {
        if let old = old as? [String: Any], let new = new as? [String: Any] {
            return old.count == new.count && old.allSatisfy { key, value in new[key].map { same(value, $0) } ?? false }
        }
        if let old = old as? [Any], let new = new as? [Any] {
            return old.count == new.count && zip(old, new).allSatisfy { same($0, $1) }
        }
        return (old as? NSObject)?.isEqual(new) ?? false
    }

    private static func text(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys])
        else { return "null" }
        return String(decoding: data, as: UTF8.self)
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
            } else {
                json.field("d", true)
            }
        }
    }
}
