/// A value several models share: each holds a `Shared` field with the same key, and a change
/// that one model's `update(action:)` makes is read by every other, in the same dispatch.
///
/// Use it where screens in different branches of the tree work on one value (a list and the
/// detail of one of its items, two tabs showing one counter) instead of keeping copies that a
/// parent copies back. The store keeps the one value per key; each field holds a copy of it,
/// which the store brings up to date before its model's `update` runs and after every action
/// that changed it. So a `Shared` field is a plain value everywhere outside the walk: a copy
/// taken from the store, a test's expected state or a recorded snapshot never changes behind
/// its holder's back, and equality, encoding and diffs see the value itself.
///
/// ```swift
/// struct StatsTab: Model {
///     @Shared(.stats) var stats = Stats()
///     mutating func update(action: Action) {
///         if action is Increment { stats.count += 1 }   // every other tab sees it
///     }
/// }
/// ```
///
/// The value is the store's own: two stores, or two test stores, never share it. A field
/// first seen by the store gives the key its value; later fields with the same key take the
/// store's. A model that joins the tree during a dispatch (a screen a model's `update` pushes,
/// or one an action carries, as `ScreenStack.Push(Detail())`) reads the store's value before
/// the dispatch ends, whatever value it was made with. Outside a walk (in a test's expectation,
/// in code that builds a model) a write changes only that copy.
///
/// A value that belongs to one screen and the children it hands it to needs no key, as TCA's
/// `@Shared(value:)`: ``init(value:)`` (or `@Shared(value: 0)`) makes a value of its own, and
/// the holder passes `$count` on. Every field given it, a copy or an encoded and decoded copy,
/// holds the one value, with the same guarantees as a keyed one; fields made with
/// `Shared(value:)` twice hold two values. Two keyless fields are equal when their values are,
/// so a test's expected state can build one.
///
/// ```swift
/// struct CounterScreen: Model {
///     @Shared(value: 0) var count: Int
///     var child: CountLabel?
///     mutating func update(action: Action) {
///         if action is ShowLabel { child = CountLabel(count: $count) }   // one value for both
///     }
/// }
/// ```
@propertyWrapper
public struct Shared<Value: Sendable & Equatable>: Model, Equatable {
    /// The key that names the value.
    public let key: SharedKey<Value>
    /// This field's copy of the value.
    private var value: Value

    /// Creates a shared field with its key and the value it holds until the store has one.
    ///
    /// ```swift
    /// @Shared(.syncUps) var syncUps: [SyncUp] = []
    /// ```
    public init(wrappedValue: Value, _ key: SharedKey<Value>) {
        self.key = key
        self.value = wrappedValue
        // Made during a walk (a screen a model's `update` pushes): the store brings it up to
        // date before the dispatch ends, wherever the walk has got to.
        SharedValues.current?.noteFieldMade()
    }

    /// Creates a shared value to pass to a model's initializer.
    ///
    /// ```swift
    /// RecordMeeting(syncUp: Shared(.syncUp(id), value: syncUp))
    /// ```
    public init(_ key: SharedKey<Value>, value: Value) {
        self.init(wrappedValue: value, key)
    }

    /// Creates a value shared without a key, TCA's `@Shared(value:)`: the fields it is given to
    /// (`$count`, passed to a child) hold one value, and no other field does.
    ///
    /// Use it for state one screen owns and hands to the screens it shows, where a key that
    /// names the value app-wide would say more than is meant.
    ///
    /// ```swift
    /// @Shared(value: 0) var count: Int
    /// let label = CountLabel(count: $count)      // sees every change the screen makes
    /// let other = CountLabel(count: Shared(value: 0))   // a value of its own
    /// ```
    public init(value: Value) {
        self.init(wrappedValue: value, SharedKey.makeKeyless())
    }

    /// The value. Inside a store's walk, a write is the store's value at once.
    public var wrappedValue: Value {
        get { value }
        set {
            value = newValue
            SharedValues.current?.write(newValue, for: key)
        }
    }

    /// The field itself, to pass on to another model (`Detail(syncUp: $syncUps[id: id])`).
    public var projectedValue: Shared<Value> {
        get { self }
        set { self = newValue }
    }

    /// Takes the store's value, or gives the store this one when it has none yet.
    public mutating func update(action: Action) {
        SharedValues.current?.load(&value, for: key)
    }

    /// Keyed fields are equal when their keys and values are; keyless ones when their values
    /// are, since no code can name the key a ``init(value:)`` made up.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.value == rhs.value else { return false }
        if lhs.key.isKeyless && rhs.key.isKeyless { return true }
        return lhs.key == rhs.key
    }
}

extension Shared {
    /// The shared value of one element of a shared array, found by its id: a model that holds
    /// it and a model that holds the whole array see each other's changes.
    ///
    /// `nil` when no element has the id. Ids are compared by their text (`String(describing:)`),
    /// which is how the log records them.
    ///
    /// ```swift
    /// let detail = SyncUpDetail(syncUp: $syncUps[id: syncUp.id]!)
    /// ```
    public subscript<Element: Identifiable & Sendable & Equatable>(id id: Element.ID) -> Shared<Element>?
    where Value == [Element] {
        guard let element = value.first(where: { $0.id == id }) else { return nil }
        return Shared<Element>(
            SharedKey(name: key.name, element: String(describing: id), keyless: key.keyless), value: element)
    }
}

extension Shared: Codable where Value: Codable {
    private enum CodingKeys: String, CodingKey {
        case key, value
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try container.decode(Value.self, forKey: .value),
            key: try container.decode(SharedKey<Value>.self, forKey: .key))
    }

    private init(_ value: Value, key: SharedKey<Value>) {
        self.key = key
        self.value = value
        SharedValues.current?.noteFieldMade()
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key, forKey: .key)
        try container.encode(value, forKey: .value)
    }
}

/// Marks shared fields for the store, which walks them after an action that changed a value.
protocol SharedField {}

extension Shared: SharedField {}

extension Shared: CustomReflectable {
    /// The value's own mirror: loggers, diffs and dumps show a shared field as the value it
    /// holds (`stats.count: 0 → 1`), as its holder's source reads it.
    public var customMirror: Mirror { Mirror(reflecting: value) }
}
