import Substate
import XCTest

/// The Substate document's samples compile against the package and behave as it says.
@MainActor
final class DocumentSampleTests: XCTestCase {
    // The Testing section's test, verbatim but for `async`, which XCTest on Linux needs to run a
    // main-actor test.
    func testCounter() async throws {
        let store = Store(model: Counter())
        XCTAssertEqual(store.find(Counter.self)?.value, 0)

        store.update(Counter.Increment())
        XCTAssertEqual(store.find(Counter.self)?.value, 1)

        store.update(SubCounter.Increment())
        XCTAssertEqual(store.find(SubCounter.self)?.value, 1)
    }

    func testStoresSection() async {
        let store = Store(model: Counter(), middleware: [])
        let counter: Counter? = store.find(Counter.self)
        let subCounter: SubCounter? = store.find(SubCounter.self)
        XCTAssertNotNil(counter)
        XCTAssertNotNil(subCounter)
        store.update(Counter.Increment())
        XCTAssertEqual(store.find(Counter.self)?.value, 1)
        XCTAssertEqual(store.find(SubCounter.self)?.value, 0, "a Counter action does not change SubCounter")
    }

    func testPreviewModelsAreOrdinaryValues() async {
        let store = Store(model: Counter.random)
        XCTAssertEqual(store.find(Counter.self)?.value, Counter.random.value)
        XCTAssertEqual(Store(model: Counter.zero).find(Counter.self)?.value, 0)
    }

    func testResetFromTheLoggingSection() async {
        let store = Store(model: Counter(), middleware: [])
        store.update(Counter.Reset(to: 100))
        XCTAssertEqual(store.find(Counter.self)?.value, 100)
    }

    func testGenericTrackerReusedUnderTwoScreens() async {
        struct App: Model {
            var news = NewsScreen()
            var products = ProductsScreen()
        }
        struct Click<Screen>: Action {}
        struct ClickingTracker<Screen>: Model {
            var clicks = 0
            mutating func update(action: Action) { if action is Click<Screen> { clicks += 1 } }
        }
        let store = Store(model: App())
        XCTAssertEqual(store.find(Tracker<NewsScreen>.self)?.clicks, 0)
        XCTAssertEqual(store.find(Tracker<ProductsScreen>.self)?.clicks, 0)
        store.update(Store.Replace(model: Tracker<NewsScreen>(clicks: 3)))
        XCTAssertEqual(store.find(Tracker<NewsScreen>.self)?.clicks, 3)
        XCTAssertEqual(
            store.find(Tracker<ProductsScreen>.self)?.clicks, 0, "the other screen's tracker is another type")

        struct Screens: Model {
            var news = ClickingTracker<NewsScreen>()
            var products = ClickingTracker<ProductsScreen>()
        }
        let screens = Store(model: Screens())
        screens.update(Click<NewsScreen>())
        screens.update(Click<NewsScreen>())
        screens.update(Click<ProductsScreen>())
        XCTAssertEqual(screens.find(ClickingTracker<NewsScreen>.self)?.clicks, 2)
        XCTAssertEqual(screens.find(ClickingTracker<ProductsScreen>.self)?.clicks, 1)
    }
}
