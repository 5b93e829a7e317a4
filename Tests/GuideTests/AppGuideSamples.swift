// swift-format-ignore-file
// The code below is the documentation's, line for line (SnippetCoverageTests), so it keeps
// the documents' layout rather than the formatter's.

import Foundation
import Observation
import Substate
import SubstateMachine
import SubstateMiddleware
import SubstateTesting
import XCTest
import SubstateReplay

// The samples of the app-team guides (Installing, Using the store from SwiftUI, Wiring an
// app, Performance), as the articles show them. `SnippetCoverageTests` checks that every
// snippet of those articles appears here, so each one compiles as shown.

// MARK: - Using the store from SwiftUI

struct Product: Model, Identifiable, Equatable {
    let id: Int
    var name: String
    var inCart = false

    struct ToggleCart: Action { let id: Int }
    struct Rename: Action {
        let id: Int
        let name: String
    }

    mutating func update(action: Action) {
        switch action {
        case let toggle as ToggleCart where toggle.id == id: inCart.toggle()
        case let rename as Rename where rename.id == id: name = rename.name
        default: break
        }
    }
}

struct Shop: Model, Equatable {
    var products: [Product] = []
    var query = ""
    /// A sheet: at most one, shown while it is not nil.
    var sheet: Sheet? = nil
    /// A stack: the screens pushed over the list, the top one last.
    var path: [Screen] = []

    enum Sheet: Sendable, Equatable { case checkout(Checkout) }
    enum Screen: Sendable, Equatable { case product(ProductScreen) }

    struct Search: Action { let query: String }
    struct ShowCheckout: Action {}
    struct Dismiss: Action {}
    struct Push: Action { let id: Int }
    struct Pop: Action { let count: Int }

    mutating func update(action: Action) {
        switch action {
        case let search as Search: query = search.query
        case is ShowCheckout: sheet = .checkout(Checkout(items: products.filter(\.inCart).count))
        case is Dismiss: sheet = nil
        case let push as Push: path.append(.product(ProductScreen(productID: push.id)))
        case let pop as Pop: path.removeLast(min(pop.count, path.count))
        default: break
        }
    }
}

struct Checkout: Model, Equatable {
    var items: Int
    var paid = false
    struct Pay: Action {}
    mutating func update(action: Action) {
        if action is Pay { paid = true }
    }
}

struct ProductScreen: Model, Equatable {
    let productID: Int
    var views = 1
}

@MainActor
enum SwiftUIGuide {
    static func reading(store: Store) {
        let shop = store.find(Shop.self)  // one model: observed as a whole
        let products = store.findAll(Product.self)  // a list: told when it changes
        let third = store.find(Product.self, id: 3)  // one row: told only when product 3 changes
        _ = (shop, products, third)
    }

    static func readingValues(store: Store) {
        let name = store.find(Product.self, id: 3, \.name)  // not told when product 3 goes in the cart
        let ids = store.findAll(Product.self, \.id)  // told when products come, go or move
        let query = store.find(Shop.self, \.query)  // not told when the cart changes
        _ = (name, ids, query)
    }

    static func bindings(store: Store) {
        let query = store.binding(\Shop.query, of: Shop.self, set: { Shop.Search(query: $0) })
        let name = store.binding(\Product.name, of: Product.self, id: 3, set: { Product.Rename(id: 3, name: $0) })
        query?.set("lamp")  // dispatches Shop.Search(query: "lamp")
        name?.value = "Desk lamp"  // dispatches Product.Rename
    }

    static func navigation(store: Store) {
        store.update(Shop.Push(id: 3))  // the product screen's model joins the tree
        store.update(Shop.ShowCheckout())  // so does the checkout's
        store.update(Checkout.Pay())  // reaches the checkout while it is shown
        store.update(Shop.Dismiss())  // gone: it receives nothing more
        store.update(Shop.Pop(count: 1))
    }
}

// MARK: - Wiring an app

struct PriceClient: DependencyKey, Sendable {
    var price: @Sendable (Int) async throws -> Int
    static let liveValue = PriceClient { id in id * 100 }  // the real client calls the server
}

extension Product {
    struct Loaded: Action { let id: Int, cents: Int }
}

extension Shop {
    static let effects: [Effect] = [
        Effect(for: Shop.Push.self) { push, send in
            let cents = try await send.dependencies[PriceClient.self].price(push.id)
            await send(Product.Loaded(id: push.id, cents: cents))
        }
    ]
}

@MainActor
enum WiringGuide {
    static func makeStore(log: FileLog) -> Store {
        Store(
            model: Shop(),
            middleware: [
                ActionLogger(isActive: false),  // first: sees every action as it was sent
                ActionDebouncer(),  // before effects: they see the settled action
                EffectHandler(effects: Shop.effects),  // the shop's effects, defined once (below)
                ActionRecorder(to: log),  // records what the tree reduced, wherever it sits
                ModelLogger(diff: true),  // prints what each action changed
            ])
    }
}

/// The wiring guide's test, as the guide shows it.
@MainActor
final class WiringGuideTests: XCTestCase {
    func testPushingAProductLoadsItsPrice() async {
        let store = TestStore(model: Shop(), middleware: [EffectHandler(effects: Shop.effects)]) { dependencies in
            dependencies[PriceClient.self] = PriceClient { _ in 42 }
            dependencies.clock = TestClock()
        }
        await store.send(Shop.Push(id: 3)) { $0.path = [.product(ProductScreen(productID: 3))] }
        await store.receive(Product.Loaded.self)  // its price, from the test's client
        await store.finish()
    }
}

final class PriceService: Service {
    var handledActions: [any Action.Type]? { [Shop.Push.self] }
    func handle(action: Action, send: Send) async throws {
        guard let push = action as? Shop.Push else { return }
        let cents = try await send.dependencies[PriceClient.self].price(push.id)
        await send(Product.Loaded(id: push.id, cents: cents))
    }
}

/// In a module of its own, a feature's actions are public, and so are their initialisers:
/// Swift's memberwise initialisers are internal.
public struct Cart: Model {
    public var count = 0
    public init() {}

    public struct Add: Action {
        public let quantity: Int
        public init(quantity: Int) { self.quantity = quantity }
    }

    public mutating func update(action: Action) {
        if let add = action as? Add { count += add.quantity }
    }
}

// MARK: - Performance

struct Row: Model {
    var selected = false
    struct Select: Action {}
    static var handledActions: [any Action.Type]? { [Select.self] }
    mutating func update(action: Action) {
        if action is Select { selected.toggle() }
    }
}
