import Foundation
import Observation
import SubstateMiddleware
import SubstateTestSupport
import XCTest

@testable import Substate

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
            // Old values a logger kept may be freed on the release thread (always, under the
            // thread sanitizer's 2 MB stacks): wait for it before looking.
            DeepRelease.waitUntilFreed()
            XCTAssertNil(held, "\(name): something still holds the released store's tree")
            // The walks compiled for change tracking call themselves through slots and hold the
            // store's change log, with every buffer it grew.
            XCTAssertNil(log, "\(name): the released store's change log is still alive")
        }
    }

    /// The leak check's program runs to its end here too; CI runs it again under the address
    /// sanitizer with leak detection, where any allocation it leaves behind fails the run.
    func testTheLeakCheckProgramReleasesEveryStoreItMakes() async throws {
        let child = builtProduct("substate-lifetime-child")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: child.path), "\(child.path) not built")
        let process = Process()
        process.executableURL = child
        process.arguments = ["1"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "released 1 round(s) of stores\n")
    }
}
