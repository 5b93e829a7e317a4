import Foundation
import Substate
import SubstateMiddleware
import SubstateTesting
import XCTest

/// A saved note list, the root of the test stores below.
struct SavedNotebook: SavedModel, Equatable {
    var notes: [String] = []
    struct Add: Action { let note: String }
    mutating func update(action: Action) {
        if let add = action as? Add { notes.append(add.note) }
    }
}

/// A saved note list that shows when it was last saved: it reacts to the saver's outcome.
struct ReactingNotebook: SavedModel, Equatable {
    var notes: [String] = []
    var saves = 0
    struct Add: Action { let note: String }
    mutating func update(action: Action) {
        if let add = action as? Add { notes.append(add.note) }
        if action is ModelSaver.SaveDidSucceed { saves += 1 }
    }
}

/// The saver in an exhaustive test store, as TCA's tests of `.fileStorage` shared state: its
/// outcomes are not for the test to receive unless it asks for them.
@MainActor
final class SavedModelTestStoreTests: FailureCapturingTestCase {
    func testAnExhaustiveTestOfADebouncedSaveReceivesNothing() async {
        let clock = TestClock()
        let storage = ModelSaver.MemoryStorage()
        let failures = await captured {
            let store = TestStore(
                model: SavedNotebook(), middleware: [ModelSaver(storage: storage, strategy: .debounced(.seconds(1)))]
            ) { $0.clock = clock }
            await store.send(SavedNotebook.Add(note: "milk")) { $0.notes = ["milk"] }
            await clock.advance(by: .seconds(1))
            await store.finish()
            XCTAssertTrue(
                storage.entries["SavedNotebook"].map { String(decoding: $0, as: UTF8.self).contains("milk") } == true,
                "saved on the test's clock, before the test store is released")
        }
        XCTAssertEqual(failures.map(\.message), [])
    }

    func testAnExhaustiveTestOfASaveByHandReceivesNothing() async {
        let storage = ModelSaver.MemoryStorage()
        let failures = await captured {
            let store = TestStore(model: SavedNotebook(), middleware: [ModelSaver(storage: storage, strategy: .manual)])
            await store.send(SavedNotebook.Add(note: "milk")) { $0.notes = ["milk"] }
            await store.send(ModelSaver.Save())
            await store.send(SavedNotebook.Add(note: "eggs")) { $0.notes = ["milk", "eggs"] }
            // The write runs off the main actor, as an effect: a test waits for it, as for any.
            await store.finish()
        }
        XCTAssertEqual(failures.map(\.message), [], "the outcomes need not be received")
        XCTAssertNotNil(storage.entries["SavedNotebook"])
    }

    func testATestThatAsksForTheOutcomesReceivesThem() async {
        let failures = await captured {
            let store = TestStore(
                model: SavedNotebook(), middleware: [ModelSaver(storage: ModelSaver.MemoryStorage(), strategy: .manual)]
            )
            await store.send(SavedNotebook.Add(note: "milk")) { $0.notes = ["milk"] }
            await store.send(ModelSaver.Save())
            await store.receive(ModelSaver.SaveDidSucceed.self)
            await store.receive(ModelSaver.SaveDidComplete.self)
            await store.receive(ModelSaver.SaveAllDidComplete.self)
            await store.finish()
        }
        XCTAssertEqual(failures.map(\.message), [])
    }

    func testAnOutcomeThatChangesTheStateMustBeReceived() async {
        let failures = await captured {
            let store = TestStore(
                model: ReactingNotebook(),
                middleware: [ModelSaver(storage: ModelSaver.MemoryStorage(), strategy: .manual)])
            await store.send(ReactingNotebook.Add(note: "milk")) { $0.notes = ["milk"] }
            await store.send(ModelSaver.Save())
            await store.finish()
        }
        XCTAssertEqual(
            failures.map(\.message), ["1 action(s) were produced but not received: ModelSaver.SaveDidSucceed"],
            "the state it changed is asserted like any other")
    }

    func testAFailedSaveMustBeReceived() async {
        let failures = await captured {
            let store = TestStore(
                model: SavedNotebook(), middleware: [ModelSaver(storage: ModelSaver.MemoryStorage(), strategy: .manual)]
            )
            await store.send(ModelSaver.Save(SavedPreferences.self))
            await store.finish()
        }
        XCTAssertEqual(failures.map(\.message), ["1 action(s) were produced but not received: ModelSaver.SaveDidFail"])
    }
}

/// A saved model no test store above holds.
struct SavedPreferences: SavedModel, Equatable {
    var theme = "light"
    mutating func update(action: Action) {}
}
