/// A two-way connection to one value of a model: reading it reads the tree, writing it
/// dispatches the action that changes it.
///
/// Models change only through actions, so a text field or a toggle cannot write into the
/// tree; a binding turns each write into the action the model handles. It is what SwiftUI's
/// `Binding(get:set:)` wraps, and it reads through `find` (or ``Store/find(_:id:)``),
/// so a view that reads it is observed like any other read.
///
/// ```swift
/// if let title = store.binding(\Todo.title, of: Todo.self, id: 3, set: { Todo.Rename(id: 3, title: $0) }) {
///     title.value = "Buy milk"  // dispatches Todo.Rename
///     // In a SwiftUI view: TextField("Title", text: Binding(get: title.get, set: title.set))
/// }
/// ```
@MainActor
public struct StoreBinding<Value> {
    private let read: @MainActor () -> Value?
    private let send: @MainActor (Value) -> Void
    private let fallback: Value

    /// - Parameter initial: What `get` returns if the model goes away while a view still
    ///   shows it (a row animating out), until the binding is made again.
    init(initial: Value, read: @escaping @MainActor () -> Value?, send: @escaping @MainActor (Value) -> Void) {
        self.read = read
        self.send = send
        fallback = initial
    }

    /// The value in the tree now; the value it had when the binding was made, if the model is
    /// no longer there.
    public func get() -> Value { read() ?? fallback }

    /// Dispatches the action that sets the value.
    public func set(_ value: Value) { send(value) }

    /// The value, read and written as ``get()`` and ``set(_:)`` do.
    public var value: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
}

extension Store {
    /// A binding to a value of the shallowest model of a type, or `nil` if there is no such
    /// model: reads go through `find`, writes dispatch the action `set` makes.
    ///
    /// ```swift
    /// let name = store.binding(\Profile.name, of: Profile.self, set: { Profile.Rename(to: $0) })
    /// name?.set("Ada")
    /// ```
    public func binding<M: Model, Value>(
        _ keyPath: KeyPath<M, Value> & Sendable, of type: M.Type, set action: @escaping @MainActor (Value) -> any Action
    ) -> StoreBinding<Value>? {
        guard let initial = find(type)?[keyPath: keyPath] else { return nil }
        return StoreBinding(
            initial: initial,
            read: { [weak self] in self?.find(type)?[keyPath: keyPath] },
            send: { [weak self] in self?.update(action($0)) })
    }

    /// A binding to a value of the model of an `Identifiable` type with an id, or `nil` if
    /// there is no such model: reads go through ``find(_:id:)``, so only changes to that model
    /// reach the views that read it.
    ///
    /// ```swift
    /// let done = store.binding(\Todo.done, of: Todo.self, id: 3, set: { Todo.SetDone(id: 3, done: $0) })
    /// done?.value = true
    /// ```
    public func binding<M: Model & Identifiable, Value>(
        _ keyPath: KeyPath<M, Value> & Sendable, of type: M.Type, id: M.ID,
        set action: @escaping @MainActor (Value) -> any Action
    ) -> StoreBinding<Value>? {
        guard let initial = find(type, id: id)?[keyPath: keyPath] else { return nil }
        return StoreBinding(
            initial: initial,
            read: { [weak self] in self?.find(type, id: id)?[keyPath: keyPath] },
            send: { [weak self] in self?.update(action($0)) })
    }
}
