// swift-format-ignore-file
// The code below is the README's, line for line (SnippetCoverageTests in GuideTests), so it
// keeps the README's layout rather than the formatter's. Each section's own types sit in an
// enum named after the section where their names would clash.

import Foundation
import Substate
import SubstateMachine
import SubstateMiddleware
import SubstateReplay
import SubstateTesting
import XCTest

// MARK: Quick start

struct Counter {
    var value = 0
    var subCounter = SubCounter()
}

extension Counter {
    struct Increment: Action {}
    struct Reset: Action { let to: Int }
}

extension Counter: State {   // `State` is another name for `Model`
    mutating func update(action: Action) {
        switch action {
        case is Increment: value += 1
        case let reset as Reset: value = reset.to
        default: ()
        }
    }
}

struct SubCounter: Model {
    var value = 0
    struct Increment: Action {}
    mutating func update(action: Action) {
        if action is Increment { value += 1 }
    }
}

@MainActor func demo() {
    let store = Store(model: Counter(), middleware: [])
    store.update(Counter.Increment())
    store.update(SubCounter.Increment())
    print(store.find(Counter.self)?.value ?? 0)      // 1
    print(store.find(SubCounter.self)?.value ?? 0)   // 1
}

struct Tracker<Screen>: State { var clicks = 0 }
struct NewsScreen: State { var tracker = Tracker<NewsScreen>() }
struct ProductsScreen: State { var tracker = Tracker<ProductsScreen>() }

@MainActor func trackers(store: Store) -> Int? {
    let newsClicks = store.find(Tracker<NewsScreen>.self)?.clicks
    return newsClicks
}

// MARK: The tree rules

enum TreeRules {
    struct Detail: Model {}
    struct Settings: Model {}
    struct ListScreen: Model {}
    struct ItemScreen: Model {}

  enum Destination { case detail(Detail), settings(Settings) }
  enum Path { case list(ListScreen), item(id: Int, ItemScreen) }

  struct App: Model {
      var destination: Destination?   // models in enums receive every action,
      var path: [Path] = []           // and find, findAll, Replace and Restore reach them
  }
}

extension TreeRules.Destination: Sendable {}
extension TreeRules.Path: Sendable {}

// MARK: Routing

extension Counter {
    static var handledActions: [any Action.Type]? { [Increment.self, Reset.self] }
}

// MARK: Middleware

enum MiddlewareSection {
    struct Settings: Model { var isLocked = false }
    struct App: Model {
        var counter = Counter()
        var settings = Settings()
    }

    struct ResetGuard: Middleware {
        func handle(_ action: Action, store: Store, next: Next) {
            if action is Counter.Reset, store.find(Settings.self)?.isLocked == true { return }  // swallow
            let before = store.find(Counter.self)?.value
            next(action)                                                                       // the rest of the pipeline, then the tree
            print("counter:", before ?? 0, "->", store.find(Counter.self)?.value ?? 0)
        }
    }

    @MainActor static func run() -> Store {
        let store = Store(model: App(), middleware: [ResetGuard()])
        return store
    }
}

// MARK: The app of the middleware sections

/// The tree most sections dispatch into.
struct App: Model {
    var login = MachineNode<Login>(Login.State())
    var downloads = ["a", "b"].map { MachineNode<Download>(.init(), id: NodeID($0)) }   // one id each
    var banner = ""

    mutating func update(action: Action) {                 // a parent observes its child
        if let result = action as? MachineNode<Login>.Result, case .authenticated(let user?) = result.ioResult {
            banner = "Welcome, \(user)"
        }
    }
}

extension App: Codable, Equatable {}
extension Counter: Codable, Equatable {}
extension SubCounter: Codable, Equatable {}

struct Settings: SavedModel, Equatable {
    var theme = "light"
    var fontSize = 12
    static var schemaVersion: Int { 2 }
    static func migrate(from version: Int, data: Data) throws -> Settings {   // upgrade older files
        struct V1: Decodable { var dark: Bool }
        return Settings(theme: try JSONDecoder().decode(V1.self, from: data).dark ? "dark" : "light")
    }
}

extension Settings: PublishedModel {}

struct TodoList: Model {
    var titles: [String] = []
}

