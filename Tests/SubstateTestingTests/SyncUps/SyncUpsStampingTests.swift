import Foundation
import Substate
import SubstateMiddleware
import XCTest

// What the record screen on the app's stack needs of the store: an action addressed to one
// screen (`ScreenStack.ToElement`), as a screen's own effect sends it, is stamped as the same
// action sent on its own would be. The meeting the last tick saves, and the one "Save and
// end" saves, carry the id and date drawn then.

/// A screen whose action draws a UUID when it is dispatched.
struct DrawingScreen: Model, Equatable {
    var drawn: UUID?
    var drawnFromState: UUID?

    struct Draw: StampedAction, Equatable {
        var id: UUID?
        mutating func stamp(from dependencies: Dependencies) { id = dependencies.uuid() }
    }

    struct DrawIfEmpty: StampedFromState, Equatable {
        var id: UUID?
        mutating func stamp(from dependencies: Dependencies, state: DrawingScreen) {
            if state.drawnFromState == nil { id = dependencies.uuid() }
        }
    }

    mutating func update(action: Action) {
        if let draw = action as? Draw { drawn = draw.id }
        if let draw = action as? DrawIfEmpty { drawnFromState = draw.id }
    }
}

struct DrawingScreens: Model, Equatable {
    var path = ScreenStack([DrawingScreen()])
}

@MainActor
final class SyncUpsStampingTests: XCTestCase {
    func testAStampedActionAddressedToAScreenIsStamped() async {
        let store = Store(model: DrawingScreens(), dependencies: Dependencies { $0.uuid = .incrementing })
        store.update(ScreenStack<DrawingScreen>.ToElement(id: 0, DrawingScreen.Draw()))
        XCTAssertEqual(store.find(DrawingScreen.self)?.drawn, uuid(0))
    }

    func testAnActionStampedFromStateAddressedToAScreenIsStamped() async {
        let store = Store(model: DrawingScreens(), dependencies: Dependencies { $0.uuid = .incrementing })
        store.update(ScreenStack<DrawingScreen>.ToElement(id: 0, DrawingScreen.DrawIfEmpty()))
        XCTAssertEqual(store.find(DrawingScreen.self)?.drawnFromState, uuid(0))
    }
}
