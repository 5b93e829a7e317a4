import Foundation
import Substate
import SubstateMiddleware

/// A saved model of 10,000 items.
struct Inventory: SavedModel {
    struct Entry: Codable, Sendable {
        var id: Int
        var name: String
        var quantity: Int
    }
    struct Restock: Action {}
    var entries = (0..<10_000).map { Entry(id: $0, name: "item \($0)", quantity: $0 % 17) }
    mutating func update(action: Action) {
        if action is Restock { entries[0].quantity &+= 1 }
    }
}

/// A debounced save through the saver, against encoding and writing the same model directly.
@MainActor
enum SaverBenchmarks {
    static func debouncedSave(harness: Harness) async -> Figure {
        let directory = scratchDirectory("saver")
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = TestClock()
        let store = Store(
            model: Inventory(),
            middleware: [
                ModelSaver(
                    directory: directory.appendingPathComponent("saver"), strategy: .debounced(.milliseconds(100)),
                    clock: clock)
            ])
        var direct = Inventory()
        let directFile = directory.appendingPathComponent("direct.json")
        let times = await harness.compareAsync([
            (
                "saver", 5,
                { count in
                    for _ in 0..<count {
                        store.update(Inventory.Restock())
                        await clock.advance(by: .milliseconds(100))
                        await store.effects.waitForAll()
                    }
                }
            ),
            (
                "direct", 5,
                { count in
                    for _ in 0..<count {
                        direct.update(action: Inventory.Restock())
                        let encoder = JSONEncoder()
                        encoder.outputFormatting = [.sortedKeys]
                        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                        try? encoder.encode(direct).write(to: directFile, options: .atomic)
                    }
                }
            ),
        ])
        return Figure(
            name: "debounced save of a 10,000-item model vs encode and write",
            value: times["saver"]! / times["direct"]!,
            unit: "x", target: .infinity,
            detail:
                "\(Report.format(times["saver"]! / 1_000_000, 2)) ms vs \(Report.format(times["direct"]! / 1_000_000, 2)) ms per save"
        )
    }

    /// What durability costs: the file storage's write (temporary file, flush to disk, rename,
    /// flush of the directory) against Foundation's atomic write, which flushes nothing, of the
    /// same bytes.
    static func durableWrite(harness: Harness) -> Figure {
        let directory = scratchDirectory("durable")
        defer { try? FileManager.default.removeItem(at: directory) }
        let storage = ModelSaver.FileStorage(directory: directory.appendingPathComponent("storage"))
        let plainFile = directory.appendingPathComponent("plain.json")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(Inventory())) ?? Data()
        let times = harness.compare([
            ("durable", 5, { count in for _ in 0..<count { try? storage.write(data, for: "Inventory") } }),
            ("atomic", 5, { count in for _ in 0..<count { try? data.write(to: plainFile, options: .atomic) } }),
        ])
        let durable = times["durable"]!
        let atomic = times["atomic"]!
        return Figure(
            name: "durable write of a 10,000-item model (fsync, rename, directory fsync) vs Data.write(.atomic)",
            value: durable / atomic, unit: "x", target: .infinity,
            detail:
                "\(Report.format(durable / 1_000_000, 2)) ms vs \(Report.format(atomic / 1_000_000, 2)) ms per write, \(data.count / 1024) KiB"
        )
    }
}
