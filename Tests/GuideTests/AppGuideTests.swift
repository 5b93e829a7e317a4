import Observation
import Substate
import SubstateMiddleware
import SubstateReplay
import SubstateTesting
import XCTest

@MainActor
private final class Told {
    var count = 0
}

/// The app-team guides' samples run and do what the articles say.
@MainActor
final class AppGuideTests: XCTestCase {
    private func shop() -> Store {
        var shop = Shop()
        shop.products = (1...5).map { Product(id: $0, name: "product \($0)") }
        return Store(model: shop)
    }

    func testReadsBindingsAndNavigationDoWhatTheSwiftUIGuideSays() async {
        let store = shop()
        SwiftUIGuide.reading(store: store)
        SwiftUIGuide.bindings(store: store)
        XCTAssertEqual(store.find(Shop.self)?.query, "lamp")
        XCTAssertEqual(store.find(Product.self, id: 3)?.name, "Desk lamp")
        store.update(Product.ToggleCart(id: 2))
        let told = Told()
        withObservationTracking {
            _ = store.find(Checkout.self)?.paid
        } onChange: {
            MainActor.assumeIsolated { told.count += 1 }
        }
        store.update(Shop.ShowCheckout())
        XCTAssertEqual(told.count, 1, "the checkout appeared")
        XCTAssertEqual(store.find(Checkout.self), Checkout(items: 1))
        SwiftUIGuide.navigation(store: store)
        XCTAssertNil(store.find(Checkout.self), "dismissed")
        XCTAssertEqual(store.find(Shop.self)?.path, [])
        store.update(Shop.Push(id: 1))
        store.update(Shop.Push(id: 2))
        XCTAssertEqual(store.findAll(ProductScreen.self).map(\.productID), [1, 2])
        store.update(Shop.Pop(count: 5))
        XCTAssertEqual(store.findAll(ProductScreen.self).count, 0)
    }

    func testTheWiredStoreRunsItsEffectWithTheTestsDependencies() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("guide-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        var lines: [String] = []
        let store = Store(
            model: Shop(),
            middleware: [
                EffectHandler(effects: [
                    Effect(for: Shop.Push.self) { push, send in
                        let cents = try await send.dependencies[PriceClient.self].price(push.id)
                        await send(Product.Loaded(id: push.id, cents: cents))
                    }
                ]),
                ActionLogger { lines.append($0) },
            ],
            dependencies: Dependencies { $0[PriceClient.self] = PriceClient { _ in 42 } })
        store.update(Shop.Push(id: 7))
        await store.effects.waitForAll()
        XCTAssertTrue(lines.contains { $0.contains("Loaded(id: 7, cents: 42)") }, "\(lines)")
        let wired = WiringGuide.makeStore(log: try FileLog(url: url))
        XCTAssertTrue(wired.diagnostics.isEmpty, "\(wired.diagnostics)")
    }

    func testTheServiceSendsWhatItProduces() async {
        let store = Store(
            model: Shop(), middleware: [PriceService()],
            dependencies: Dependencies { $0[PriceClient.self] = PriceClient { $0 + 1 } })
        let loaded = Told()
        store.observeReductions { action, _ in
            if let action = action as? Product.Loaded { loaded.count = action.cents }
        }
        store.update(Shop.Push(id: 4))
        await store.effects.waitForAll()
        XCTAssertEqual(loaded.count, 5)
    }

    func testAPublicActionIsMadeWithItsPublicInitialiser() async {
        let store = Store(model: Cart())
        store.update(Cart.Add(quantity: 2))
        XCTAssertEqual(store.find(Cart.self)?.count, 2)
    }
}
