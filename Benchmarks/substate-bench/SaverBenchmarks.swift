import Foundation
import Substate
import SubstateMiddleware
import Synchronization

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

    /// What a debounced saver costs a burst of changes: 1,000 changes to a saved model in a
    /// store whose saver debounces by 100 ms on the real clock, against the same burst in a
    /// store without a saver. The write itself comes after the burst and is not timed; each
    /// burst must make exactly one, or the figure misses its target.
    static func debouncedBurst(harness: Harness) async -> Figure {
        let directory = scratchDirectory("burst")
        defer { try? FileManager.default.removeItem(at: directory) }
        let storage = CountedWrites(ModelSaver.FileStorage(directory: directory))
        let saved = Store(
            model: Inventory(),
            middleware: [
                ModelSaver(storage: storage, strategy: .debounced(.milliseconds(100)), clock: ContinuousClock())
            ])
        let bare = Store(model: Inventory())
        let burst = 1_000
        let clock = ContinuousClock()
        var times: [String: [Double]] = [:]
        var writes: [Int] = []
        // The first round warms up, and is not counted.
        for round in 0...harness.rounds {
            let before = storage.count
            for (name, store) in [("saver", saved), ("bare", bare)] {
                let start = clock.now
                for _ in 0..<burst { store.update(Inventory.Restock()) }
                let elapsed = nanoseconds(start.duration(to: clock.now)) / Double(burst)
                if round > 0 { times[name, default: []].append(elapsed) }
            }
            // Until the burst's save is written.
            repeat { try? await Task.sleep(for: .milliseconds(20)) } while saved.pendingWork > 0
            await saved.effects.waitForAll()
            writes.append(storage.count - before)
        }
        let withSaver = times["saver"]!.min()!
        let without = times["bare"]!.min()!
        let wrong = writes.filter { $0 != 1 }
        return Figure(
            name: "a burst of 1,000 changes to a saved model, saver debounced 100 ms, vs no saver",
            value: wrong.isEmpty ? withSaver / without : .infinity, unit: "x", target: 1.5,
            detail: wrong.isEmpty
                ? "\(Report.format(withSaver, 0)) ns vs \(Report.format(without, 0)) ns per change, 1 write per burst"
                : "bursts made \(writes) writes; each must make exactly 1")
    }
}

/// A storage that counts the writes that reach the one it wraps.
final class CountedWrites: ModelSaver.Storage {
    private let base: any ModelSaver.Storage
    private let writes = Atomic<Int>(0)

    init(_ base: any ModelSaver.Storage) {
        self.base = base
    }

    /// How many writes reached the storage.
    var count: Int { writes.load(ordering: .relaxed) }

    func read(_ key: String) throws -> Data? { try base.read(key) }
    func write(_ data: Data, for key: String) throws {
        writes.add(1, ordering: .relaxed)
        try base.write(data, for: key)
    }
    func moveAside(_ key: String, reason: String, at date: Date) throws -> String {
        try base.moveAside(key, reason: reason, at: date)
    }
    func name(for key: String) -> String { base.name(for: key) }
}
