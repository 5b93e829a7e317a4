/// Where a model sits in a store: the way down from the root (or from a registered model)
/// through fields, enum cases, array indices and dictionary keys.
///
/// ``Store/locatedModels(_:)`` returns models with their locations, and
/// ``Store/Restore/init(located:)`` puts each back exactly where it was found, even where
/// the store's traversal order changed in between (a dictionary that grew), and skips those
/// whose place is gone (a key removed, an array grown shorter).
///
/// ```swift
/// let saved = store.locatedModels(Note.self)          // before an edit
/// store.update(Store.Restore(located: saved))          // each note back under its own key
/// ```
public struct ModelLocation: Hashable, Sendable, CustomStringConvertible {
    /// One step down from a value.
    package enum Step: Hashable, Sendable {
        /// The part of the value's layout with this index: a field, a tuple element, the
        /// elements of a container, or an enum case's payload.
        case part(Int)
        /// The element of an array (or an optional's value, at 0) at this index.
        case element(Int)
        /// The value of a dictionary under this key.
        case key(Key)
        /// The model inside an `any Model` field.
        case opened
    }

    /// A dictionary key, as the key itself or, read from a log, as its JSON with a way to
    /// decode it once the key's type is known.
    // @unchecked Sendable: the value is the key of a dictionary inside a model, and models are
    // Sendable; AnyHashable, which holds it, is not marked so.
    package struct Key: Hashable, @unchecked Sendable {
        package let value: AnyHashable?
        package let json: [UInt8]?
        /// Decodes ``json`` as the dictionary's key type.
        package let decode: (@Sendable (any Decodable.Type) -> Any?)?

        package init(value: AnyHashable?, json: [UInt8]? = nil, decode: (@Sendable (any Decodable.Type) -> Any?)? = nil)
        {
            self.value = value
            self.json = json
            self.decode = decode
        }

        package static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.value == rhs.value && lhs.json == rhs.json
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(value)
            hasher.combine(json)
        }
    }

    /// 0 for the root tree, then 1 + the index of a registered model.
    package let box: Int
    package let steps: [Step]

    package init(box: Int, steps: [Step]) {
        self.box = box
        self.steps = steps
    }

    public var description: String {
        let path = steps.map { step -> String in
            switch step {
            case .part(let index): ".\(index)"
            case .element(let index): "[\(index)]"
            case .key(let key): key.value.map { "[\($0)]" } ?? "[\(String(decoding: key.json ?? [], as: UTF8.self))]"
            case .opened: "(opened)"
            }
        }
        return (box == 0 ? "root" : "registered \(box - 1)") + path.joined()
    }

    /// Whether the other location is this one or below it.
    package func contains(_ other: ModelLocation) -> Bool {
        box == other.box && other.steps.starts(with: steps)
    }

    /// Whether this location comes before another in tree order: trees in the store's order,
    /// a model before the models below it, parts in declaration order, elements in index
    /// order (dictionary entries by their keys' descriptions).
    package func precedes(_ other: ModelLocation) -> Bool {
        if box != other.box { return box < other.box }
        for (mine, theirs) in zip(steps, other.steps) where mine != theirs {
            switch (mine, theirs) {
            case (.part(let a), .part(let b)), (.element(let a), .element(let b)): return a < b
            case (.key(let a), .key(let b)): return String(describing: a.value) < String(describing: b.value)
            default: return false
            }
        }
        return steps.count < other.steps.count
    }
}
