// swift-format-ignore-file
// The code below is the documentation's, line for line (SnippetCoverageTests), so it keeps
// the documents' layout rather than the formatter's.

import Foundation
import Substate
import SubstateMachine
import SubstateMiddleware
import SubstateReplay
import SubstateTesting
import XCTest

// The snippets of the SubstateMachine, SubstateReplay, SubstateTesting and SubstateMiddleware
// catalogs.

// MARK: StateMachineFeatures.md, SubstateMachine.md

struct Fetcher: StateMachine {
    struct State: Equatable, Sendable {}
    enum Input: Sendable { case start }
    enum IOResult: Sendable { case done }

    enum IOEffect: ComposableIOEffect {
        case fetch(Int)
        case log(String)
        case merge([IOEffect])
        case concat([IOEffect])
    }

    static func reduceInput(_ state: State, _ input: Input) -> Transition {
        return run(.merge(.fetch(1), .log("fetching")))
    }

    static func reduceIOResult(_ state: State, _ ioResult: IOResult) -> Transition { nextState(state) }

    func runIOEffect(_ ioEffect: IOEffect) -> IOResultStream { .single { .done } }
}

@MainActor
enum MachineSnippets {
    struct App: Model {
        var login = MachineNode<Login>(Login.State())
    }

    static func run() {
        let store = Store(model: App(), middleware: [StateMachineRunner(Login(client: .live))])
        store.update(MachineNode<Login>.Input(.didTapLoginButton))
    }

    static func testReduce() {
        let (state, effect) = Login.reduceInput(.init(), .didTapLoginButton)
        XCTAssertEqual(effect, .authenticate("user", "pass"))
        XCTAssertEqual(state?.isLoading, true)
    }
}

// MARK: SubstateTesting.md

@MainActor
enum TestingSnippets {
    static func run() async {
        let store = TestStore(model: MachineNode<Login>(.init()),
                              middleware: [StateMachineRunner(Login(client: .mock))])
        await store.send(MachineNode<Login>.Input(.didTapLoginButton)) { $0.state.isLoading = true }
        await store.receive(MachineNode<Login>.Result.self) { $0.state = .init(user: "user") }
        await store.finish()
    }
}

// MARK: SubstateReplay.md, RecordAndReplay.md

@MainActor
enum ReplaySnippets {
    struct App: Model, Codable, Equatable {
        var count = 0
    }

    static func record() throws -> Store {
        let log = try FileLog(url: sessions.appendingPathComponent("session.jsonl"))
        let store = Store(model: App(), middleware: [ActionRecorder(to: log)])
        // ... later, in a test or a bug report's replay:
        let outcome = try Replay.run(contentsOf: sessionFile, as: App.self)
        XCTAssertNil(outcome.divergence)
        return store
    }

    static func rotating() throws -> Store {
        let log = try FileLog(url: sessionFile, flushEvery: 1, rotateAt: 10_000_000, keepSegments: 20)
        let store = Store(model: App(), middleware: [ActionRecorder(to: log, snapshotEvery: 1_000)])
        return store
    }

    static func replay() throws {
        let log = try ActionLog(contentsOf: sessionFile)
        print(Compatibility(of: log, as: App.self))  // does it replay with today's types?
        let replay = try Replay.run(log, as: App.self)
        XCTAssertNil(replay.divergence)
        let outcome = try Replay.run(contentsOf: sessionFile, as: App.self)
        _ = outcome
    }

    static func travel() throws -> App {
        let replayer = try Replayer(log: try ActionLog(contentsOf: sessionFile), as: App.self)
        try replayer.seek(to: 2_500)  // forward from the initial state
        try replayer.seek(to: 251)  // back, from the state kept at or before 251
        let state = replayer.state        // what the app had after action 251
        return state
    }

    static func replayWithMiddleware(log: ActionLog) throws {
        let replay = try Replay.run(log, as: App.self, middleware: [ActionLogger(), ModelSaver(directory: saves)])
        // the logger prints every replayed action; the saver is left out and writes nothing
        _ = replay
    }
}

// MARK: SavingModels.md

@MainActor
enum SavingSnippets {
    struct Settings: SavedModel, Equatable {
        var theme = "light"
        static var schemaVersion: Int { 2 }
        static func migrate(from version: Int, data: Data) throws -> Settings {  // upgrade older files
            struct V1: Decodable { var dark: Bool }
            return Settings(theme: try JSONDecoder().decode(V1.self, from: data).dark ? "dark" : "light")
        }
    }

    struct App: Model {
        var settings = Settings()
    }

