import Foundation
import Substate
import SubstateReplay
import XCTest

/// A label that shows a count its screen hands it.
struct CountLabel: Model, Equatable, Codable {
    @Shared var count: Int
    var seen = -1
    struct Bump: Action, Codable {}

    mutating func update(action: Action) {
        if action is Bump { count += 10 }
        seen = count
    }
}

/// A screen that owns a count and hands it to the label it shows, as TCA's `@Shared(value:)`.
struct CountScreen: Model, Equatable, Codable {
    @Shared(value: 0) var count: Int
    var label: CountLabel?
    var loose: CountLabel?
    struct Increment: Action, Codable {}
    struct ShowLabel: Action, Codable {}
    struct ShowLooseLabel: Action, Codable {}

    mutating func update(action: Action) {
        switch action {
        case is Increment: count += 1
        case is ShowLabel: label = CountLabel(count: $count)
        case is ShowLooseLabel: loose = CountLabel(count: Shared(value: 100))
        default: break
        }
    }
}

/// Two screens, each with a value of its own.
struct TwoCountScreens: Model, Equatable, Codable {
    var first = CountScreen()
    var second = CountScreen()
}

@MainActor
final class SharedWithoutKeyTests: XCTestCase {
    func testAChildGivenTheValueAndItsHolderSeeOneValue() async {
        let store = Store(model: CountScreen())
        store.update(CountScreen.ShowLabel())
        store.update(CountScreen.Increment())
        XCTAssertEqual(store.find(CountLabel.self)?.count, 1, "the screen's change reaches the label")
        store.update(CountLabel.Bump())
        let screen = store.find(CountScreen.self)!
        XCTAssertEqual(screen.count, 11, "the label's change reaches the screen")
        XCTAssertEqual(screen.label?.count, 11)
        XCTAssertEqual(screen.label?.seen, 11)
    }

    func testAChildMadeBeforeTheStoreSharesTheValueItWasGiven() async {
        var screen = CountScreen()
        screen.label = CountLabel(count: screen.$count)
        let store = Store(model: screen)
        store.update(CountLabel.Bump())
        XCTAssertEqual(store.find(CountScreen.self)?.count, 10)
    }

    func testValuesMadeApartStayApart() async {
        let store = Store(model: TwoCountScreens())
        store.update(CountScreen.ShowLooseLabel())
        store.update(CountScreen.Increment())
        let screens = store.find(TwoCountScreens.self)!
        XCTAssertEqual(screens.first.count, 1)
        XCTAssertEqual(screens.first.loose?.count, 100, "a label made with a value of its own keeps it")
        store.update(CountLabel.Bump())
        let bumped = store.find(TwoCountScreens.self)!
        XCTAssertEqual([bumped.first.count, bumped.second.count], [1, 1], "each screen's own value")
        XCTAssertEqual([bumped.first.loose?.count, bumped.second.loose?.count], [110, 110])
    }

    func testKeylessFieldsAreEqualWhenTheirValuesAre() {
        XCTAssertEqual(Shared(value: 3), Shared(value: 3))
        XCTAssertNotEqual(Shared(value: 3), Shared(value: 4))
        XCTAssertNotEqual(Shared(value: 3), Shared(SharedKey("count"), value: 3))
    }

    func testADecodedCopyStillSharesOneValue() async throws {
        var screen = CountScreen()
        screen.label = CountLabel(count: screen.$count)
        let data = try JSONEncoder().encode(screen)
        let store = Store(model: try JSONDecoder().decode(CountScreen.self, from: data))
        store.update(CountScreen.Increment())
        XCTAssertEqual(store.find(CountLabel.self)?.count, 1)
    }

    func testARecordedSessionReplaysToTheSameValues() async throws {
        let log = MemoryLog()
        let store = Store(
            model: CountScreen(), middleware: [ActionRecorder(to: log, digestEvery: 1, snapshotEvery: 1)])
        store.update(CountScreen.ShowLabel())
        store.update(CountScreen.ShowLooseLabel())
        store.update(CountScreen.Increment())
        store.update(CountLabel.Bump())
        let replay = try Replay.run(try ActionLog(lines: log.lines), as: CountScreen.self)
        XCTAssertNil(replay.divergence, "\(replay.divergence!)")
        XCTAssertGreaterThan(replay.verified, 4)
        XCTAssertEqual(replay.store.find(CountScreen.self), store.find(CountScreen.self))
        replay.store.update(CountScreen.Increment())
        XCTAssertEqual(replay.store.find(CountLabel.self)?.count, 12, "still one value after the replay")
    }
}
