import Synchronization
import XCTest

@testable import Substate

/// Which models were given which actions, kept outside the models so that counting deliveries
/// changes no state (a routing that skips a model which would change is a diagnostic).
private let deliveries = Mutex<[String]>([])

private func delivered(_ model: String, _ action: any Action) {
    let name = "\(model) \(type(of: action))"
    deliveries.withLock { $0.append(name) }
}

/// Dispatches an action once unwatched, so that a debug build's check of each action type's
/// first dispatch (which gives it to the skipped models too, on a copy) is behind, then again.
@MainActor
private func updateTwice(_ store: Store, _ action: any Action) {
    store.update(action)
    _ = takeDeliveries()
    store.update(action)
}

/// The deliveries since the last call, in order.
private func takeDeliveries() -> [String] {
    deliveries.withLock { list in
        defer { list = [] }
        return list
    }
}

/// A row that takes only the actions that belong to it, and counts every update it is given.
private struct Row: Model, Identifiable, Equatable {
    static let routing = ActionRouting.nestedActions
    let id: Int
    var isDone = false
    struct Toggle: Action { let id: Int }

    mutating func update(action: Action) {
        delivered("Row\(id)", action)
        if let toggle = action as? Toggle, toggle.id == id { isDone.toggle() }
    }
}

/// An action that belongs to a model type through a generic argument, as `BindingAction<Row>`.
private struct Poke<Target: Model>: Action {}

/// A list of rows that sees its rows' actions, as a TCA parent reducer does.
private struct RowList: Model, Equatable {
    static let routing = ActionRouting.nestedActions
    var rows = (0..<5).map { Row(id: $0) }
    var filter = ""
    var doneCount = 0
    struct SetFilter: Action { let text: String }

    mutating func update(action: Action) {
        delivered("RowList", action)
        if let set = action as? SetFilter { filter = set.text }
        doneCount = rows.filter(\.isDone).count
    }
}

/// An app action declared in no model: it reaches only the models that list it.
private struct SignedOut: Action {}

/// A screen that lists one action declared elsewhere.
private struct Session: Model, Equatable {
    static let routing = ActionRouting.nestedActions(plus: [SignedOut.self])
    var list = RowList()
    var isSignedIn = true
    mutating func update(action: Action) { if action is SignedOut { isSignedIn = false } }
}

/// A row that forgets to route an action it reacts to.
private struct Forgetful: Model, Equatable {
    static let routing = ActionRouting.nestedActions
    var signedOut = false
    mutating func update(action: Action) { if action is SignedOut { signedOut = true } }
}

@MainActor
final class NestedRoutingTests: XCTestCase {
    func testAnActionOnlyTheParentHandlesSkipsEveryRow() async {
        let store = Store(model: RowList())
        updateTwice(store, RowList.SetFilter(text: "milk"))
        XCTAssertEqual(store.find(RowList.self)!.filter, "milk")
        XCTAssertEqual(takeDeliveries(), ["RowList SetFilter"], "no row was given the parent's action")
    }

    func testARowsActionReachesEveryRowAndTheParentAfterThem() async {
        let store = Store(model: RowList())
        updateTwice(store, Row.Toggle(id: 3))
        let list = store.find(RowList.self)!
        XCTAssertEqual(list.rows.map(\.isDone), [false, false, false, false, false], "toggled twice")
        XCTAssertEqual(takeDeliveries(), (0..<5).map { "Row\($0) Toggle" } + ["RowList Toggle"])
        store.update(Row.Toggle(id: 3))
        XCTAssertEqual(store.find(RowList.self)!.doneCount, 1, "the parent ran after its children, and sees the row")
    }

    func testAGenericArgumentNamesTheModelTheActionBelongsTo() async {
        let store = Store(model: RowList())
        updateTwice(store, Poke<Row>())
        XCTAssertEqual(takeDeliveries(), (0..<5).map { "Row\($0) Poke<Row>" } + ["RowList Poke<Row>"])
        updateTwice(store, Poke<Session>())
        XCTAssertEqual(takeDeliveries(), [], "Session is neither a row nor a list, nor below one")
    }

    func testAListedActionReachesItsModelAndNothingElse() async {
        var diagnostics: [Diagnostic] = []
        let store = Store(model: Session()) { diagnostics.append($0) }
        updateTwice(store, SignedOut())
        XCTAssertEqual(store.find(Session.self)?.isSignedIn, false)
        XCTAssertEqual(takeDeliveries(), [])
        XCTAssertEqual(diagnostics, [])
    }

    func testARoutedTreeWalkedForObserversTakesTheSameActions() async {
        let store = Store(model: RowList())
        store.recordChanges()
        updateTwice(store, RowList.SetFilter(text: "a"))
        XCTAssertEqual(takeDeliveries(), ["RowList SetFilter"])
        updateTwice(store, Row.Toggle(id: 0))
        XCTAssertEqual(takeDeliveries(), (0..<5).map { "Row\($0) Toggle" } + ["RowList Toggle"])
        XCTAssertEqual(store.changes.map { "\(type(of: $0.after!))" }, ["Row", "RowList"])
    }

    func testTheOwnersOfAnActionTypeAreItsEnclosingTypesAndGenericArguments() {
        XCTAssertEqual(
            ActionOwners.ownerNames(of: "App.ScreenStack<App.Detail>.Push"),
            ["App", "App.ScreenStack<App.Detail>", "App.Detail"])
        XCTAssertEqual(
            ActionOwners.ownerNames(of: "Substate.BindingAction<App.Todo>"), ["Substate", "App.Todo", "App"])
        XCTAssertEqual(
            ActionOwners.ownerNames(of: "App.Pair<App.A, Swift.Optional<App.B.C>>"),
            ["App", "App.A", "Swift.Optional<App.B.C>", "Swift", "App.B.C", "App.B"])
        XCTAssertEqual(ActionOwners.ownerNames(of: "Plain"), [])
    }

    #if DEBUG
        func testDebugBuildsNameTheModelTheActionAndTheFieldARoutingMisses() async {
            struct Screen: Model { var forgetful = Forgetful() }
            var diagnostics: [Diagnostic] = []
            let store = Store(model: Screen()) { diagnostics.append($0) }
            store.update(SignedOut())
            store.update(SignedOut())
            XCTAssertEqual(diagnostics.count, 1, "once")
            XCTAssertEqual(diagnostics.first?.kind, .undeclaredAction)
            XCTAssertEqual(diagnostics.first?.typeName, "Forgetful")
            XCTAssertEqual(diagnostics.first?.member, "SignedOut")
            XCTAssertEqual(
                diagnostics.first?.message,
                "Forgetful.signedOut changed in response to SignedOut, which Forgetful's routing does not deliver to it, so that change is lost. Declare SignedOut inside Forgetful or a model below it, or list it: ActionRouting.nestedActions(plus: [SignedOut.self])."
            )
            XCTAssertEqual(store.find(Forgetful.self)?.signedOut, false, "the check ran on a copy")
        }
    #endif

    func testAStoreThatChecksEveryActionReportsAMissInEveryBuild() async {
        struct Screen: Model { var forgetful = Forgetful() }
        var diagnostics: [Diagnostic] = []
        let store = Store(model: Screen()) { diagnostics.append($0) }
        store.checksRoutingOfEveryAction = true
        // Release builds check nothing unless asked; test stores ask.
        store.update(SignedOut())
        XCTAssertEqual(diagnostics.map(\.typeName), ["Forgetful"])
        XCTAssertEqual(diagnostics.map(\.member), ["SignedOut"])
    }
}
