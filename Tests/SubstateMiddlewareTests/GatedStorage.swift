import Foundation
import SubstateMiddleware

/// A saver storage whose writes wait until the test lets them through, so a test decides
/// when each write ends.
///
/// Writes block the saver's own background queue, never the main actor or the concurrency pool.
// @unchecked Sendable: every stored property is read and written only with `condition` locked.
final class GatedStorage: ModelSaver.Storage, @unchecked Sendable {
    private let condition = NSCondition()
    private var entries: [String: Data] = [:]
    private var permits = 0
    private var isOpen = false
    private var blocked = 0
    /// Every write that reached the storage, in order.
    private var writes: [(key: String, data: Data)] = []

    /// Lets this many more writes through.
    func allow(_ count: Int) {
        condition.lock()
        permits += count
        condition.broadcast()
        condition.unlock()
    }

    /// Lets every write through from now on.
    func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks writes again.
    func close() {
        condition.lock()
        isOpen = false
        permits = 0
        condition.unlock()
    }

    /// The number of writes waiting to be let through.
    var waiting: Int { locked { blocked } }

    /// The bytes written for a key, in the order they were written.
    func written(_ key: String) -> [Data] { locked { writes.filter { $0.key == key }.map(\.data) } }

    func read(_ key: String) throws -> Data? { locked { entries[key] } }

    func write(_ data: Data, for key: String) throws {
        condition.lock()
        defer { condition.unlock() }
        blocked += 1
        while !isOpen && permits == 0 { condition.wait() }
        blocked -= 1
        if !isOpen { permits -= 1 }
        entries[key] = data
        writes.append((key, data))
        condition.broadcast()
    }

    func moveAside(_ key: String, reason: String, at date: Date) throws -> String {
        locked {
            entries["\(key).\(reason)"] = entries.removeValue(forKey: key)
            return "\(key).\(reason)"
        }
    }

    func name(for key: String) -> String { key }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }
}
