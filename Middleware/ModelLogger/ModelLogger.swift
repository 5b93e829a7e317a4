import Substate

/// Logs the state when the store starts and after each action.
///
/// By default it logs the whole tree after every action. With `filter: true` it logs only
/// models that adopt ``LoggedModel``. With `diff: true` it logs only what an action changed,
/// under the action that changed it, one line per change with its path (see `StateDiff`:
/// elements of `Identifiable` arrays by id), and nothing when nothing changed:
///
/// ```swift
/// let store = Store(model: App(), middleware: [ModelLogger(diff: true)])
/// store.update(Settings.SetTint("orange"))
/// // Settings.SetTint:
/// //   App.settings.appearance.tint: "green" → "orange"
/// ```
///
/// Output goes to the closure you pass (standard output by default), or with `entries:` to the
/// app as ``LogEntry`` values. Place it last in the middleware list to see the state each
/// action produced in the tree.
@MainActor
public final class ModelLogger: Middleware {
    private let filter: Bool
    private let diff: Bool
    private let output: @MainActor (String) -> Void
    private let entries: (@MainActor (LogEntry) -> Void)?
    private var previous: [any Model] = []

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
        next(action)
        let current = filter ? store.lookupAll((any LoggedModel).self).map { $0 as any Model } : [root(of: store)]
        defer { previous = current }
        if diff, !isAction(action, Store.Start.self) {
            let changes = zip(previous, current).flatMap { StateDiff(from: $0, to: $1).changes }
            guard !changes.isEmpty else { return }
            let name = typeName(type(of: action))
            let text = ([name + ":"] + changes.map { "  " + $0.description }).joined(separator: "\n")
            if let entries {
                entries(
                    LogEntry(action: name, origin: store.dispatchOrigin, fields: [], changes: changes, text: text))
            } else {
                output(text)
            }
        } else if entries == nil {
            for model in current {
                output(ValueDump.lines(of: model, label: "Substate.Model").joined(separator: "\n"))
            }
        }
    }

    private func root(of store: Store) -> any Model {
        store.lookup((any Model).self)!
    }
}

/// Another name for ``ModelLogger``, as the Substate documentation also calls it.
public typealias StateLogger = ModelLogger
