import Foundation
import Substate
import SubstateMiddleware
import XCTest

/// An alert's button holds its action as the feature wrote it, unstamped; the action the view
/// sends is stamped when it is dispatched. The alert closes when the stamped action arrives, as
/// it does for a plain one (TCA SyncUps' "Save and end" alert draws the meeting's id on save).
@MainActor
final class StampedAlertButtonTests: XCTestCase {
    /// A button action that draws a UUID when it is sent.
    struct Save: StampedAction, Equatable {
        var kind = "meeting"
        var id: UUID?
        mutating func stamp(from dependencies: Dependencies) { id = dependencies.uuid() }
    }

    /// A button action that reads the model's state when it is sent.
    struct Discard: StampedFromState, Equatable {
        var count: Int?
        mutating func stamp(from dependencies: Dependencies, state: Recording) { count = state.saved.count }
    }

    struct Recording: Model, Equatable {
        var alert = Presented<AlertState<Save>>()
        var destination = Presented<DestinationScreen>()
        var saved: [UUID] = []
        var discards: [Int] = []

        struct EndTapped: Action {}

        mutating func update(action: Action) {
            switch action {
            case is EndTapped:
                alert.screen = AlertState(
                    title: "End meeting?", buttons: [.init("Save and end", action: Save()), .cancel("Resume")])
                destination.screen = .alert(
                    AlertState(title: "Discard?", buttons: [.init("Discard", action: Discard()), .cancel("Keep")]))
            case let save as Save:
                if let id = save.id { saved.append(id) }
            case let discard as Discard:
                if let count = discard.count { discards.append(count) }
            default: break
            }
        }
    }

    /// A destination enum that is a model, with an alert case, as TCA's `Destination.alert`.
    enum DestinationScreen: Model, Equatable {
        case alert(AlertState<Discard>)
        case other(Recording.Blank)
    }

    private func makeStore(_ model: some Model) -> Store {
        Store(model: model, dependencies: Dependencies { $0.uuid = .incrementing })
    }

    func testAStampedButtonActionClosesItsAlert() async {
        let store = makeStore(Recording())
        store.update(Recording.EndTapped())
        store.update(Save())
        let recording = store.find(Recording.self)
        XCTAssertNil(recording?.alert.screen, "the alert closed: its button is the action sent, unstamped")
        XCTAssertEqual(recording?.saved, [UUID(0)], "the model read the stamped action")
    }

    func testAStampedFromStateButtonActionClosesTheAlertCaseOfADestination() async {
        let store = makeStore(Recording())
        store.update(Recording.EndTapped())
        store.update(Discard())
        let recording = store.find(Recording.self)
        XCTAssertNil(recording?.destination.screen)
        XCTAssertEqual(recording?.discards, [0])
        XCTAssertNotNil(recording?.alert.screen, "the other alert has no such button")
    }

    func testAStampedActionThatIsNoButtonOfTheAlertLeavesItOpen() async {
        let store = makeStore(Recording())
        store.update(Recording.EndTapped())
        store.update(Save(kind: "note"))
        XCTAssertNotNil(store.find(Recording.self)?.alert.screen)
    }

    func testAStampedButtonActionAddressedToAScreenOnAStackClosesThatScreensAlert() async {
        let store = makeStore(Meetings())
        store.update(ScreenStack<Recording>.ToElement(id: 1, Recording.EndTapped()))
        store.update(ScreenStack<Recording>.ToElement(id: 1, Save()))
        let screens = store.find(Meetings.self)?.path.screens
        XCTAssertEqual(screens?.map(\.alert.isPresented), [false, false])
        XCTAssertEqual(screens?.map(\.saved), [[], [UUID(0)]])
    }

    struct Meetings: Model, Equatable {
        var path = ScreenStack([Recording(), Recording()])
    }
}

extension StampedAlertButtonTests.Recording {
    struct Blank: Model, Equatable {}
}
