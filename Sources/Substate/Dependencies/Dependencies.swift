/// The values a store's shell reads from the outside world: a clock, random numbers, the
/// current date and UUIDs (from `SubstateMiddleware`), and an app's own services, keyed by type.
///
/// Models never read them: `update(action:)` stays pure. Middleware, effects, services and
/// StateMachine runners read them through the store (`store.dependencies`) or the effect's
/// ``Send`` (`send.dependencies`), so a test replaces every one in one line. Values an effect
/// reads this way reach the tree inside the actions it sends, so a recorded log carries them
/// and a replay, which runs no effects, sees the same values.
///
/// Each has a production value, used unless the store is given another:
///
/// ```swift
/// struct APIClient: DependencyKey, Sendable {
///     var fetch: @Sendable (Int) async throws -> String
///     static let liveValue = APIClient { id in try await download(id) }
///     static let mock = APIClient { id in "item \(id)" }
/// }
///
/// let store = Store(model: App(), middleware: [...], dependencies: Dependencies { $0[APIClient.self] = .mock })
/// store.effects.run { send in
///     let item = try await send.dependencies[APIClient.self].fetch(1)
///     await send(Item.Loaded(item))
/// }
/// ```
public struct Dependencies: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// Production values for every dependency.
    public init() {}

    /// Production values, with the changes the closure makes.
    public init(_ override: (inout Dependencies) -> Void) {
        override(&self)
    }

    /// The value of a dependency: the one set, or its production value.
    public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(Key.self)] as? Key.Value ?? Key.liveValue }
        set { values[ObjectIdentifier(Key.self)] = newValue }
    }

    /// The clock effects and services measure time with; tests set a `TestClock`.
    public var clock: any Clock<Duration> {
        get { self[ClockDependency.self] }
        set { self[ClockDependency.self] = newValue }
    }

    /// The source of random numbers; tests set ``RandomSource/seeded(_:)``.
    public var random: RandomSource {
        get { self[RandomSource.self] }
        set { self[RandomSource.self] = newValue }
    }
}

/// A dependency: a type that names a value, with the value used in production.
///
/// An app's own service can be its own key (`static let liveValue = APIClient(...)`).
public protocol DependencyKey {
    associatedtype Value: Sendable
    /// The value used unless a store is given another.
    static var liveValue: Value { get }
}

/// The clock dependency.
enum ClockDependency: DependencyKey {
    static var liveValue: any Clock<Duration> { ContinuousClock() }
}
