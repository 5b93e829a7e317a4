// swift-format-ignore-file
// The code below is the documentation's, line for line (SnippetCoverageTests), so it keeps
// the documents' layout rather than the formatter's.

import Substate
import XCTest

// The snippets of the Substate catalog (Sources/Substate/Documentation.docc).

// MARK: GettingStarted.md

struct Counter {
    var value = 0
    var subCounter = SubCounter()
}

extension Counter {
    struct Increment: Action {}
    struct Reset: Action { let to: Int }
}

struct SubCounter: Model {  // a model inside a model: found and updated the same way
    var value = 0
    struct Increment: Action {}

    mutating func update(action: Action) {
        if action is Increment { value += 1 }
    }
}

extension Counter: State {  // State is another name for Model
    mutating func update(action: Action) {
        switch action {
        case is Increment: value += 1
        case let reset as Reset: value = reset.to
        default: ()
        }
    }
}

struct Narrator: Middleware {
    func handle(_ action: Action, store: Store, next: Next) {
        let before = store.find(Counter.self)?.value
        next(action)
        print(action, before ?? 0, "→", store.find(Counter.self)?.value ?? 0)
    }
}

extension Narrator {
    var runsDuringReplay: Bool { true }
}

@MainActor
enum GettingStartedSnippets {
    static func firstStore() -> (Int?, Int?) {
        let store = Store(model: Counter(), middleware: [])
        store.update(Counter.Increment())
        let value = store.find(Counter.self)?.value  // 1
        let nested = store.find(SubCounter.self)?.value  // a nested model, found by its type
        return (value, nested)
    }

    static func withMiddleware() -> Store {
        let store = Store(model: Counter(), middleware: [Narrator()])
        return store
    }
}

// MARK: Substate.md

@MainActor
enum OverviewSnippets {
    struct Counter: Model {
        var value = 0
        struct Increment: Action {}
        mutating func update(action: Action) {
            if action is Increment { value += 1 }
        }
    }

    static func run() -> Int? {
        let store = Store(model: Counter())
        store.update(Counter.Increment())
        let value = store.find(Counter.self)?.value  // 1
        return value
    }
}

// MARK: TheModelTree.md

@MainActor
enum ModelTreeSnippets {
    struct Detail: Model {}
    struct Settings: Model {}
    struct ListScreen: Model {}
    struct ItemScreen: Model {}
    struct Profile: Model {}
    struct Todo: Identifiable { let id: Int }
    protocol Resettable {}

    enum Destination { case detail(Detail), settings(Settings) }
    enum Path { case list(ListScreen), item(id: Todo.ID, ItemScreen) }

    struct App: Model {
        var destination: Destination?  // a sheet, or nothing
        var path: [Path] = []  // a navigation stack
        var result: Result<Profile, Never> = .success(Profile())
    }

    struct Tracker<Screen>: State { var clicks = 0 }
    struct NewsScreen: State { var tracker = Tracker<NewsScreen>() }

    static func run() -> Int {
        let store = Store(model: App())
        let item = store.find(ItemScreen.self)  // the item screen on the stack, if there is one
        let clicks = store.find(Tracker<NewsScreen>.self)?.clicks
        let resettable = store.findAll((any Resettable).self)  // every model that adopts a protocol
        return (item == nil ? 0 : 1) + (clicks ?? 0) + resettable.count
    }
}

extension ModelTreeSnippets.Destination: Sendable {}
extension ModelTreeSnippets.Path: Sendable {}

// MARK: RunningEffects.md

@MainActor
enum RunningEffectsSnippets {
    static func run(store: Store, query: String) async {
        store.effects.run(id: "search", cancelInFlight: true, catch: { Search.Failed("\($0)") }) { send in
            let results = try await api.search(query)
            await send(Search.Loaded(results))
        }
        store.update(Store.CancelEffects(id: "search"))
        await store.effects.waitForAll()
    }
}

// MARK: ComingFromTCA.md

@MainActor
enum ComingFromTCASnippets {
    struct FileList: Model {
        var files: [FileCell] = []  // every FileCell receives every action
        var detail: Detail?  // updated while present
        var isLoading = false

        struct RefreshTapped: Action {}

        mutating func update(action: Action) {
            if action is RefreshTapped { isLoading = true }
        }
    }

    struct FileCell: Model, Identifiable {
        let id: Int
        var isSelected = false
        struct Toggle: Action { let id: Int }

        mutating func update(action: Action) {
            if let toggle = action as? Toggle, toggle.id == id { isSelected.toggle() }
        }
    }

    struct Detail: Model {
        var name = ""
        struct Rename: Action { let name: String }

        mutating func update(action: Action) {
            if let rename = action as? Rename { name = rename.name }
        }
    }

    struct Login: Model {
        var user: String?
        struct SignedOut: Action {}

        mutating func update(action: Action) {
            if action is SignedOut { user = nil }
        }
    }

    struct AppRoot: Model {
        enum Route: Equatable { case welcome, home }
        var login = Login()
        var route = Route.home

        mutating func update(action: Action) {
            if action is Login.SignedOut { route = .welcome }  // the child signed out first
        }
    }
}

/// The catalog's snippets do what their comments say.
@MainActor
final class SubstateCatalogSnippetTests: XCTestCase {
    func testTheSnippetsRun() async {
        let (value, nested) = GettingStartedSnippets.firstStore()
        XCTAssertEqual(value, 1)
        XCTAssertEqual(nested, 0)
        XCTAssertEqual(OverviewSnippets.run(), 1)
        XCTAssertEqual(ModelTreeSnippets.run(), 0)
        let store = GettingStartedSnippets.withMiddleware()
        store.update(Counter.Reset(to: 3))
        XCTAssertEqual(store.find(Counter.self)?.value, 3)
        await RunningEffectsSnippets.run(store: store, query: "q")
    }
}
