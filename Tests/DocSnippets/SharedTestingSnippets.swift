// swift-format-ignore-file
// The code below is the documentation's, line for line (SnippetCoverageTests), so it keeps
// the documents' layout rather than the formatter's.

import Substate
import SubstateTesting
import XCTest

// MARK: Testing.md, "Shared values"

extension SharedKey where Value == Int {
    static var points: Self { SharedKey("points") }
}

struct Score: Model, Equatable {
    @Shared(.points) var points = 0
    struct Scored: Action {}
    mutating func update(action: Action) {
        if action is Scored { points += 1 }
    }
}

struct Scoreboard: Model, Equatable {
    @Shared(.points) var points = 0
}

@MainActor
final class SharedTestingSnippetTests: XCTestCase {
func testScoringRaisesTheBoard() async {
    let store = TestStore(model: Score(), beside: [Scoreboard(points: 41)])
    await store.send(Score.Scored()) { $0.points = 42 }   // the board's copy follows
    XCTAssertEqual(store.besideState(Scoreboard.self)?.points, 42)
}
}