    static func run() async {
        let store = Store(model: App(), middleware: [ModelSaver(directory: appSupport, strategy: .debounced(.seconds(1)))])
        _ = store
    }

    static func inMemory() async {
        let storage = ModelSaver.MemoryStorage()
        let store = Store(model: App(), middleware: [ModelSaver(storage: storage, strategy: .manual)])
        store.update(ModelSaver.Save())
        await store.effects.waitForAll()
        let restarted = Store(model: App(), middleware: [ModelSaver(storage: storage, strategy: .manual)])
        _ = restarted
    }

    struct Onboarding: Model {
        var isShown = false
        mutating func update(action: Action) {
            if let failed = action as? ModelSaver.LoadDidFail, failed.key == Settings.saveKey {
                isShown = failed.reason == .nothingStored
            }
        }
    }

    struct FirstLaunch: Model {
        var settings = Settings()
        var onboarding = Onboarding()
    }

    struct Draft: SavedModel, Equatable {
        var text = ""
    }

    static func registered(_ store: Store) {
        store.update(Store.Register(model: Draft()))   // loaded from its entry now, if one is stored
    }

    static func manual() {
        let store = Store(model: App(), middleware: [ModelSaver(directory: appSupport, strategy: .manual, loading: .manual)])
        store.update(ModelSaver.Load(Settings.self))
        store.update(ModelSaver.Save(Settings.self))
        store.update(ModelSaver.SetStrategy(.debounced(.seconds(1))))
        let strategy = store.find(ModelSaver.Settings.self)?.strategy  // .debounced(1 second)
        _ = strategy
    }
}

/// A saved note list, for the article's test of a debounced save.
struct Notebook: SavedModel, Equatable {
    var notes: [String] = []
    struct Add: Action { let note: String }
    mutating func update(action: Action) {
        if let add = action as? Add { notes.append(add.note) }
    }
}

@MainActor
final class SavingSnippetTests: XCTestCase {
    func testAddingANoteSavesIt() async {
        let clock = TestClock()
        let storage = ModelSaver.MemoryStorage()
        let store = TestStore(model: Notebook(), middleware: [ModelSaver(storage: storage)]) { $0.clock = clock }
        await store.send(Notebook.Add(note: "milk")) { $0.notes = ["milk"] }
        await clock.advance(by: .seconds(1))   // saved now; nothing to receive
        await store.finish()
        XCTAssertNotNil(storage.entries["Notebook"])
    }
}

// MARK: SubstateMiddleware.md, Middleware.md

@MainActor
enum MiddlewareSnippets {
    struct App: Model {
        var cart = Cart()
        var settings = Settings()
    }

    struct Cart: Model { var totalCents = 0 }
    struct Settings: Model { var theme = "light" }

    struct APIClient: DependencyKey, Sendable {
        var fetch: @Sendable (Int) async throws -> String
        static let liveValue = APIClient { "item \($0)" }
    }

    struct Fetched: Action { let item: String }
    enum Login { struct Succeeded: Action { let user: String } }
    enum Profile { struct Load: Action { let user: String } }
    enum Legacy { struct Save: Action {} }
    enum Document { struct Save: Action {} }
    enum Battery { struct Changed: Action { let level: Double } }

    struct Analytics { func send(_ name: String, _ values: [(key: String, value: String)]) {} }
    static let analytics = Analytics()
    nonisolated static var batteryLevels: AsyncStream<Double> { AsyncStream { $0.finish() } }

    struct Query: Action, DebouncedAction {
        let text: String
        var debounce: Debounce { Debounce(.milliseconds(300)) }
    }

    struct Fetch: Action, ExecutableAction {
        let id: Int
        var executionID: EffectID? { "fetch" }
        func execute(dependencies: Dependencies) async throws -> (any Action)? {
            Fetched(item: try await dependencies[APIClient.self].fetch(id))
        }
    }

    struct Checkout: Action, TrackedAction {
        let items: Int
        static var tracking: Tracking<Self> {
            Tracking("checkout").value("items", \.items).model("total", Cart.self, \.totalCents)
        }
    }

    static func overview() throws {
        let store = Store(model: App(), middleware: [
            ActionLogger(filter: true),
            ActionDebouncer(),
            EffectHandler(effects: [Effect(for: Search.Query.self) { query in Search.Loaded(try await api.search(query.text)) }]),
            ModelSaver(directory: appSupport),
            ActionRecorder(to: try FileLog(url: sessionFile)),
        ])
        _ = store
    }

    static func timing(clock: TestClock) {
        let store = Store(model: App(), middleware: [ActionDebouncer(clock: clock)])
        _ = store
    }

    static func executing() {
        let store = Store(model: App(), middleware: [ActionExecutor()])
        _ = store
    }

