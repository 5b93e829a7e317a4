import Substate

/// Logs each action, with its payload, before it reaches the model tree.
///
/// Each entry is one line, the action as Swift source spells it (in the style of
/// custom-dump), followed by its origin when it did not come from the app:
///
/// ```swift
/// let store = Store(model: Counter(), middleware: [ActionLogger()])
/// store.update(Counter.Reset(to: 100))
/// // Counter.Reset(to: 100)
/// // Search.Loaded(results: ["swift", "substate"])  (effect)
/// ```
///
/// Logging is switched on and off by a model of its own, ``State``, which the logger registers
/// with the store when it starts, so the switch is state like any other: dispatch ``Toggle``
/// to flip it, and read it with `store.find(ActionLogger.State.self)`. While it is off, the
/// logger costs a type comparison per action.
///
/// Output goes to the closure you pass (standard output by default); with `entries:` it goes
/// to the app as ``LogEntry`` values instead, for its own logging system. Logging never
/// changes what the tree receives.
@MainActor
public final class ActionLogger: Middleware {
    /// The logger's switch, kept as a model in the store.
    public struct State: Model, Equatable, Codable {
        /// Whether actions are logged.
        public var isActive: Bool

        public init(isActive: Bool = true) {
            self.isActive = isActive
        }

        /// Only ``Toggle`` reaches the switch: other actions cost it nothing.
        public static var handledActions: [any Action.Type]? { [Toggle.self] }

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
    private var isAddressed = ActionTypeCheck { $0 is any AddressedAction }
    /// Writes each line into a buffer it keeps.
    private let writer = LineWriter()
    private let startsActive: Bool
    private let output: (@MainActor (String) -> Void)?
    private let entries: (@MainActor (LogEntry) -> Void)?
    /// The switch as last read from the store; read again after the actions that can change it.
    // Read on every action, only on the main actor and never across a suspension: unchecked
    // exclusivity keeps the switched-off logger's cost to a few comparisons.
    @exclusivity(unchecked) private var isActive: Bool?
    /// The store whose switch ``isActive`` holds: each store made from one middleware list has
    /// its own switch, read again when another store hands the logger an action.
    @exclusivity(unchecked) private var switchOf: ObjectIdentifier?

    /// Creates an action logger that prints.
    ///
    /// - Parameters:
    ///   - filter: When `true`, only actions that adopt ``LoggedAction`` are logged.
    ///   - isActive: Whether logging starts switched on.
    ///   - output: Receives each entry's line; prints to standard output by default.
    public init(
        filter: Bool = false, isActive: Bool = true, output: @escaping @MainActor (String) -> Void = { print($0) }
    ) {
        self.filter = filter
        self.startsActive = isActive
        self.output = output
        entries = nil
    }

    /// Creates an action logger that hands each entry to the app as a value.
    ///
    /// - Parameters:
    ///   - filter: When `true`, only actions that adopt ``LoggedAction`` are logged.
    ///   - isActive: Whether logging starts switched on.
    ///   - entries: Receives each entry: the action's type, origin, fields and line.
    public init(filter: Bool = false, isActive: Bool = true, entries: @escaping @MainActor (LogEntry) -> Void) {
        self.filter = filter
        self.startsActive = isActive
        output = nil
        self.entries = entries
    }

    /// `true`: it only watches. Logging a replay shows the session again.
    public var runsDuringReplay: Bool { true }

    public func handle(_ action: Action, store: Store, next: Next) {
        let id = ObjectIdentifier(store)
        if switchOf != id {
            switchOf = id
            isActive = nil
        }
        let active = isActive ?? (store.lookup(State.self)?.isActive ?? startsActive)
        if active, !filter || isLogged(action) {
            let line = line(for: action, origin: store.dispatchOrigin, in: store)
            if let output {
                output(line)
            } else if let entries {
                entries(
                    LogEntry(
                        action: typeName(type(of: action)), origin: store.dispatchOrigin,
                        fields: ValueLiteral.fields(of: action).map {
                            LogEntry.Field(label: $0.label, value: $0.value)
                        },
                        changes: [], text: line))
            }
        }
        next(action)
        // The type as the existential holds it: every type it is compared with is a struct.
        let type = heldActionType(of: action)
        // A replayed log registers the switch as it was recorded.
        if type == Self.start, !store.isReplaying {
            store.update(Store.Register(model: State(isActive: startsActive)))
        }
        // Only these can change the switch: read it again after them, or until it is there.
        if isActive == nil || Self.mayChangeSwitch(type) || switchOf != id {
            switchOf = id
            isActive = store.lookup(State.self)?.isActive
        }
    }

    public func storeWillRelease(_ store: Store) {
        if switchOf == ObjectIdentifier(store) { switchOf = nil }
    }

    private static var start: ObjectIdentifier { ObjectIdentifier(Store.Start.self) }

    /// Whether the switch may read differently after an action of the type: five comparisons,
    /// cheaper than hashing the type.
    private static func mayChangeSwitch(_ type: ObjectIdentifier) -> Bool {
        type == ObjectIdentifier(Toggle.self) || type == start || type == ObjectIdentifier(Store.Replace.self)
            || type == ObjectIdentifier(Store.Restore.self) || type == ObjectIdentifier(Store.Register.self)
    }

    /// The line of an action: the action as Swift source spells it, and its origin when it did
    /// not come from the app.
    /// The action's line; an action addressed to one screen reads as the screen's place and
    /// the action it receives: `App.path.elements[id: #1] ← RecordMeeting.OnTask()`.
    private func line(for action: Action, origin: Store.Origin, in store: Store) -> String {
        let suffix = origin == .app ? "" : "  (\(origin.rawValue))"
        guard isAddressed(action), let addressed = action as? any AddressedAction,
            let place = addressed.instance(in: store)
        else { return writer.line(action, suffix: suffix) }
        return StateDiff.path(of: place, in: store) + " ← " + writer.line(addressed.addressedAction, suffix: suffix)
    }
}
