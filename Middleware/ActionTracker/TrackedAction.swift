import Substate

/// An action that stands for an analytics event, which ``ActionTracker`` emits after the action
/// reached the tree.
///
/// The event is declared, typed: a name (by default the action's type name) and values read
/// from the action's own fields, from constants, and from models in the tree at that moment,
/// by key path.
///
/// ```swift
/// struct Checkout: Action, TrackedAction {
///     let items: Int
///     static var tracking: Tracking<Self> {
///         Tracking("checkout")
///             .value("items", \.items)
///             .constant("screen", "cart")
///             .model("total", Cart.self, \.totalCents)
///     }
/// }
/// ```
///
/// Without a declaration, the event is the action's type name with no values, as the original
/// Substate library tracks:
///
/// ```swift
/// struct Tapped: Action, TrackedAction {}   // emits "Tapped"
/// ```
public protocol TrackedAction: Action {
    /// The event the action stands for; by default the action's type name, with no values.
    static var tracking: Tracking<Self> { get }
}

extension TrackedAction {
    public static var tracking: Tracking<Self> { Tracking() }
}

/// How an action of type `A` becomes a ``TrackedEvent``.
public struct Tracking<A: Action>: Sendable {
    let name: String?
    let readers: [@MainActor @Sendable (A, Store) -> (key: String, value: String)?]

    /// An event with the name, or the action's type name.
    public init(_ name: String? = nil) {
        self.name = name
        readers = []
    }

    private init(name: String?, readers: [@MainActor @Sendable (A, Store) -> (key: String, value: String)?]) {
        self.name = name
        self.readers = readers
    }

    /// Adds a value read from the action's own fields.
    public func value<V>(_ key: String, _ path: KeyPath<A, V> & Sendable) -> Tracking {
        adding { action, _ in (key, describe(action[keyPath: path])) }
    }

    /// Adds a constant value.
    public func constant(_ key: String, _ value: String) -> Tracking {
        adding { _, _ in (key, value) }
    }

    /// Adds a value read from the shallowest model of a type in the tree when the action
    /// reached it; left out when there is no such model.
    public func model<M: Model, V>(_ key: String, _ type: M.Type, _ path: KeyPath<M, V> & Sendable) -> Tracking {
        adding { _, store in store.lookup(M.self).map { (key, describe($0[keyPath: path])) } }
    }

    private func adding(_ reader: @escaping @MainActor @Sendable (A, Store) -> (key: String, value: String)?)
        -> Tracking
    {
        Tracking(name: name, readers: readers + [reader])
    }

    @MainActor
    func event(for action: A, in store: Store) -> TrackedEvent {
        TrackedEvent(name: name ?? typeName(A.self), values: readers.compactMap { $0(action, store) })
    }
}

/// A value as an event carries it.
func describe(_ value: Any) -> String {
    if let string = value as? String { return string }
    return String(describing: value)
}
