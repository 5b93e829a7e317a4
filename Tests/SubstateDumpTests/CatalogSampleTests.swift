import SubstateDump
import XCTest

// The catalog page's example, compiled and run as written there.

struct Settings: Equatable {
    var tint = "green"
    var tags: [String] = []
}

final class CatalogSampleTests: XCTestCase {
    func testTheDiffPrintsOneLinePerChangedLeaf() {
        var after = Settings()
        after.tint = "orange"
        after.tags.append("new")
        print(StateDiff(from: Settings(), to: after))
        // Settings.tint: "green" → "orange"
        // Settings.tags[0]: added "new"
        XCTAssertEqual(
            StateDiff(from: Settings(), to: after).description,
            """
            Settings.tint: "green" → "orange"
            Settings.tags[0]: added "new"
            """)
    }
}