@MainActor
enum BuiltInMiddleware {
    static func logging() {
        let store = Store(model: Counter(), middleware: [ActionLogger(), ModelLogger(diff: true)])
        store.update(Counter.Reset(to: 100))
    }

    struct Query: Action, DebouncedAction {
        let field: String
        let text: String
        var debounce: Debounce { Debounce(.milliseconds(300), key: field) }  // one burst per field
    }

    struct Scrolled: Action, ThrottledAction {
        let offset: Double
        var throttle: Throttle { Throttle(.milliseconds(100), leading: true, trailing: true, latest: true) }
    }

    static func timing() {
        let store = Store(model: App(), middleware: [ActionDebouncer(), ActionThrottler(), ActionDelayer()])
        _ = store
    }

    static func timer() {
        let timer = ActionTimer()
        let store = Store(model: App(), middleware: [timer])
        let mean = timer.statistics["Counter.Increment"]?.mean   // count, min, max, mean, last
        _ = (store, mean)
    }

    static func apply(_ settings: Settings) {}

    static func order() -> [[any Middleware]] {
let everyKeystroke: [any Middleware] = [ActionLogger(), ActionDebouncer()]   // logs "s", "sw", "swi"
let settledQueries: [any Middleware] = [ActionDebouncer(), ActionLogger()]   // logs "swi"
        return [everyKeystroke, settledQueries]
    }

    static func publishers() {
        let actions = ActionPublisher(), models = ModelPublisher()
        let store = Store(model: App(), middleware: [actions, models])
        Task { for await settings in models.values(of: Settings.self) { apply(settings) } }
        _ = store
    }

    struct AddTodo: Action, UndoableAction {
        let title: String
        static var undoableModels: [any Model.Type] { [TodoList.self] }
        // var undoContext: String { "list" }   // separate histories, e.g. a text editor and a list
    }

    static func undo() {
        let store = Store(model: App(), middleware: [ActionUndoer(limit: 50)])
        store.update(AddTodo(title: "Write docs"))
        store.update(Undo())
        store.update(Redo(context: "default"))
    }

    struct APIClient: DependencyKey, Sendable {
        var fetch: @Sendable (Int) async throws -> String
        static let liveValue = APIClient { "item \($0)" }
    }

    struct Fetched: Action { let item: String }
    struct FetchFailed: Action { let message: String }

    struct Fetch: Action, ExecutableAction {
        let id: Int
        var executionID: EffectID? { "fetch" }
        var cancelsInFlight: Bool { true }
        func execute(dependencies: Dependencies) async throws -> (any Action)? {
            Fetched(item: try await dependencies[APIClient.self].fetch(id))
        }
        func failure(_ error: any Error) -> (any Action)? { FetchFailed(message: "\(error)") }
    }

    static func executor() {
        let store = Store(model: App(), middleware: [ActionExecutor()])
        _ = store
    }
}

/// The names the trigger, tracker and stream sections use.
enum Triggers {
    enum Login { struct Succeeded: Action { let user: String } }
    enum Profile { struct Load: Action { let user: String } }
    struct Cart: Model {
        var items: [String] = []
        var totalCents = 0
        struct Add: Action {}
        struct Clear: Action {}
    }
    enum Tips {
        enum Tip { case firstItem }
        struct Show: Action {
            let tip: Tip
            init(_ tip: Tip) { self.tip = tip }
        }
    }
    enum Legacy { struct Save: Action {} }
    enum Document { struct Save: Action {} }
    enum Search {
        struct Submit: Action { let text: String }
        struct Loaded: Action { let results: [String] }
    }
    struct SearchAPI: DependencyKey, Sendable {
        var search: @Sendable (String) async throws -> [String]
        static let liveValue = SearchAPI { [$0] }
    }
    struct Settings: Model { var theme = "light" }
    struct Session: Model { var user: String? = nil }
    struct Battery: DependencyKey, Sendable {
        struct Changed: Action { let level: Double }
        var levels: AsyncStream<Double> { AsyncStream { $0.finish() } }
        static let liveValue = Battery()
    }
    struct Analytics { func send(_ name: String, _ values: [(key: String, value: String)]) {} }
    static let analytics = Analytics()
    struct App: Model {
        var cart = Cart()
        var settings = Settings()
        var session = Session()
    }

