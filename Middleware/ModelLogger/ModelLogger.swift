import Substate

/// Logs the state when the store starts and after each action.
///
/// By default it logs the whole tree after every action. With `filter: true` it logs only
/// models that adopt ``LoggedModel``. With `diff: true` it logs only what an action changed,
/// right after the action reached the tree, one line per change with its path (see
/// `StateDiff`: elements of `Identifiable` arrays by id), and nothing when nothing changed.
/// Changes come in field order, as a reader of the structs expects: a nested model's changes
/// stand where its field stands among its parent's own:
///
/// ```swift
/// let store = Store(model: App(), middleware: [ModelLogger(diff: true)])
/// store.update(Settings.SetTint("orange"))
/// // Settings.SetTint:
/// //   App.settings.appearance.tint: "green" → "orange"
/// ```
///
/// Output goes to the closure you pass (standard output by default), or with `entries:` to the
/// app as ``LogEntry`` values.
///
/// In diff mode the logger reads the store's record of which models each action changed, so
/// its cost follows what changed, not the size of the tree: a toggle in a list of 10,000
/// models is one short diff. Recording costs the store a copy and a byte comparison per model
/// an action reaches (the benchmark reports it), the same record that observation uses.
@MainActor
public final class ModelLogger: Middleware {
    private let filter: Bool
    private let diff: Bool
    private let output: @MainActor (String) -> Void
    private let entries: (@MainActor (LogEntry) -> Void)?
    /// What the logger keeps for one store.
    private final class Seen {
        /// The models as last logged (filtered, or diffing by comparison).
        var previous: [any Model] = []
        /// Whether the logger follows the store's change record (diff mode without a filter).
        var isWatching = false
    }

    /// Creates a model logger.
    ///
    /// - Parameters:
    ///   - filter: When `true`, only models that adopt ``LoggedModel`` are logged.
    ///   - diff: When `true`, only changed leaves are logged after each action.
    ///   - output: Receives each entry (several lines); prints to standard output by default.
    public init(filter: Bool = false, diff: Bool = false, output: @escaping @MainActor (String) -> Void = { print($0) })
    {
        self.filter = filter
        self.diff = diff
        self.output = output
        entries = nil
    }

    /// Creates a diffing model logger that hands each entry to the app as a value: the action,
    /// its origin and what it changed.
    ///
    /// - Parameters:
    ///   - filter: When `true`, only models that adopt ``LoggedModel`` are compared.
    ///   - entries: Receives an entry after each action that changed something.
    public init(filter: Bool = false, entries: @escaping @MainActor (LogEntry) -> Void) {
        self.filter = filter
        diff = true
        output = { _ in }
        self.entries = entries
    }

    /// `true`: it only watches. Logging a replay shows the session again.
    public var runsDuringReplay: Bool { true }

    public func handle(_ action: Action, store: Store, next: Next) {
        let seen = store.storage(for: self) { Seen() }
        if diff, !filter {
            // The store notes what each action changes while it walks the tree; the logger
            // diffs only those models, right after the action that changed them.
            if !seen.isWatching {
                seen.isWatching = true
                store.recordChanges()
                store.observeReductions { [weak self, weak store] action, origin in
                    guard let self, let store, !isAction(action, Store.Start.self) else { return }
                    self.emit(action, origin: origin, changes: Self.changes(store.changes, in: store))
                }
            }
            next(action)
            if isAction(action, Store.Start.self), entries == nil {
                output(ValueDump.lines(of: root(of: store), label: "Substate.Model").joined(separator: "\n"))
            }
            return
        }
        next(action)
        let current = filter ? store.lookupAll((any LoggedModel).self).map { $0 as any Model } : [root(of: store)]
        defer { seen.previous = current }
        if diff, !isAction(action, Store.Start.self) {
            let changes = zip(seen.previous, current).flatMap { StateDiff(from: $0, to: $1).changes }
            emit(action, origin: store.dispatchOrigin, changes: changes)
        } else if entries == nil {
            for model in current {
                output(ValueDump.lines(of: model, label: "Substate.Model").joined(separator: "\n"))
            }
        }
    }

    /// Logs the changes one action made, if it made any.
    private func emit(_ action: any Action, origin: Store.Origin, changes: [StateDiff.Change]) {
        guard !changes.isEmpty else { return }
        let name = typeName(type(of: action))
        let text = Self.text(name, changes)
        if let entries {
            entries(LogEntry(action: name, origin: origin, fields: [], changes: changes, text: text))
        } else {
            output(text)
        }
    }

