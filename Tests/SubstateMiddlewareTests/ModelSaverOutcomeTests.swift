import Foundation
import Substate
import XCTest

@testable import SubstateMiddleware

/// Two model types saved under one key, as the original library's wrong-type test has them.
struct OutcomeModel: SavedModel, Equatable {
    var value = 0
    static var saveKey: String { "OutcomeModel" }
    mutating func update(action: Action) {}
}

struct UnexpectedOutcomeModel: SavedModel, Equatable {
    var value = 200
    static var saveKey: String { "OutcomeModel" }
    mutating func update(action: Action) {}
}

struct NotInTheTree: SavedModel {
    mutating func update(action: Action) {}
}

/// Keeps the saver's outcome actions, described.
@MainActor
final class SaverOutcomeLog: Middleware {
    var lines: [String] = []
    func handle(_ action: Action, store: Store, next: Next) {
        next(action)
        switch action {
        case let fail as ModelSaver.LoadDidFail:
            lines.append("LoadDidFail \(fail.reason.map { "\($0)" } ?? "-"): \(fail.error)")
        case let done as ModelSaver.LoadDidComplete: lines.append("LoadDidComplete \(done.key)")
        case let ok as ModelSaver.LoadDidSucceed: lines.append("LoadDidSucceed \(ok.key)")
        case let fail as ModelSaver.SaveDidFail: lines.append("SaveDidFail: \(fail.error)")
        case let done as ModelSaver.SaveDidComplete: lines.append("SaveDidComplete \(done.key)")
        default: ()
        }
    }
}

/// What a load or save reports in the cases the original library reports: another type's
/// entry, nothing stored, a type that is not in the tree.
@MainActor
final class ModelSaverOutcomeTests: XCTestCase {
    func testAnEntrySavedForAnotherModelTypeFailsToLoadAndIsKept() async throws {
        let storage = ModelSaver.MemoryStorage()
        let writer = Store(
            model: UnexpectedOutcomeModel(), middleware: [ModelSaver(storage: storage, strategy: .manual)])
        writer.update(ModelSaver.SaveAll())
        await writer.effects.waitForAll()
        let written = try XCTUnwrap(storage.entries["OutcomeModel"])
        XCTAssertTrue(String(decoding: written, as: UTF8.self).contains("\"type\":\"UnexpectedOutcomeModel\""))

        let outcomes = SaverOutcomeLog()
        let store = Store(
            model: OutcomeModel(),
            middleware: [ModelSaver(storage: storage, strategy: .manual, loading: .manual), outcomes])
        store.update(ModelSaver.Load(OutcomeModel.self))
        XCTAssertEqual(
            outcomes.lines,
            [
                "LoadDidFail wrongType: wrong model type: saved for UnexpectedOutcomeModel, not OutcomeModel; left as it is and not overwritten",
                "LoadDidComplete OutcomeModel",
            ])
        XCTAssertEqual(store.find(OutcomeModel.self)?.value, 0, "the model keeps its value")
        store.update(ModelSaver.SaveAll())
        await store.effects.waitForAll()
        XCTAssertEqual(storage.entries["OutcomeModel"], written, "the other type's entry is not overwritten")
        XCTAssertTrue(outcomes.lines.contains { $0.hasPrefix("SaveDidFail: not saved: OutcomeModel holds") })
    }

    func testAnEntrySavedBeforeTypesWereRecordedStillLoads() async throws {
        let storage = ModelSaver.MemoryStorage(["OutcomeModel": Data(#"{"model":{"value":3},"schemaVersion":1}"#.utf8)])
        let store = Store(model: OutcomeModel(), middleware: [ModelSaver(storage: storage, strategy: .manual)])
        XCTAssertEqual(store.find(OutcomeModel.self)?.value, 3)
    }

    func testAHandEditedEntryLoadsAndTheModelsBytesAreReadAsWritten() throws {
        let text = """
            {
              "schemaVersion" : 1,
              "note": "a } and a \\" and a ]",
              "model" : {"value": 7, "list": [[1, {"x": "}"}], 2]},
              "type": "OutcomeModel"
            }
            """
        XCTAssertEqual(
            String(decoding: try modelJSON(in: Data(text.utf8)), as: UTF8.self),
            #"{"value": 7, "list": [[1, {"x": "}"}], 2]}"#)
        let storage = ModelSaver.MemoryStorage(["OutcomeModel": Data(text.utf8)])
        let store = Store(model: OutcomeModel(), middleware: [ModelSaver(storage: storage, strategy: .manual)])
        XCTAssertEqual(store.find(OutcomeModel.self)?.value, 7)
        XCTAssertThrowsError(try modelJSON(in: Data(#"{"schemaVersion":1}"#.utf8)))
        XCTAssertThrowsError(try modelJSON(in: Data(#"{"model": {"#.utf8)))
    }

    func testLoadingWhatWasNeverStoredFailsWithItsReasonThenCompletes() async throws {
        let outcomes = SaverOutcomeLog()
        let store = Store(
            model: OutcomeModel(),
            middleware: [
                ModelSaver(storage: ModelSaver.MemoryStorage(), strategy: .manual, loading: .manual), outcomes,
            ])
        store.update(ModelSaver.Load(OutcomeModel.self))
        XCTAssertEqual(
            outcomes.lines,
            ["LoadDidFail nothingStored: nothing is stored for OutcomeModel", "LoadDidComplete OutcomeModel"])
    }

    func testSavingOrLoadingATypeThatIsNotInTheTreeSaysSo() async throws {
        let outcomes = SaverOutcomeLog()
        let storage = ModelSaver.MemoryStorage()
        let store = Store(
            model: OutcomeModel(),
            middleware: [ModelSaver(storage: storage, strategy: .manual, loading: .manual), outcomes])
        store.update(ModelSaver.Save(NotInTheTree.self))
        store.update(ModelSaver.Load(NotInTheTree.self))
        XCTAssertEqual(
            outcomes.lines,
            [
                "SaveDidFail: no NotInTheTree (save key \"NotInTheTree\") is in the tree, so nothing was saved",
                "SaveDidComplete NotInTheTree",
                "LoadDidFail notInTree: no NotInTheTree (save key \"NotInTheTree\") is in the tree to load into; NotInTheTree was not read",
                "LoadDidComplete NotInTheTree",
            ])
        XCTAssertEqual(storage.entries, [:])
    }
}