    @MainActor static func trigger() -> ActionTrigger {
        let triggers = ActionTrigger([
            .after(Login.Succeeded.self, dispatch: { succeeded, _ in Profile.Load(user: succeeded.user) }),
            .after(Cart.Add.self, if: { _, tree in tree.find(Cart.self)?.items.count == 1 },
                   dispatch: { _, _ in Tips.Show(.firstItem) }),                  // only when a condition holds
            .replacing(Legacy.Save.self, with: { _, _ in Document.Save() }),     // instead of the original
            .after(Search.Submit.self, perform: { submit, dependencies in         // async work, its result dispatched
                Search.Loaded(results: try await dependencies[SearchAPI.self].search(submit.text))
            }),
        ])
        return triggers
    }

    struct Checkout: Action, TrackedAction {
        let items: Int
        static var tracking: Tracking<Self> {
            Tracking("checkout").value("items", \.items).constant("screen", "cart").model("total", Cart.self, \.totalCents)
        }
    }

    @MainActor static func track() async {
        let tracker = ActionTracker { event in analytics.send(event.name, event.values) }
        let store = Store(model: App(), middleware: [tracker, ValueTracker([.value("theme", of: Settings.self, \.theme)])])
        for await event in tracker.events() { print(event) }   // checkout items=3 screen=cart total=1250
        _ = store
    }

    @MainActor static func stream() -> ActionStream {
        let sources = ActionStream([
            .sequence({ dependencies in dependencies[Battery.self].levels }, map: { Battery.Changed(level: $0) }),
            .changes(of: Session.self, \.user, map: { user in user == nil ? Cart.Clear() : nil }),
        ])
        return sources
    }
}

// MARK: Persistence, record and replay

@MainActor
enum Persistence {
    static let appSupport = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID())")
    static let sessions = appSupport.appendingPathComponent("sessions")
    static let appMiddleware: [any Middleware] = [ActionLogger()]

    static func saver() {
        let store = Store(model: App(), middleware: [
            ModelSaver(directory: appSupport, strategy: .debounced(.seconds(1))),  // .manual, .periodic, .throttled
        ])
        // or, as the Substate document writes it: ModelSaver(path: appSupport, throttle: 2)
        _ = store
    }

    static func recorder() throws {
        let log = try FileLog(url: sessions.appendingPathComponent("session.jsonl"), flushEvery: 1, rotateAt: 10_000_000)
        let store = Store(model: App(), middleware: [ActionRecorder(to: log, digestEvery: 100, snapshotEvery: 1_000)])
        _ = store
    }

    static func replay(log: ActionLog) throws {
        let replay = try Replay.run(log, as: App.self, middleware: appMiddleware)  // loggers print the session again
        _ = replay
    }
}

struct Cart: Model, Codable, Equatable { var items: [String] = [] }

extension Bundle {
    /// The README's replay test reads its log from the test target's resources.
    static var module: Bundle { .main }
}

@MainActor
struct ReadmeReplayTest {
func testRecordedSessionReplays() async throws {
    let log = try ActionLog(contentsOf: Bundle.module.url(forResource: "bug-1234", withExtension: "jsonl")!)
    let replay = try Replay.run(log, as: App.self)
    XCTAssertNil(replay.divergence, "\(replay.divergence!)")
    XCTAssertEqual(replay.store.find(Cart.self)?.items.count, 3)
}
}

// MARK: Effects

struct SearchAPI: Sendable {
    func search(_ text: String) async throws -> [String] { [text] }
}

let api = SearchAPI()

enum Search {
    struct Query: Action, DebouncedAction {
        let text: String
        var debounce: Debounce { Debounce(.milliseconds(300)) }
    }
    struct Loaded: Action {
        let results: [String]
        init(_ results: [String]) { self.results = results }
    }
    struct Failed: Action {
        let message: String
        init(_ message: String) { self.message = message }
    }
}

enum Analytics { struct Event: Action {} }
struct AnalyticsLog: Sendable { func log(_ event: Analytics.Event) async {} }
let analytics = AnalyticsLog()
enum Ticker {
    struct Start: Action {}
    struct Tick: Action {}
    struct Stop: Action {}
}
let ticks = AsyncStream<Void> { $0.finish() }