    /// The entry of an action's changes: its type's name, then one indented line per change.
    private static func text(_ name: String, _ changes: [StateDiff.Change]) -> String {
        var text = name
        text.reserveCapacity(name.utf8.count + 1 + changes.count * 64)
        text += ":"
        for change in changes {
            text += "\n  "
            text += change.description
        }
        return text
    }

    /// The changes the store recorded, as the logger shows them: the store's root tree only
    /// (models that middleware registered are their own business), in field order: a nested
    /// model's changes stand where its field stands among its parent's own changes.
    private static func changes(_ changes: [ModelChange], in store: Store) -> [StateDiff.Change] {
        // Loops, not closures: a closure written here is checked to run on the main actor each
        // time it is called, which on the diff logger's path per action adds up.
        var inRoot: [ModelChange] = []
        for change in changes where change.box == 0 { inRoot.append(change) }
        if inRoot.count < 2 {
            var diff: [StateDiff.Change] = []
            for change in inRoot { diff += StateDiff(change, in: store).changes }
            return diff
        }
        // Parents before the models below them, then each model's changes with its nested
        // models' merged in by field.
        let records = inRoot.map { ($0, $0.location) }.sorted { $0.1.precedes($1.1) }.map { change, location in
            ChangeNode(change: change, location: location, path: StateDiff.path(of: location, in: store))
        }
        var roots: [ChangeNode] = []
        var open: [ChangeNode] = []
        for record in records {
            while let last = open.last, !last.contains(record) { open.removeLast() }
            if let parent = open.last { parent.children.append(record) } else { roots.append(record) }
            open.append(record)
        }
        return roots.flatMap { $0.changesInFieldOrder() }
    }

    /// What the logger prints for the changes one action made; `nil` when nothing in the
    /// store's root tree changed. The benchmark times it.
    package static func describe(_ action: any Action, changes: [ModelChange], in store: Store) -> String? {
        let lines = Self.changes(changes, in: store)
        return lines.isEmpty ? nil : text(typeName(type(of: action)), lines)
    }

    private func root(of store: Store) -> any Model {
        store.lookup((any Model).self)!
    }
}

/// Another name for ``ModelLogger``, as the Substate documentation also calls it.
public typealias StateLogger = ModelLogger

/// A recorded change and the recorded changes of the models below it, for printing in field
/// order.
@MainActor
private final class ChangeNode {
    let change: ModelChange
    let location: ModelLocation
    let path: String
    var children: [ChangeNode] = []

    init(change: ModelChange, location: ModelLocation, path: String) {
        self.change = change
        self.location = location
        self.path = path
    }

    /// Whether another change's model sits below this one's.
    func contains(_ other: ChangeNode) -> Bool {
        location.box == other.location.box && other.location.steps.count > location.steps.count
            && other.location.steps.starts(with: location.steps)
    }

    /// The model's own changes and those below it, ordered by the field of this model each
    /// falls under, in declaration order; the model's own change to a field comes before the
    /// changes of models inside that field.
    func changesInFieldOrder() -> [StateDiff.Change] {
        let own = StateDiff(change, path: path).changes
        guard !children.isEmpty else { return own }
        // The field order the layout read once per type; an enum model's case by its mirror.
        let labels =
            change.fieldNames
            ?? (change.after ?? change.before).map { Mirror(reflecting: $0).children.compactMap(\.label) } ?? []
        var order: [String: Int] = [:]
        for (index, label) in labels.enumerated() where order[label] == nil { order[label] = index }
        func rank(_ path: String) -> Int { order[Self.firstField(of: path, below: self.path)] ?? Int.max }
        var parts: [(rank: Int, isChild: Bool, changes: [StateDiff.Change])] = own.map { (rank($0.path), false, [$0]) }
        parts += children.map { (rank($0.path), true, $0.changesInFieldOrder()) }
        // A stable order: by field, the model's own change first, otherwise as recorded.
        let sorted = parts.enumerated().sorted { lhs, rhs in
            (lhs.element.rank, lhs.element.isChild ? 1 : 0, lhs.offset)
                < (rhs.element.rank, rhs.element.isChild ? 1 : 0, rhs.offset)
        }
        return sorted.flatMap(\.element.changes)
    }

    /// The name of the first field in `path` after the prefix `base` (`App.settings.tint` below
    /// `App` is `settings`); empty when there is none.
    static func firstField(of path: String, below base: String) -> String {
        guard path.hasPrefix(base) else { return "" }
        var rest = path.dropFirst(base.count)
        guard rest.first == "." else { return "" }
        rest = rest.dropFirst()
        return String(rest.prefix { $0 != "." && $0 != "[" && $0 != "?" })
    }
}
