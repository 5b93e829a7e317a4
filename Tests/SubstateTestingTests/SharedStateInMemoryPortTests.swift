import Substate
import SubstateMiddleware
import SubstateTesting
import XCTest

// TCA's SharedStateInMemory case study and its tests, ported with their scenarios and expected
// values: two tabs share one `Stats`, and a test asserts the shared change once, on the tab that
// made it (TCA: `$0.counter.$stats.withLock { $0.increment() }`); the store's copy in the other
// tab follows, in the expected state as in the store.

struct Stats: Equatable, Sendable, Codable {
    private(set) var count = 0
    private(set) var maxCount = 0
    private(set) var minCount = 0
    private(set) var numberOfCounts = 0

    mutating func increment() {
        count += 1
        numberOfCounts += 1
        maxCount = max(maxCount, count)
    }

    mutating func decrement() {
        count -= 1
        numberOfCounts += 1
        minCount = min(minCount, count)
    }
}

extension SharedKey where Value == Stats {
    static var stats: Self { SharedKey("stats") }
}

struct CounterTab: Model, Equatable {
    enum AlertAction: Action, Equatable {}

    var alert = Presented<AlertState<AlertAction>>()
    @Shared(.stats) var stats = Stats()

    struct DecrementButtonTapped: Action {}
    struct IncrementButtonTapped: Action {}
    struct IsPrimeButtonTapped: Action {}

    mutating func update(action: Action) {
        switch action {
        case is DecrementButtonTapped:
            stats.decrement()
        case is IncrementButtonTapped:
            stats.increment()
        case is IsPrimeButtonTapped:
            alert.screen = AlertState(
                title: isPrime(stats.count)
                    ? "👍 The number \(stats.count) is prime!"
                    : "👎 The number \(stats.count) is not prime :(")
        default:
            break
        }
    }
}

struct ProfileTab: Model, Equatable {
    @Shared(.stats) var stats = Stats()

    struct ResetStatsButtonTapped: Action {}

    mutating func update(action: Action) {
        if action is ResetStatsButtonTapped { stats = Stats() }
    }
}

struct SharedStateInMemory: Model, Equatable {
    enum Tab: Equatable { case counter, profile }

    var currentTab = Tab.counter
    var counter = CounterTab()
    var profile = ProfileTab()

    struct SelectTab: Action { let tab: Tab }

    mutating func update(action: Action) {
        if let select = action as? SelectTab { currentTab = select.tab }
    }
}

/// Whether a number is prime, as the case study decides it.
private func isPrime(_ number: Int) -> Bool {
    if number <= 1 { return false }
    if number <= 3 { return true }
    for divisor in 2...Int(Double(number).squareRoot()) where number % divisor == 0 { return false }
    return true
}

@MainActor
final class SharedStateInMemoryPortTests: XCTestCase {
    func testTabSelection() async {
        let store = TestStore(model: SharedStateInMemory())

        await store.send(SharedStateInMemory.SelectTab(tab: .profile)) {
            $0.currentTab = .profile
        }
        await store.send(SharedStateInMemory.SelectTab(tab: .counter)) {
            $0.currentTab = .counter
        }
    }

    func testSharedCounts() async {
        let store = TestStore(model: SharedStateInMemory())

        await store.send(CounterTab.IncrementButtonTapped()) {
            $0.counter.stats.increment()
        }

        await store.send(CounterTab.DecrementButtonTapped()) {
            $0.counter.stats.decrement()
        }

        await store.send(ProfileTab.ResetStatsButtonTapped()) {
            $0.profile.stats = Stats()
        }
    }

    func testAlert() async {
        let store = TestStore(model: SharedStateInMemory())

        await store.send(CounterTab.IsPrimeButtonTapped()) {
            $0.counter.alert.screen = AlertState(title: "👎 The number 0 is not prime :(")
        }
    }

    /// The profile tab's copy follows the counter's in the store: asserting it there too agrees.
    func testTheOtherTabReadsTheSameCount() async {
        let store = TestStore(model: SharedStateInMemory())

        await store.send(CounterTab.IncrementButtonTapped()) {
            $0.counter.stats.increment()
            XCTAssertEqual($0.profile.stats.count, 0, "inside the closure, the other copy is the old one")
        }
        XCTAssertEqual(store.state.profile.stats, store.state.counter.stats)
    }
}
