import CounterFeature
import Substate
import SubstateTesting
import XCTest

@MainActor
final class CounterTests: XCTestCase {
    func testTheCounterAndItsSubCounterUpdateIndependently() async {
        let store = TestStore(model: CounterApp())
        await store.send(Counter.Increment()) { $0.counter.value = 1 }
        await store.send(SubCounter.Increment()) { $0.counter.subCounter.value = 1 }
        await store.send(Counter.Reset(to: 100)) { $0.counter.value = 100 }
        await store.finish()
    }

    func testEachScreenHasItsOwnTrackerAndTheParentSumsThem() async {
        let store = TestStore(model: CounterApp())
        await store.send(Tracker<NewsScreen>.Tap()) {
            $0.news.tracker.clicks = 1
            $0.totalClicks = 1
        }
        await store.send(Tracker<ProductsScreen>.Tap()) {
            $0.products.tracker.clicks = 1
            $0.totalClicks = 2
        }
        await store.send(Store.Replace(model: Tracker<NewsScreen>(clicks: 0))) {
            $0.news.tracker.clicks = 0
            $0.totalClicks = 1
        }
        await store.finish()
    }
}
