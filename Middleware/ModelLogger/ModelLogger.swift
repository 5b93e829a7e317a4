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
///
/// What it prints is linear in the tree and in what changed, however deep the tree: a dump
/// indents nesting down to 32 levels and starts each deeper line with its level
/// (`(level 40) - value: 7`), and a line whose path shares more than 16 components with the
/// line above it is written relative to it, `↑n` (the path above without its last `n`
/// components) and then its own components. Shallower trees print whole paths, as above; an
/// action that changes every level of a chain 20,000 models deep prints one short line per
/// level:
///
/// ```
/// Node.Bump:
///   Node.value: 0 → 1
///   Node.child[0].value: 0 → 1
///   …
///   Node.child[0].child[0].child[0].child[0].child[0].child[0].child[0].child[0].value: 0 → 1
///   ↑1.child[0].value: 0 → 1
///   ↑1.child[0].value: 0 → 1
/// ```
///
/// The changes of a ``LogEntry`` carry their paths as printed.
@MainActor
public final class ModelLogger: Middleware {
    private let filter: Bool
    private let diff: Bool
    private let output: @MainActor (String) -> Void
    private let entries: (@MainActor (LogEntry) -> Void)?
    /// Writes each diff entry; kept from one to the next with its room.
    private let writer = ChangeWriter()
    /// The last action type logged and its name, which most actions share with the one before.
    // Read on every action, only on the main actor and never across a call out: unchecked
    // exclusivity, as for what follows.
    @exclusivity(unchecked) private var lastAction: (type: ObjectIdentifier, name: String)?
    /// The store whose change record the logger was last found following (diff mode without a
    /// filter), so that each of its actions costs no lookup of the logger's storage; forgotten
    /// when the store is released.
    @exclusivity(unchecked) private var watched: ObjectIdentifier?
    /// What the logger keeps for one store.
    private final class Seen {
        /// The models as last logged (filtered, or diffing by comparison).
        var previous: [any Model] = []
        /// The place of the last model whose change was logged.
        let paths = PathCache()
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
        if diff, !filter {
            // The store notes what each action changes while it walks the tree; the logger
            // diffs only those models, right after the action that changed them.
            if watched != ObjectIdentifier(store) { watch(store) }
            next(action)
            // The type as the existential holds it: `Store.Start` is a struct.
            if heldActionType(of: action) == ObjectIdentifier(Store.Start.self), entries == nil {
                output(ValueDump.lines(of: root(of: store), label: "Substate.Model").joined(separator: "\n"))
            }
            return
        }
        let seen = store.storage(for: self) { Seen() }
        next(action)
        let current = filter ? store.lookupAll((any LoggedModel).self).map { $0 as any Model } : [root(of: store)]
        defer { seen.previous = current }
        if diff, !isAction(action, Store.Start.self) {
            let actionType = ObjectIdentifier(Swift.type(of: action))
            writer.start(action: name(of: action, type: actionType), keepsChanges: entries != nil)
            for (before, after) in zip(seen.previous, current) {
                writer.write(StateDiff.relative(from: before, to: after), root: typeName(type(of: before)))
            }
            emit(origin: store.dispatchOrigin)
        } else if entries == nil {
            for model in current {
                output(ValueDump.lines(of: model, label: "Substate.Model").joined(separator: "\n"))
            }
        }
    }

    /// Follows the store's change record, once per store: after each action, the observer
    /// diffs the models the action changed.
    private func watch(_ store: Store) {
        watched = ObjectIdentifier(store)
        let seen = store.storage(for: self) { Seen() }
        guard !seen.isWatching else { return }
        seen.isWatching = true
        store.recordChanges()
        // The store holds the observer, so it outlives every call: held without counting,
        // since a store held weakly keeps its counts in a side table, which slows each of
        // its retains everywhere.
        store.observeReductions { [self, unowned(unsafe) store, paths = seen.paths] action, origin in
            let actionType = ObjectIdentifier(Swift.type(of: action))
            guard actionType != ObjectIdentifier(Store.Start.self) else { return }
            writer.start(action: name(of: action, type: actionType), keepsChanges: entries != nil)
            Self.write(store.changes, in: store, paths: paths, into: writer)
            emit(origin: origin)
        }
    }

