import Foundation
import Synchronization

extension ModelSaver {
    /// Keeps saved models in memory, for tests and previews.
    ///
    /// Hold on to it to start a second store from what the first one saved, or to look at the
    /// bytes a test saved.
    ///
    /// ```swift
    /// let storage = ModelSaver.MemoryStorage()
    /// let store = Store(model: App(), middleware: [ModelSaver(storage: storage, strategy: .manual)])
    /// store.update(ModelSaver.Save())
    /// await store.effects.waitForAll()
    /// storage.entries["Settings"]  // the saved bytes
    /// ```
    public final class MemoryStorage: Storage {
        private let state: Mutex<[String: Data]>

        /// Creates a storage holding the given entries.
        public init(_ entries: [String: Data] = [:]) {
            state = Mutex(entries)
        }

        /// Every entry, moved-aside ones included, by name.
        public var entries: [String: Data] { state.withLock { $0 } }

        public func read(_ key: String) throws -> Data? { state.withLock { $0[key] } }

        public func write(_ data: Data, for key: String) throws { state.withLock { $0[key] = data } }

        public func moveAside(_ key: String, reason: String, at date: Date) throws -> String {
            try state.withLock { entries in
                guard let data = entries[key] else { throw SaveError.failed("move aside", key, "nothing is stored") }
                let base = asideName(key, reason: reason, at: date)
                var name = base
                var attempt = 1
                while entries[name] != nil {
                    attempt += 1
                    name = "\(base)-\(attempt)"
                }
                entries[name] = data
                entries[key] = nil
                return name
            }
        }

        public func name(for key: String) -> String { key }
    }
}
