import Substate
import XCTest

@MainActor
final class DiagnosticTests: XCTestCase {
    private var received: [Diagnostic] = []

    private func store<M: Model>(_ model: M, middleware: [any Middleware] = []) -> Store {
        Store(model: model, middleware: middleware) { [weak self] in self?.received.append($0) }
    }

    func testLetFieldHoldingModelsIsReportedOnceByTypeAndField() async {
        struct Frozen: Model {
            let leaf = Leaf(1)
            var live = Leaf(2)
        }
        let store = store(Frozen())
        store.update(Tick(ticker: Ticker()))
        store.update(Tick(ticker: Ticker()))
        XCTAssertEqual(received.map(\.kind), [.letField])
        XCTAssertEqual(received.first?.typeName, "Frozen")
        XCTAssertEqual(received.first?.member, "leaf")
        XCTAssertTrue(received.first!.message.contains("Frozen.leaf"))
        XCTAssertEqual(store.diagnostics, received)
        XCTAssertEqual(store.find(Frozen.self)?.leaf.seenAt, -1, "a let field is not updated")
        XCTAssertEqual(store.find(Frozen.self)?.live.seenAt, 1)
    }

    func testClassHoldingModelsIsReported() async {
        final class Cache: Sendable {
            let leaf = Leaf(3)
        }
        final class Service: Sendable {
            let name = "no models here"
        }
        struct Screen: Model {
            var cache = Cache()
            var service = Service()
        }
        _ = store(Screen())
        XCTAssertEqual(received.map(\.kind), [.classInstance], "only the class holding a model is reported")
        XCTAssertEqual(received.first?.member, "cache")
        XCTAssertEqual(received.first?.path, "Screen.cache")
    }

    func testReplacedModelsAreCheckedAgain() async {
        struct Navigation: Model {
            var extra: any Sendable = 0
        }
        let store = store(Navigation())
        XCTAssertEqual(received, [])
        store.update(Store.Replace(model: Navigation(extra: Leaf(1))))
        XCTAssertEqual(received.map(\.kind), [.unopenedExistential])
        XCTAssertEqual(received.first?.path, "Navigation.extra")
    }

    func testWellFormedTreesReportNothing() async {
        _ = store(Parent())
        _ = store(Counter())
        XCTAssertEqual(received, [])
    }
}

final class TypeNameTests: XCTestCase {
    func testTypeNamesReadAsUsersWriteThem() {
        struct Local {
            struct Nested {}
        }
        XCTAssertEqual(typeName(Counter.Increment.self), "Counter.Increment")
        XCTAssertEqual(typeName(Store.Start.self), "Store.Start")
        XCTAssertEqual(typeName(Tracker<NewsScreen>.self), "Tracker<NewsScreen>")
        XCTAssertEqual(typeName([String: Tracker<ProductsScreen>].self), "Dictionary<String, Tracker<ProductsScreen>>")
        XCTAssertEqual(typeName(Local.Nested.self), "Local.Nested")
        XCTAssertEqual(typeName(Optional<Local>.self), "Optional<Local>")
    }
}
