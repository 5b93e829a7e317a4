import Substate
import XCTest

// The snippets of "The Model Tree" about shared values, compiled and run.

struct Stats: Equatable, Sendable, Codable {
    var count = 0
}

extension SharedKey where Value == Stats {
    static var stats: Self { SharedKey("stats") }
}

struct CounterTab: Model {
    @Shared(.stats) var stats = Stats()
    struct Increment: Action {}

    mutating func update(action: Action) {
        if action is Increment { stats.count += 1 }
    }
}

struct ProfileTab: Model {
    @Shared(.stats) var stats = Stats()
    var summary = ""

    mutating func update(action: Action) {
        summary = "\(stats.count) counted"  // already counted in this dispatch
    }
}

struct Tabs: Model {
    var counter = CounterTab()
    var profile = ProfileTab()
}

@MainActor
final class SharedSnippetTests: XCTestCase {
    func testTheProfileTabReadsTheCountInTheSameDispatch() async {
        let store = Store(model: Tabs())
        store.update(CounterTab.Increment())
        let summary = store.find(ProfileTab.self)?.summary  // "1 counted"
        XCTAssertEqual(summary, "1 counted")
        XCTAssertEqual(store.find(Tabs.self)?.profile.stats.count, 1)
    }
}
