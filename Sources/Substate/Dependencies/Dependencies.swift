import Synchronization

/// The values a store's shell reads from the outside world: a clock, random numbers, the
/// current date and UUIDs (from `SubstateMiddleware`), and an app's own services, keyed by type.
///
/// Models never read them: `update(action:)` stays pure. Middleware, effects, services and
/// StateMachine runners read them through the store (`store.dependencies`) or the effect's
/// ``Send`` (`send.dependencies`), so a test replaces every one in one line. Values an effect
/// reads this way reach the tree inside the actions it sends, so a recorded log carries them
/// and a replay, which runs no effects, sees the same values; a value a model needs at once
/// (a new UUID) comes in its action, a ``StampedAction`` the store fills in on dispatch.
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
    /// Set for a test store: a key read and not set takes its ``DependencyKey/testValue``, and
    /// one without a test value fails the test.
    private var testing: MissingTestValues?

    /// The dependencies of the store whose effect is running: inside any effect (and the tasks
    /// it starts), the running store's; elsewhere, production values.
    ///
    /// Every effect form reads them this way, the forms that return their action too; the
    /// forms given a ``Send`` can also read `send.dependencies`, the same values.
    ///
    /// ```swift
    /// Effect(for: Load.self) { load in
    ///     Loaded(try await Dependencies.current[APIClient.self].fetch(load.id))
    /// }
    /// ```
    @TaskLocal public static var current = Dependencies()

    /// Production values for every dependency.
    public init() {}

    /// Production values, with the changes the closure makes.
    public init(_ override: (inout Dependencies) -> Void) {
        override(&self)
    }

    /// Test values for every dependency, with the changes the closure makes: a key the
    /// closure does not set and whose type declares no ``DependencyKey/testValue`` reports
    /// `missing` with a sentence the first time it is read, then gives its live value.
    package init(testing missing: @escaping @Sendable (String) -> Void, _ override: (inout Dependencies) -> Void) {
        testing = MissingTestValues(report: missing)
        override(&self)
    }

    /// The value of a dependency: the one set, or else its production value (in a test store,
    /// its test value).
    public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
        get {
            if let value = values[ObjectIdentifier(Key.self)] as? Key.Value { return value }
            guard let testing else { return Key.liveValue }
            let value = Key.testValue
            if UndeclaredTestValues.lacks(Key.self) { testing.report(Key.self) }
            return value
        }
        set { values[ObjectIdentifier(Key.self)] = newValue }
        // Setting part of a value (`$0[APIClient.self].fetch = { ... }` in a test store's
        // dependencies) writes the key: it starts from the value the key has, and is not a read
        // of a value the test did not set.
        _modify {
            var value =
                values[ObjectIdentifier(Key.self)] as? Key.Value ?? (testing == nil ? Key.liveValue : Key.testValue)
            yield &value
            values[ObjectIdentifier(Key.self)] = value
        }
    }

    /// The value of a dependency that has a test value and no live value (a
    /// ``TestDependencyKey``): the one set, or in a test store its test value.
    ///
    /// A store that is not a test store has nothing better to give for a key that no one set:
    /// the read gives the test value and says so on standard error, once per key, naming it and
    /// how to give it a value, as swift-dependencies does.
    ///
    /// ```swift
    /// let store = TestStore(model: Player()) // $0[AudioPlayer.self] not set: its testValue
    /// ```
    public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
        get {
            if let value = values[ObjectIdentifier(Key.self)] as? Key.Value { return value }
            return unsetValue(Key.self)
        }
        set { values[ObjectIdentifier(Key.self)] = newValue }
        _modify {
            var value = values[ObjectIdentifier(Key.self)] as? Key.Value ?? unsetValue(Key.self)
            yield &value
            values[ObjectIdentifier(Key.self)] = value
        }
    }

    /// The value of a key no one set, read through its ``TestDependencyKey`` conformance: a
    /// ``DependencyKey`` (reached from generic code) gives what it gives through its own
    /// subscript; a key with no live value gives its test value, and outside a test store says
    /// so on standard error, once per key, as swift-dependencies does.
    private func unsetValue<Key: TestDependencyKey>(_ key: Key.Type) -> Key.Value {
        if let live = Key.self as? any DependencyKey.Type {
            func value<Live: DependencyKey>(_: Live.Type) -> Any { self[Live.self] }
            if let value = value(live) as? Key.Value { return value }
        }
        if testing == nil { MissingLiveValue.report(Key.self) }
        return Key.testValue
    }

    /// The test store's reporter when these are a test store's dependencies, for endpoints
    /// declared with `unimplemented` (see Unimplemented.swift).
    var testReporter: MissingTestValues? { testing }

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

