import Foundation
import Substate

/// What a log says of its types' shapes, kept to show its values readably (see
/// ``ValueReading``): each `Duration` wherever it sits, in an action's payload, an enum's
/// payload, an optional, an array, a set, a dictionary, a nested model, and in the models the
/// store's own actions carry, whose type names are shown readable too.
///
/// The log carries the root type's shape in its header and each action type's shape on the
/// first line of that type; every type described inside them is known by its name, which is how
/// the model a `Store.Register`, `Store.Replace` or `Store.Restore` carries is found from its
/// `modelName`. The models the library's own middleware registers (``libraryShapes``), whose
/// types a log need not describe anywhere, are known beforehand; a shape from the log wins over
/// them. A model whose shape is known from neither is shown as recorded.
///
/// Made for one log, read in order: learn each entry before asking for its reading.
package struct ValueReadings {
    /// Every type described so far, by name.
    private var syntaxByName: [String: ShapeSyntax] = [:]
    /// The names in ``syntaxByName`` known from ``libraryShapes`` rather than from the log.
    private var fromLibrary: Set<String> = []
    /// The shapes of the action types seen so far, by runtime name.
    private var actionShapes: [String: ShapeSyntax] = [:]
    private var rootShape: ShapeSyntax?
    /// The names of the described types whose values can hold a duration, at any depth.
    private var holdingDurations: Set<String> = []
    /// Made again when a shape is learned.
    private var caches = Caches()

    private struct Caches {
        var byName: [String: ValueReading?] = [:]
        var byAction: [String: ValueReading?] = [:]
        /// The last action type read and its reading.
        var lastAction: (name: String, reading: ValueReading?)?
        var root: ValueReading??
    }

    /// The shapes of the models the library's middleware registers in every store it runs in
    /// (`ModelSaver.Settings`, `ActionLogger.State`), as `typeShape` records them; tests check
    /// them against the types.
    package static let libraryShapes = [
        "ModelSaver.Settings(strategy: ModelSaver.Strategy(periodic(Duration) | debounced(Duration) | throttled(Duration) | manual), loading: ModelSaver.LoadStrategy(automatic | manual))",
        "ActionLogger.State(isActive: Bool)",
    ]

    /// Readings for a log whose header records `rootShape`.
    package init(rootShape: String?) {
        for shape in Self.libraryShapes { learn(ShapeSyntax(parsing: shape), fromLibrary: true) }
        if let rootShape {
            let syntax = ShapeSyntax(parsing: rootShape)
            self.rootShape = syntax
            learn(syntax)
        }
    }

    /// Learns an action's type's shape, which its type's first line carries.
    package mutating func learn(_ entry: ActionLog.Entry) {
        guard let shape = entry.shape, actionShapes[entry.name] == nil else { return }
        let syntax = ShapeSyntax(parsing: shape)
        actionShapes[entry.name] = syntax
        learn(syntax)
    }

    private mutating func learn(_ syntax: ShapeSyntax, fromLibrary isLibrary: Bool = false) {
        caches = Caches()
        var learned: [(name: String, syntax: ShapeSyntax)] = []
        for (name, described) in syntax.describedTypes where syntaxByName[name] == nil || fromLibrary.contains(name) {
            if isLibrary { fromLibrary.insert(name) } else { fromLibrary.remove(name) }
            syntaxByName[name] = described
            holdingDurations.remove(name)
            learned.append((name, described))
        }
        // A fixed point over the types this shape describes: a type holds a duration when its
        // description mentions `Duration` or a type that does. A shape describes the types
        // inside it in full, but for a type met again inside itself, which is named, so a
        // recursive type needs more than one round.
        var changed = true
        while changed {
            changed = false
            for (name, described) in learned where !holdingDurations.contains(name) {
                if Self.mentionsDuration(described, holders: holdingDurations) {
                    holdingDurations.insert(name)
                    changed = true
                }
            }
        }
    }

    /// How to read the root model's state (the header's initial state, snapshots, replayed
    /// states); `nil` when nothing in it reads differently.
    package mutating func root() -> ValueReading? {
        if let known = caches.root { return known }
        var resolving: [String] = []
        let reading = rootShape.flatMap { self.reading(of: $0, resolving: &resolving) }
        caches.root = .some(reading)
        return reading
    }

    /// How to read an action's payload; `nil` when nothing in it reads differently. Learns the
    /// entry's shape first.
    package mutating func payload(of entry: ActionLog.Entry) -> ValueReading? {
        learn(entry)
        switch entry.type {
        case "Store.Register", "Store.Replace":
            guard let payload = entry.payload else { return nil }
            let document = RawJSON(written: Array(payload))
            return carriedModel(in: document, at: document.root)
        case "Store.Restore":
            guard let payload = entry.payload else { return nil }
            let document = RawJSON(written: Array(payload))
            guard let members = (try? document.members(at: document.root)) ?? nil, let models = members["models"],
                let elements = document.elements(at: models.lowerBound)
            else { return nil }
            var readings: [Int: ValueReading] = [:]
            for (position, element) in elements.enumerated() {
                readings[position] = carriedModel(in: document, at: element.lowerBound)
            }
            return readings.isEmpty ? nil : .members(["models": .positions(readings)])
        default:
            // Most lines are of the type of the line before: its name compared, not hashed.
            if let last = caches.lastAction, last.name == entry.name { return last.reading }
            let reading: ValueReading?
            if let known = caches.byAction[entry.name] {
                reading = known
            } else {
                var resolving: [String] = []
                reading = actionShapes[entry.name].flatMap { self.reading(of: $0, resolving: &resolving) }
                caches.byAction[entry.name] = .some(reading)
            }
            caches.lastAction = (entry.name, reading)
            return reading
        }
    }

    /// How to read a value of the type with this name, as users write it: a recorded model's
    /// state, or what a ``ValueReading/named(_:)`` reading refers to; `nil` when nothing in it
    /// reads differently.
    package mutating func reading(named name: String) -> ValueReading? {
        var resolving: [String] = []
        return reading(named: name, resolving: &resolving)
    }

    /// The readings of the named types `readings` refer to, and those they refer to in turn.
    package mutating func namedReadings(referredToBy readings: [ValueReading]) -> [String: ValueReading] {
        var found: [String: ValueReading] = [:]
        var pending = readings.flatMap { $0.referencedNames }
        while let name = pending.popLast() {
            guard found[name] == nil, let reading = reading(named: name) else { continue }
            found[name] = reading
            pending += reading.referencedNames
        }
        return found
    }

    /// The payload with what reads differently rewritten; `nil` when nothing does.
    package mutating func readablePayload(of entry: ActionLog.Entry) -> Data? {
        guard let reading = payload(of: entry), let payload = entry.payload else { return nil }
        let named = reading.referencedNames.isEmpty ? [:] : namedReadings(referredToBy: [reading])
        return reading.rewrite(Array(payload), named: named).map { Data($0) }
    }

    /// A `{"model":…,"modelName":…}` object's reading: the model's type name readable, and the
    /// model read as its type's shape says.
    private mutating func carriedModel(in document: RawJSON, at index: Int) -> ValueReading? {
        guard let members = (try? document.members(at: index)) ?? nil, let nameRange = members["modelName"],
            let mangled = document.string(nameRange), let readable = MangledName.readable(mangled)
        else { return nil }
        var readings: [String: ValueReading] = [:]
        if readable != mangled { readings["modelName"] = .text(readable) }
        var resolving: [String] = []
        if let model = reading(named: readable, resolving: &resolving) { readings["model"] = model }
        return readings.isEmpty ? nil : .members(readings)
    }

    // MARK: - From shapes to readings

    /// A described type's reading; inside the type itself (a recursive type), a reference to it.
    private mutating func reading(named name: String, resolving: inout [String]) -> ValueReading? {
        guard holdingDurations.contains(name) else { return nil }
        if resolving.contains(name) { return .named(name) }
        if let known = caches.byName[name] { return known }
        guard let syntax = syntaxByName[name] else { return nil }
        let reading = self.reading(of: syntax, resolving: &resolving)
        caches.byName[name] = .some(reading)
        return reading
    }

    private mutating func reading(of syntax: ShapeSyntax, resolving: inout [String]) -> ValueReading? {
        switch syntax {
        case .named(let name, let arguments):
            if name == "Duration", arguments.isEmpty { return .duration }
            switch (name.prefix { $0 != "<" }, arguments.count) {
            case ("Optional", 1): return reading(of: arguments[0], resolving: &resolving)
            case ("Array", 1), ("ContiguousArray", 1), ("ArraySlice", 1), ("Set", 1):
                return reading(of: arguments[0], resolving: &resolving).map { .elements($0) }
            case ("Dictionary", 2):
                let key = reading(of: arguments[0], resolving: &resolving)
                let value = reading(of: arguments[1], resolving: &resolving)
                return key == nil && value == nil ? nil : .entries(key: key, value: value)
            default: return reading(named: name, resolving: &resolving)
            }
        case .structure(let name, let fields):
            resolving.append(name)
            defer { resolving.removeLast() }
            var readings: [String: ValueReading] = [:]
            for field in fields {
                if let reading = reading(of: field.type, resolving: &resolving) { readings[field.label] = reading }
            }
            return readings.isEmpty ? nil : .members(readings)
        case .enumeration(let name, let cases):
            resolving.append(name)
            defer { resolving.removeLast() }
            var readings: [String: ValueReading] = [:]
            for enumCase in cases {
                guard let payload = enumCase.payload else { continue }
                // A case's payload encodes as an object: its values by label, or by position
                // (`_0`, `_1`...) when they have none.
                let reading: ValueReading?
                if case .tuple = payload {
                    reading = self.reading(of: payload, resolving: &resolving)
                } else {
                    reading = self.reading(of: payload, resolving: &resolving).map { .members(["_0": $0]) }
                }
                if let reading { readings[enumCase.name] = reading }
            }
            return readings.isEmpty ? nil : .members(readings)
        case .tuple(let fields):
            var readings: [String: ValueReading] = [:]
            for field in fields where !field.label.isEmpty {
                guard let reading = reading(of: field.type, resolving: &resolving) else { continue }
                let isPosition = field.label.allSatisfy(\.isASCIIDigit)
                readings[isPosition ? "_" + field.label : field.label] = reading
            }
            return readings.isEmpty ? nil : .members(readings)
        case .opaque: return nil
        }
    }

    private static func mentionsDuration(_ syntax: ShapeSyntax, holders: Set<String>) -> Bool {
        switch syntax {
        case .named(let name, let arguments):
            (name == "Duration" && arguments.isEmpty) || holders.contains(name)
                || arguments.contains { mentionsDuration($0, holders: holders) }
        case .structure(_, let fields), .tuple(let fields):
            fields.contains { mentionsDuration($0.type, holders: holders) }
        case .enumeration(_, let cases):
            cases.contains { $0.payload.map { mentionsDuration($0, holders: holders) } ?? false }
        case .opaque: false
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
