import Observation
@testable import Substate
import SubstateMiddleware
import XCTest

/// A value with an identity, so that a test can tell whether anything still holds the tree.
private final class Sentinel: Sendable {}

/// A folder of folders: a recursive model, whose compiled walks call themselves.
private struct Folder: Model {
    var name: String
    var sentinel: Sentinel
    var children: [Folder] = []
    var opened = 0

    struct Open: Action {}

    mutating func update(action: Action) {
        if action is Open { opened += 1 }
    }
}

/// A released store lets go of everything it held: an app that makes stores for previews,
/// windows or tests must not keep each one's tree forever.
@MainActor
final class StoreReleaseTests: XCTestCase {
    private func tree(_ sentinel: Sentinel) -> Folder {
        Folder(
            name: "root", sentinel: sentinel,
            children: (0..<3).map { index in
                Folder(
                    name: "\(index)", sentinel: sentinel,
                    children: [Folder(name: "leaf", sentinel: sentinel)])
            })
    }

    func testAReleasedStoreOfRecursiveModelsLetsGoOfItsTreeInEveryTrackingMode() async {
        let modes: [(String, @MainActor () -> [any Middleware])] = [
            ("none", { [] }),
            ("diff logger", { [ModelLogger(diff: true, output: { _ in })] }),
            ("whole logger", { [ModelLogger(diff: false, output: { _ in })] }),
            ("undoer", { [ActionUndoer()] }),
        ]
        for (name, middleware) in modes {
            weak var held: Sentinel?
            weak var log: ChangeLog?
            do {
                let sentinel = Sentinel()
                held = sentinel
                let store = Store(model: tree(sentinel), middleware: middleware())
                log = store.changeLog
                store.update(Folder.Open())
                withObservationTracking {
                    _ = store.findAll(Folder.self)
                } onChange: {
                }
                store.update(Folder.Open())
                _ = store.find(Folder.self)
                store.update(Folder.Open())
            }
            XCTAssertNil(held, "\(name): something still holds the released store's tree")
            // The walks compiled for change tracking call themselves through slots and hold the
            // store's change log, with every buffer it grew.
            XCTAssertNil(log, "\(name): the released store's change log is still alive")
        }
    }
}
