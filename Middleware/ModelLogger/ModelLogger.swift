import Substate

/// Logs the state when the store starts and after each action.
///
/// By default it logs the whole tree after every action. With `filter: true` it logs only
/// models that adopt ``LoggedModel``. With `diff: true` it logs only what an action changed,
/// right after the action reached the tree, one line per change with its path (see
/// `StateDiff`: elements of `Identifiable` arrays by id), and nothing when nothing changed.
/// Each model's own changes come before those of the models inside it:
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
    /// (models that middleware registered are their own business), in tree order.
    private static func changes(_ changes: [ModelChange], in store: Store) -> [StateDiff.Change] {
        let inRoot = changes.filter { $0.box == 0 }
        let ordered =
            inRoot.count < 2
            ? inRoot : inRoot.map { ($0, $0.location) }.sorted { $0.1.precedes($1.1) }.map(\.0)
        return ordered.flatMap { StateDiff($0, in: store).changes }
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
