import Substate

/// Logs each action, with its payload, before it reaches the model tree.
///
/// The format is stable and multi-line: the action's type, then its fields, nested values
/// indented. Logging is switched on and off by a model of its own, ``State``, which the logger
/// registers with the store when it starts, so the switch is state like any other:
/// dispatch ``Toggle`` to flip it, and read it with `store.find(ActionLogger.State.self)`.
///
/// ```swift
/// let store = Store(model: Counter(), middleware: [ActionLogger()])
/// store.update(Counter.Reset(to: 100))
/// // ▿ Substate.Action: Counter.Reset
/// //   - to: 100
/// ```
///
/// Output goes to the closure you pass (standard output by default), so an app can route it to
/// its own logging system. Logging never changes what the tree receives.
@MainActor
public final class ActionLogger: Middleware {
    /// The logger's switch, kept as a model in the store.
    public struct State: Model, Equatable, Codable {
        /// Whether actions are logged.
        public var isActive: Bool

        public init(isActive: Bool = true) {
            self.isActive = isActive
        }

        public mutating func update(action: Action) {
            if action is Toggle { isActive.toggle() }
        }
    }

    /// Switches logging on or off.
    public struct Toggle: Action, Codable {
        public init() {}
    }

    private let filter: Bool
    private var isLogged = ActionTypeCheck { $0 is LoggedAction }
    private let startsActive: Bool
    private let output: @MainActor (String) -> Void

    /// Creates an action logger.
    ///
    /// - Parameters:
    ///   - filter: When `true`, only actions that adopt ``LoggedAction`` are logged.
    ///   - isActive: Whether logging starts switched on.
    ///   - output: Receives each entry (several lines); prints to standard output by default.
    public init(
        filter: Bool = false, isActive: Bool = true, output: @escaping @MainActor (String) -> Void = { print($0) }
    ) {
        self.filter = filter
        self.startsActive = isActive
        self.output = output
    }

    /// `true`: it only watches. Logging a replay shows the session again.
    public var runsDuringReplay: Bool { true }

    public func handle(_ action: Action, store: Store, next: Next) {
        let selected = filter ? isLogged(action) : true
        if selected, store.find(State.self)?.isActive ?? startsActive {
            output(Self.entry(for: action))
        }
        next(action)
        // A replayed log registers the switch as it was recorded.
        if isAction(action, Store.Start.self), !store.isReplaying {
            store.update(Store.Register(model: State(isActive: startsActive)))
        }
    }

    /// The log entry of an action: its type, then its fields.
    static func entry(for action: Action) -> String {
        ValueDump.lines(of: action, label: "Substate.Action").joined(separator: "\n")
    }
}