    public func storeWillRelease(_ store: Store) {
        if watched == ObjectIdentifier(store) { watched = nil }
    }

    /// Logs the changes the writer holds, if it holds any. The writer is done with before the
    /// entry is handed out, so an action the output dispatches is logged with it.
    private func emit(origin: Store.Origin) {
        guard writer.hasLines else { return }
        if let entries {
            let entry = LogEntry(
                action: writer.action, origin: origin, fields: [], changes: writer.changes, text: writer.entry)
            entries(entry)
        } else {
            output(writer.entry)
        }
    }

    /// The type name of an action, whose type is `type`.
    private func name(of action: any Action, type: ObjectIdentifier) -> String {
        if let lastAction, lastAction.type == type { return lastAction.name }
        let name = typeName(Swift.type(of: action))
        lastAction = (type, name)
        return name
    }

    /// Writes the changes the store recorded, as the logger shows them: the store's root tree
    /// only (models that middleware registered are their own business), in field order (see
    /// ``ChangeTree``).
    private static func write(_ changes: [ModelChange], in store: Store, paths: PathCache, into writer: ChangeWriter) {
        // Loops, not closures: a closure written here is checked to run on the main actor each
        // time it is called, which on the diff logger's path per action adds up.
        let inRoot = Self.inRootTree(changes)
        if inRoot.count == 1 {
            // One changed model, most actions: its place named from the root, each line written
            // as the diff finds it.
            let path = paths.path(of: inRoot[0].location, in: store)
            if writer.writeScalarLines(of: inRoot[0], path: path) { return }
            writer.root = path
            StateDiff.relative(inRoot[0], into: writer)
        } else {
            ChangeTree.write(inRoot, in: store, into: writer)
        }
    }

    /// The changes in the store's root tree: all of them, most often.
    private static func inRootTree(_ changes: [ModelChange]) -> [ModelChange] {
        // By index: a loop over the elements would copy each change.
        for index in changes.indices where changes[index].box != 0 {
            var inRoot: [ModelChange] = []
            for index in changes.indices where changes[index].box == 0 { inRoot.append(changes[index]) }
            return inRoot
        }
        return changes
    }

    /// What the logger prints for the changes one action made; `nil` when nothing in the
    /// store's root tree changed. The benchmark times it: it does what a logger does for the
    /// action, with a logger's writer and the name of its last action, which a logger keeps
    /// from one action to the next.
    package static func describe(_ action: any Action, changes: [ModelChange], in store: Store) -> String? {
        let logger = describing
        let actionType = ObjectIdentifier(Swift.type(of: action))
        logger.writer.start(action: logger.name(of: action, type: actionType), keepsChanges: false)
        write(changes, in: store, paths: PathCache(), into: logger.writer)
        return logger.writer.hasLines ? logger.writer.entry : nil
    }

    /// The logger ``describe(_:changes:in:)`` writes with.
    private static let describing = ModelLogger(diff: true, output: { _ in })

    private func root(of store: Store) -> any Model {
        store.lookup((any Model).self)!
    }
}

/// Another name for ``ModelLogger``, as the Substate documentation also calls it.
public typealias StateLogger = ModelLogger

/// The path of the last changed model whose place is named by fields alone, per store: no change
/// to the tree renames such a place (an element's id or a dictionary's key could change), and
/// most actions change the model the action before them changed.
@MainActor
private final class PathCache {
    // Read for every change the logger writes, only on the main actor and never across a call
    // out: unchecked exclusivity keeps a hit to a comparison of steps.
    @exclusivity(unchecked) private var steps: [ModelLocation.Step]?
    @exclusivity(unchecked) private var path = ""

    /// The path of a model's place in the store's root tree, as `StateDiff.path(of:in:)` spells it.
    func path(of location: ModelLocation, in store: Store) -> String {
        if location.box == 0, let steps, steps == location.steps { return path }
        let made = StateDiff.path(of: location, in: store)
        // A loop, not a closure: see ``ModelLogger/write(_:in:paths:into:)``.
        for step in location.steps {
            guard case .part = step else { return made }
        }
        if location.box == 0 {
            steps = location.steps
            path = made
        }
        return made
    }
}