@MainActor
enum EffectsSection {
    static func runtime(store: Store, query: String) async {
store.effects.run(id: "search", cancelInFlight: true, catch: { Search.Failed("\($0)") }) { send in
    let results = try await api.search(query)   // cancelled if a newer "search" starts
    await send(Search.Loaded(results))          // none, one, or a stream of actions
}

store.update(Store.CancelEffects(id: "search")) // an action cancels by id
await store.effects.waitForAll()                // tests and command-line tools wait for the work
    }

    static func handler() {
let store = Store(model: App(), middleware: [
    ActionDebouncer(),   // Search.Query is a DebouncedAction
    EffectHandler(effects: [
        // search-as-you-type: one request per debounced query, the previous one cancelled
        Effect(for: Search.Query.self, id: "search", cancelInFlight: true) { query in
            Search.Loaded(try await api.search(query.text))
        },
        // fire-and-forget
        Effect(for: Analytics.Event.self) { event, _ in await analytics.log(event) },
        // a subscription, started by one action and stopped by another
        Effect(for: Ticker.Start.self, id: "ticker") { _, send in
            for await _ in ticks { await send(Ticker.Tick()) }
        },
        Effect.cancel(id: "ticker", on: Ticker.Stop.self),
        // an effect that reads state
        Effect(model: Counter.self, action: Counter.Increment.self) { counter, _ in
            counter.value >= 10 ? Counter.Reset(to: 0) : nil
        },
    ]),
])
        _ = store
    }
}

enum Numbers {
    struct Fetch: Action {}
    struct FetchDidSucceed: Action { let number: Int }
    struct FetchDidFail: Action { let error: any Error }
}

enum NumberFetcherError: Error { case test }

final class FixedNumberFetcher: Service {
    func handle(action: Action, send: Send) async {
        if action is Numbers.Fetch { await send(Numbers.FetchDidSucceed(number: 10)) }
    }
}

final class FailingNumberFetcher: Service {
    var handledActions: [any Action.Type]? { [Numbers.Fetch.self] }   // only these start an effect
    func handle(action: Action, send: Send) async throws { throw NumberFetcherError.test }
    func failure(for error: any Error, action: Action) -> (any Action)? { Numbers.FetchDidFail(error: error) }
}

@MainActor
enum ServicesSection {
    static func run() {
let app = Store(model: Counter(), middleware: [FixedNumberFetcher()])
let failing = Store(model: Counter(), middleware: [FailingNumberFetcher()])
        _ = (app, failing)
    }
}

// MARK: StateMachine features

struct AuthClient: Sendable {
    var authenticate: @Sendable (String, String) async -> String?
    init(authenticate: @escaping @Sendable (String, String) async -> String?) { self.authenticate = authenticate }
    static let live = AuthClient { name, _ in name }
}

struct Login: StateMachine {
    struct State: Equatable, Sendable { var isLoading = false; var user: String? }
    enum Input: Sendable { case didTapLoginButton }
    enum IOEffect: Equatable, Sendable { case authenticate(String, String) }
    enum IOResult: Sendable { case authenticated(String?) }

    let client: AuthClient                     // a dependency: a stored property

    static func reduceInput(_ state: State, _ input: Input) -> Transition {
        switch input {
        case .didTapLoginButton: transition(State(isLoading: true), .authenticate("user", "pass"))
        }
    }

    static func reduceIOResult(_ state: State, _ ioResult: IOResult) -> Transition {
        switch ioResult {
        case .authenticated(let user): nextState(State(isLoading: false, user: user))
        }
    }

    func runIOEffect(_ ioEffect: IOEffect) -> IOResultStream {
        switch ioEffect {
        case .authenticate(let name, let password): .single { .authenticated(await client.authenticate(name, password)) }
        }
    }
}

extension Login.State: Codable {}
extension Login.Input: Codable {}
extension Login.IOResult: Codable {}

struct Download: StateMachine {
    struct State: Equatable, Sendable, Codable { var done = false }
    enum Input: Sendable, Codable { case start }
    enum IOEffect: Equatable, Sendable { case fetch }
    enum IOResult: Sendable, Codable { case finished }
    static func reduceInput(_ state: State, _ input: Input) -> Transition { run(.fetch) }
    static func reduceIOResult(_ state: State, _ ioResult: IOResult) -> Transition { nextState(State(done: true)) }
    func runIOEffect(_ ioEffect: IOEffect) -> IOResultStream { .single { .finished } }
}

