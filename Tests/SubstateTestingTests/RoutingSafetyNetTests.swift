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