/// A dependency: a type that names a value, with the value used in production, and optionally
/// one for tests.
///
/// An app's own service can be its own key. A test store gives every key its test value unless
/// the test sets another; a key with no test value, read in a test store without being set,
/// fails the test (naming the key and how to set it) and then gives its live value, so that a
/// test never reaches a real server, clock or disk without saying so, as TCA does for a
/// `DependencyKey` with no `testValue`. A key with a test value and no live value is a
/// ``TestDependencyKey``.
///
/// ```swift
/// struct APIClient: DependencyKey, Sendable {
///     var fetch: @Sendable (Int) async throws -> String
///     static let liveValue = APIClient { id in try await download(id) }
///     static let testValue = APIClient { id in "item \(id)" }   // optional
/// }
/// ```
public protocol DependencyKey: TestDependencyKey {
    // Declared again so that a key's `liveValue` alone says what `Value` is, as before.
    associatedtype Value
    /// The value used unless a store is given another.
    static var liveValue: Value { get }
    /// The value a test store uses unless the test sets another. Without one, a test that
    /// reads the key without setting it fails.
    static var testValue: Value { get }
}

/// A dependency with a value for tests and none for the app yet, TCA's `TestDependencyKey`: an
/// interface declared in a module that cannot reach the real service, whose live value an app
/// target gives by setting it in its store's dependencies.
///
/// A test store gives the key its ``testValue`` unless the test sets another. Any other store
/// is given a value; a key that no one set there gives its test value, and the read says so on
/// standard error, once per key, naming it. A ``DependencyKey`` is a `TestDependencyKey` with a
/// live value.
///
/// ```swift
/// struct AudioPlayer: TestDependencyKey, Sendable {
///     var play: @Sendable (String) async throws -> Void
///     static let testValue = AudioPlayer(play: unimplemented("AudioPlayer.play", throwing: ()))
/// }
///
/// let store = Store(model: Player(), dependencies: Dependencies { $0[AudioPlayer.self] = .live })
/// ```
public protocol TestDependencyKey {
    associatedtype Value: Sendable
    /// The value a test store uses unless the test sets another. Without one, a test that
    /// reads the key without setting it fails.
    static var testValue: Value { get }
}

/// The message of a read, outside a test store, of a key without a live value that no one set;
/// reported once per key type, on standard error: a fact about the app's wiring, not about one
/// store.
package enum MissingLiveValue {
    private static let reported = Mutex<Set<ObjectIdentifier>>([])

    /// Prints the message for the key, the first time it is read so.
    static func report<Key: TestDependencyKey>(_ key: Key.Type) {
        guard reported.withLock({ $0.insert(ObjectIdentifier(key)).inserted }) else { return }
        printToStandardError("substate: " + message(for: key))
    }

    package static func message<Key: TestDependencyKey>(for key: Key.Type) -> String {
        let name = typeName(key)
        return
            "\(name) has no live value: it is a TestDependencyKey, and it was read in a store that is not a test store without being set. Set it in the store's dependencies (Store(model: ..., dependencies: Dependencies { $0[\(name).self] = ... })), or make \(name) a DependencyKey with a `static let liveValue`. Its test value is used meanwhile."
    }
}

extension DependencyKey {
    /// No test value: reading the key in a test store without setting it fails the test, then
    /// gives the live value.
    public static var testValue: Value {
        UndeclaredTestValues.note(Self.self)
        return liveValue
    }
}

/// The key types whose `testValue` is the default, which is to say none: a fact about each type,
/// noted the first time its default is read.
enum UndeclaredTestValues {
    private static let types = Mutex<Set<ObjectIdentifier>>([])

    static func note<Key>(_ key: Key.Type) {
        types.withLock { _ = $0.insert(ObjectIdentifier(key)) }
    }

    static func lacks<Key>(_ key: Key.Type) -> Bool {
        types.withLock { $0.contains(ObjectIdentifier(key)) }
    }
}

/// Reports, once per key, the keys a test read without a value for tests.
final class MissingTestValues: Sendable {
    private let reported = Mutex<Set<ObjectIdentifier>>([])
    private let missing: @Sendable (String) -> Void

    init(report: @escaping @Sendable (String) -> Void) {
        missing = report
    }

    /// Reports a failure of the test in a sentence, every time.
    func fail(_ message: String) { missing(message) }

    func report<Key: DependencyKey>(_ key: Key.Type) {
        guard reported.withLock({ $0.insert(ObjectIdentifier(key)).inserted }) else { return }
        let name = typeName(key)
        if let (what, setting) = Self.builtIn[name] {
            missing(
                "\(what) was read in a test store that does not set it: it gave its live value. Set it in the test store's dependencies: TestStore(...) { \(setting) }."
            )
        } else {
            missing(
                "\(name) was read in a test store that does not set it, and \(name) has no test value: it gave its live value. Set it in the test store's dependencies (TestStore(...) { $0[\(name).self] = ... }), or give \(name) a `static let testValue`."
            )
        }
    }

    /// The package's own dependencies, as a test sets them.
    private static let builtIn: [String: (what: String, setting: String)] = [
        "ClockDependency": ("The clock (dependencies.clock)", "$0.clock = TestClock()"),
        "RandomSource": ("The random source (dependencies.random)", "$0.random = .seeded(1)"),
        "UUIDGenerator": ("The UUID generator (dependencies.uuid)", "$0.uuid = .incrementing"),
        "DateGenerator": ("The date (dependencies.date)", "$0.date = .constant(someDate)"),
    ]
}

/// The clock dependency.
enum ClockDependency: DependencyKey {
    static var liveValue: any Clock<Duration> { ContinuousClock() }
}
