import Substate
import SubstateTesting
import XCTest

/// A row routed by nesting that also reacts to an action declared elsewhere, and forgot to say.
private struct Player: Model, Equatable {
    static let routing = ActionRouting.nestedActions
    var isPlaying = true
    mutating func update(action: Action) { if action is AppMovedToBackground { isPlaying = false } }
}

private struct AppMovedToBackground: Action {}

/// A row that deselects itself when another row is selected: under routing an action addressed
/// to one row reaches that row alone, so the other rows never see it.
private struct Choice: Model, Identifiable, Equatable {
    static let routing = ActionRouting.nestedActions
    let id: Int
    var isSelected = false
    struct Select: TargetedAction {
        let targetID: Int
        typealias Target = Choice
    }
    mutating func update(action: Action) {
        if let select = action as? Select { isSelected = select.targetID == id }
    }
}

private struct Choices: Model, Equatable {
    static let routing = ActionRouting.nestedActions
    var choices = (0..<3).map { Choice(id: $0) }
}

private struct Playlist: Model, Equatable {
    static let routing = ActionRouting.nestedActions
    var players = [Player(), Player()]
    struct Shuffle: Action {}
}

/// A test store gives every action to the models routing skipped, on a copy, in every build,
/// and fails the test where the store was made, naming the model, the action and the field.
final class RoutingSafetyNetTests: FailureCapturingTestCase {
    func testATestStoreFailsOnAModelWhoseRoutingMissesAnActionItReactsTo() async {
        var madeAt = 0
        let failures = await captured {
            madeAt = #line + 1
            let store = TestStore(model: Playlist())
            await store.send(Playlist.Shuffle())
            await store.send(AppMovedToBackground())
            await store.send(AppMovedToBackground())
        }
        XCTAssertEqual(failures.map(\.line), [madeAt], "reported once, where the store was made")
        XCTAssertEqual(
            failures.first?.message,
            "substate: Player.isPlaying changed in response to AppMovedToBackground, which Player's routing does not deliver to it, so that change is lost. Declare AppMovedToBackground inside Player or a model below it, or list it: ActionRouting.nestedActions(plus: [AppMovedToBackground.self])."
        )
    }

    func testARowThatReactsToAnotherRowsTargetedActionIsReported() async {
        var madeAt = 0
        let failures = await captured {
            madeAt = #line + 1
            let store = TestStore(model: Choices())
            await store.send(Choice.Select(targetID: 0)) { $0.choices[0].isSelected = true }
            await store.send(Choice.Select(targetID: 2)) { $0.choices[2].isSelected = true }
        }
        XCTAssertEqual(failures.map(\.line), [madeAt], "reported once, where the store was made")
        XCTAssertEqual(
            failures.first?.message,
            "substate: Choice.isSelected changed in response to Choice.Select addressed to Choice 2, which routing delivers to that Choice alone and what it holds, so that change is lost. To change other Choice models too, handle Choice.Select in the model that holds them, or send an action that is not a TargetedAction."
        )
    }

    func testARoutingThatListsTheActionPassesAndTheStateChanges() async {
        struct Fixed: Model, Equatable {
            static let routing = ActionRouting.nestedActions(plus: [AppMovedToBackground.self])
            var isPlaying = true
            mutating func update(action: Action) { if action is AppMovedToBackground { isPlaying = false } }
        }
        let failures = await captured {
            let store = TestStore(model: Fixed())
            await store.send(AppMovedToBackground()) { $0.isPlaying = false }
        }
        XCTAssertEqual(failures.map(\.message), [])
    }
}