    static func triggering() {
        let store = Store(model: App(), middleware: [
            ActionTrigger([
                .after(Login.Succeeded.self, dispatch: { succeeded, _ in Profile.Load(user: succeeded.user) }),
                .replacing(Legacy.Save.self, with: { _, _ in Document.Save() }),
            ]),
        ])
        _ = store
    }

    static func tracking() {
        let tracker = ActionTracker { event in analytics.send(event.name, event.values) }
        let store = Store(model: App(), middleware: [
            tracker,
            ValueTracker([.value("theme", of: Settings.self, \.theme)]),
            ActionStream([.sequence({ _ in batteryLevels }, map: { Battery.Changed(level: $0) })]),
        ])
        _ = store
    }
}

// MARK: Middleware.md, "One middleware list, several stores"

struct Tapped: Action {}

final class TapCounter: Middleware {
    final class Taps { var count = 0 }

    func handle(_ action: Action, store: Store, next: Next) {
        if action is Tapped { store.storage(for: self) { Taps() }.count += 1 }
        next(action)
    }
}

// MARK: ComingFromSubstate.md

struct ShopCounter: Model {
    var value = 0
    struct Increment: Action {}
    struct Milestone: Action {}
    mutating func update(action: Action) { if action is Increment { value += 1 } }
}

struct ShopCart: Model {
    struct CheckedOut: Action { let total: Int }
    struct ReceiptSent: Action {}
    var receiptSent = false
    mutating func update(action: Action) { if action is ReceiptSent { receiptSent = true } }
}

struct ShopApp: Model {
    var counter = ShopCounter()
    var cart = ShopCart()
}

struct Receipts: DependencyKey, Sendable {
    var send: @Sendable (Int) async throws -> Void
    static let liveValue = Receipts { _ in }
}

@MainActor
enum ComingFromSubstateSnippets {
    static func run() async -> (Store, ActionPublisher) {
        let publisher = ActionPublisher()
        let store = Store(model: ShopApp(), middleware: [
            ActionTrigger([
                .after(ShopCounter.Increment.self) { _, context in
                    (context.find(ShopCounter.self)?.value ?? 0) % 10 == 0 ? ShopCounter.Milestone() : nil
                },
                .after(ShopCart.CheckedOut.self, perform: { checkout, dependencies in
                    try await dependencies[Receipts.self].send(checkout.total)
                    return ShopCart.ReceiptSent()
                }),
            ]),
            publisher,
        ])
        return (store, publisher)
    }
}

/// The library catalogs' snippets that need no files do what they say.
@MainActor
final class LibraryCatalogSnippetTests: XCTestCase {
    func testTheSnippetsRun() async {
        MachineSnippets.testReduce()
        await TestingSnippets.run()
        MachineSnippets.run()
        MiddlewareSnippets.executing()
        MiddlewareSnippets.triggering()
        MiddlewareSnippets.tracking()
        MiddlewareSnippets.timing(clock: TestClock())
        await SavingSnippets.inMemory()
    }

    func testTheOnboardingShowsOnAFirstLaunchOnly() async {
        let storage = ModelSaver.MemoryStorage()
        let first = Store(model: SavingSnippets.FirstLaunch(), middleware: [ModelSaver(storage: storage, strategy: .manual)])
        XCTAssertEqual(first.find(SavingSnippets.Onboarding.self)?.isShown, true)
        first.update(ModelSaver.SaveAll())
        await first.effects.waitForAll()
        let second = Store(model: SavingSnippets.FirstLaunch(), middleware: [ModelSaver(storage: storage, strategy: .manual)])
        XCTAssertEqual(second.find(SavingSnippets.Onboarding.self)?.isShown, false)
    }

    func testStorageIsKeptPerStore() async {
        let counter = TapCounter()
        let one = Store(model: ShopApp(), middleware: [counter])
        let two = Store(model: ShopApp(), middleware: [counter])
        one.update(Tapped())
        one.update(Tapped())
        two.update(Tapped())
        XCTAssertEqual(one.storage(for: counter) { TapCounter.Taps() }.count, 2)
        XCTAssertEqual(two.storage(for: counter) { TapCounter.Taps() }.count, 1)
    }

    func testTheOriginalsSubscriptionsAsTriggerRules() async {
        let (store, _) = await ComingFromSubstateSnippets.run()
        for _ in 0..<10 { store.update(ShopCounter.Increment()) }
        store.update(ShopCart.CheckedOut(total: 5))
        await store.effects.waitForAll()
        XCTAssertEqual(store.find(ShopCart.self)?.receiptSent, true)
    }
}
