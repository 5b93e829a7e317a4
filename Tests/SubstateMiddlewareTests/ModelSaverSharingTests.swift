import Dispatch
import Foundation
import Substate
import SubstateTestSupport
import Synchronization
import XCTest

@testable import SubstateMiddleware

/// Reads a file over and over on a thread of its own while savers replace it, and keeps what
/// each read found: a file that is there must decode whole.
final class FilePoller: Sendable {
    private struct Findings {
        var reads = 0
        var torn: [String] = []
    }
    private let findings = Mutex(Findings())
    private let stopping = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)

    /// Starts reading the file; `decodes` says why a read is not a whole file, or `nil`.
    init(_ file: URL, decodes: @escaping @Sendable (Data) -> String?) {
        Thread.detachNewThread { [self] in
            while !stopping.load(ordering: .relaxed) {
                // Not there yet: nothing was saved, which is not a torn file.
                guard let data = try? Data(contentsOf: file) else { continue }
                let problem = decodes(data)
                findings.withLock { findings in
                    findings.reads += 1
                    if let problem { findings.torn.append("\(data.count) bytes: \(problem)") }
                }
            }
            done.signal()
        }
    }

    /// Stops reading; returns how many reads found the file, and what was wrong with those
    /// that were not whole.
    func stop() -> (reads: Int, torn: [String]) {
        stopping.store(true, ordering: .relaxed)
        done.wait()
        return findings.withLock { ($0.reads, $0.torn) }
    }
}

/// Several savers, in one process or in several, saving into one directory.
@MainActor
final class ModelSaverSharingTests: XCTestCase {
    private var directory: URL!

    override func setUp() async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "substate-sharing-\(UUID().uuidString)")
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func temporaryFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter {
            $0.hasSuffix(".partial")
        }.sorted()
    }

    func testTwoStoresSavingIntoOneDirectoryNeverFailNorShowATornFile() async throws {
        let outcomes = (SaverOutcomes(), SaverOutcomes())
        let first = Store(
            model: DraftApp(), middleware: [outcomes.0, ModelSaver(directory: directory, strategy: .manual)])
        let second = Store(
            model: DraftApp(), middleware: [outcomes.1, ModelSaver(directory: directory, strategy: .manual)])
        let poller = FilePoller(directory.appendingPathComponent("Draft.json")) { data in
            struct Envelope: Decodable { let model: Draft }
            do {
                _ = try JSONDecoder().decode(Envelope.self, from: data)
                return nil
            } catch {
                return describeSaveError(error)
            }
        }
        for _ in 0..<100 {
            for store in [first, second] {
                store.update(Draft.Next())
                store.update(ModelSaver.Save())
            }
            // Both writes are under way at once.
            await first.effects.waitForAll()
            await second.effects.waitForAll()
        }
        let (reads, torn) = poller.stop()
        XCTAssertEqual(outcomes.0.saveFailures.map(\.error) + outcomes.1.saveFailures.map(\.error), [])
        XCTAssertEqual(outcomes.0.saved.count, 100, "every save of the first store wrote")
        XCTAssertEqual(outcomes.1.saved.count, 100, "every save of the second store wrote")
        XCTAssertEqual(torn, [], "of \(reads) reads")
        XCTAssertGreaterThan(reads, 0)
        XCTAssertEqual(temporaryFiles(), [], "no temporary file is left")
        let restarted = Store(model: DraftApp(), middleware: [ModelSaver(directory: directory, strategy: .manual)])
        XCTAssertEqual(restarted.find(Draft.self)?.version, 100, "the last write is the file")
    }

    #if !os(Windows)
        func testTwoProcessesSavingOneFileNeverShowATornFile() async throws {
            let child = builtProduct("substate-saver-child")
            try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: child.path), "\(child.path) not built")
            let saves = 15
            let children = try (0..<2).map { _ in
                let process = Process()
                process.executableURL = child
                process.arguments = [directory.path, "\(saves)"]
                let output = Pipe()
                process.standardOutput = output
                try process.run()
                return (process, output)
            }
            let poller = FilePoller(directory.appendingPathComponent("Journal.json")) { data in
                struct Envelope: Decodable { let model: Journal }
                do {
                    let text = try JSONDecoder().decode(Envelope.self, from: data).model.text
                    return text.count == 2_097_152 ? nil : "a text of \(text.count) characters"
                } catch {
                    return describeSaveError(error)
                }
            }
            var outputs: [String] = []
            for (process, output) in children {
                outputs.append(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
                process.waitUntilExit()
                XCTAssertEqual(process.terminationStatus, 0)
            }
            let (reads, torn) = poller.stop()
            for output in outputs {
                let lines = output.split(separator: "\n")
                XCTAssertEqual(lines.filter { $0.hasPrefix("failed") }, [], "no save failed")
                XCTAssertEqual(lines.last, "saved \(saves)", "every save was written")
            }
            XCTAssertEqual(torn, [], "of \(reads) reads")
            XCTAssertGreaterThan(reads, 0)
            XCTAssertEqual(temporaryFiles(), [], "no temporary file is left")
            let restarted = Store(model: JournalApp(), middleware: [ModelSaver(directory: directory)])
            XCTAssertEqual(restarted.find(Journal.self)?.version, saves, "the last write is the file")
        }
    #endif

    func testATemporaryFileIsRemovedOnlyOnceItsProcessHasEnded() async throws {
        let first = Store(model: SavedApp(), middleware: [ModelSaver(directory: directory, strategy: .manual)])
        first.update(Preferences.SetTheme(theme: "dark"))
        first.update(ModelSaver.Save())
        await first.effects.waitForAll()
        // No process has this id (above every system's largest); process 1 runs as long as the
        // system does; this process is writing its own.
        let ended = ".Preferences.json.999999999.1.partial"
        let running = ".Preferences.json.1.7.partial"
        let own = ".Preferences.json.\(getpid()).999999.partial"
        let otherKey = ".Preferences.json.v2.json.999999999.1.partial"
        for name in [ended, running, own, otherKey] {
            try Data("{\"schemaVersion\": 2, \"mod".utf8).write(to: directory.appendingPathComponent(name))
        }
        let second = Store(model: SavedApp(), middleware: [ModelSaver(directory: directory, strategy: .manual)])
        XCTAssertEqual(second.find(Preferences.self)?.theme, "dark")
        XCTAssertEqual(temporaryFiles(), [otherKey, running, own].sorted(), "only the ended process's file is gone")
    }
}