@MainActor
enum MachinesSection {
    static func run() {
let store = Store(model: App(), middleware: [StateMachineRunner(Login(client: .live)), StateMachineRunner(Download())])
store.update(MachineNode<Login>.Input(.didTapLoginButton))          // every Login node
store.update(MachineNode<Download>.Input(.start, to: "b"))          // one instance
    }

    static func direct() async {
let store = Store(model: MachineNode<Login>(.init()),
                  middleware: [StateMachineRunner(Login(client: AuthClient { name, _ in name }))])
store.update(MachineNode<Login>.Input(.didTapLoginButton))
await store.effects.waitForAll()
XCTAssertEqual(store.find(MachineNode<Login>.self)?.state.user, "user")
    }
}

struct Composed: StateMachine {
    struct State: Equatable, Sendable {}
    enum Input: Sendable { case refresh, save }
    enum IOResult: Sendable { case done }

enum IOEffect: ComposableIOEffect {
    case fetch(Int)
    case log(String)
    case merge([IOEffect])     // by hand, in place of @ComposableEffect
    case concat([IOEffect])
}

    static func reduceInput(_ state: State, _ input: Input) -> Transition {
        switch input {
case .refresh: run(.merge(.fetch(1), .log("fetching")))        // in parallel
case .save: run(.concat(.log("step 1"), .log("step 2")))       // in order; compositions nest
        }
    }

    static func reduceIOResult(_ state: State, _ ioResult: IOResult) -> Transition { nextState(state) }
    func runIOEffect(_ ioEffect: IOEffect) -> IOResultStream { .single { .done } }
}

@MainActor
struct MachineReduceTest {
func testLoginInput() {
    let (state, effect) = Login.reduceInput(.init(), .didTapLoginButton)
    XCTAssertEqual(state?.isLoading, true)
    XCTAssertEqual(effect, .authenticate("user", "pass"))
}
}

// MARK: Observation and streams

@MainActor
enum StreamsSection {
    static func run(store: Store) async {
for await counter in store.values(of: Counter.self) { print(counter.value) }  // current value, then each change
for await action in store.actions() { print("reduced", action) }              // every reduced action
    }
}

// MARK: Testing

@MainActor
final class CounterTests: XCTestCase {
    func testCounter() async throws {
        let store = Store(model: Counter())
        XCTAssertEqual(store.find(Counter.self)?.value, 0)

        store.update(Counter.Increment())
        XCTAssertEqual(store.find(Counter.self)?.value, 1)

        store.update(SubCounter.Increment())
        XCTAssertEqual(store.find(SubCounter.self)?.value, 1)
    }
}

@MainActor
final class LoginTests: XCTestCase {
    func testLoginFlow() async {
        let store = TestStore(
            model: MachineNode<Login>(.init()),
            middleware: [StateMachineRunner(Login(client: AuthClient { name, _ in "mock \(name)" }))])

        await store.send(MachineNode<Login>.Input(.didTapLoginButton)) {
            $0.state.isLoading = true
        }
        await store.receive(MachineNode<Login>.Result.self) {
            $0.state.isLoading = false
            $0.state.user = "mock user"
        }
        await store.finish()
    }
}

enum Lookup {
    struct Screen: Model, Equatable {
        var results: [String] = []
        mutating func update(action: Action) {
            if let loaded = action as? Loaded { results = loaded.results }
        }
    }
    struct Query: Action, DebouncedAction {
        let text: String
        var debounce: Debounce { Debounce(.milliseconds(300)) }
    }
    struct Loaded: Action { let results: [String] }
    static let effects = [Effect(for: Query.self) { query in Loaded(results: ["substate"].filter { $0.hasPrefix(query.text) }) }]
}

@MainActor
final class LookupTests: XCTestCase {
    func testTheDebouncedQueryLoadsOnce() async {
let clock = TestClock()
let store = TestStore(model: Lookup.Screen(), middleware: [ActionDebouncer(clock: clock), EffectHandler(effects: Lookup.effects)])
await store.send(Lookup.Query(text: "s"))
await store.send(Lookup.Query(text: "su"))
await clock.advance(by: .milliseconds(300))
await store.receive(Lookup.Query.self)                                // the debounced query
await store.receive(Lookup.Loaded.self) { $0.results = ["substate"] } // the effect's answer
await store.finish()
    }
}
