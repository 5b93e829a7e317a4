import Substate
import XCTest

/// A model that reacts to one action type only, and says so.
struct Routed: Model, Equatable {
    struct Bump: Action {}
    static var handledActions: [any Action.Type]? { [Bump.self] }
    var bumps = 0
    mutating func update(action: Action) { if action is Bump { bumps += 1 } }
}

/// A model that declares one action type but changes on every action.
struct Liar: Model {
    static var handledActions: [any Action.Type]? { [Routed.Bump.self] }
    var calls = 0
    mutating func update(action: Action) { calls += 1 }
}

@MainActor
final class RoutingTests: XCTestCase {
    func testSubtreesWhoseModelsDoNotReactAreSkipped() async {
        struct Item: Model {
            struct Rename: Action {}
            static var handledActions: [any Action.Type]? { [Rename.self] }
            var renames = 0
            mutating func update(action: Action) { if action is Rename { renames += 1 } }
        }
        struct Catalog: Model {
            static var handledActions: [any Action.Type]? { [] }
            var items = [Item(), Item(), Item()]
            var settings = Routed()
        }
        var diagnostics: [Diagnostic] = []
        let store = Store(model: Catalog()) { diagnostics.append($0) }
        store.update(Routed.Bump())
        store.update(Routed.Bump())
        store.update(Item.Rename())
        XCTAssertEqual(store.find(Routed.self)?.bumps, 2)
        XCTAssertEqual(store.findAll(Item.self).map(\.renames), [1, 1, 1])
        XCTAssertEqual(diagnostics, [], "nothing changed in response to an undeclared action type")
    }

    func testUndeclaredModelsStillReceiveEveryAction() async {
        struct Mixed: Model {
            var routed = Routed()
            var leaf = Leaf(1)
        }
        let store = Store(model: Mixed())
        store.update(Routed.Bump())
        store.update(Tick(ticker: Ticker()))
        XCTAssertEqual(store.find(Leaf.self)?.updates, 3, "Start, Bump and Tick")
        XCTAssertEqual(store.find(Routed.self)?.bumps, 1)
    }

    #if DEBUG
        func testDebugBuildsReportAModelThatChangesOnAnUndeclaredAction() async {
            struct Screen: Model {
                var liar = Liar()
            }
            var diagnostics: [Diagnostic] = []
            let store = Store(model: Screen()) { diagnostics.append($0) }
            store.update(Tick(ticker: Ticker()))
            store.update(Tick(ticker: Ticker()))
            XCTAssertEqual(
                diagnostics.map(\.kind), [.undeclaredAction, .undeclaredAction], "Start and Tick, once each")
            XCTAssertEqual(diagnostics.map(\.member), ["Store.Start", "Tick"])
            XCTAssertEqual(diagnostics.first?.typeName, "Liar")
            XCTAssertEqual(store.find(Liar.self)?.calls, 0, "the check runs on a copy: routing still skipped the model")
        }
    #endif
}
