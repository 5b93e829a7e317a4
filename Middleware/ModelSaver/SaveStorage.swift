import Foundation

extension ModelSaver {
    /// Where a ``ModelSaver`` keeps the bytes of each saved model, one entry per key.
    ///
    /// The saver calls a storage from one background queue at a time, in the order it asked for
    /// the work, so a storage needs no ordering of its own. ``FileStorage`` is the default; an app
    /// can keep models in a keychain or a key-value store with its own storage, and tests and
    /// previews use ``MemoryStorage``.
    ///
    /// ```swift
    /// struct DefaultsStorage: ModelSaver.Storage {
    ///     func read(_ key: String) throws -> Data? { UserDefaults.standard.data(forKey: key) }
    ///     func write(_ data: Data, for key: String) throws { UserDefaults.standard.set(data, forKey: key) }
    ///     func moveAside(_ key: String, reason: String, at date: Date) throws -> String { ... }
    ///     func name(for key: String) -> String { "defaults \"\(key)\"" }
    /// }
    /// let saver = ModelSaver(storage: DefaultsStorage(), strategy: .manual)
    /// ```
    public protocol Storage: Sendable {
        /// The bytes stored under the key, or `nil` when nothing is.
        func read(_ key: String) throws -> Data?

        /// Replaces the bytes stored under the key, all or nothing.
        ///
        /// When it throws or is interrupted, the previous bytes must still be readable whole.
        func write(_ data: Data, for key: String) throws

        /// Moves the bytes stored under the key aside, under a name no other entry has, so that
        /// nothing is stored under the key afterwards; returns that name.
        ///
        /// The saver calls it for entries it cannot load, so they are kept for a person to look
        /// at rather than overwritten. When it throws, the entry must be where it was.
        func moveAside(_ key: String, reason: String, at date: Date) throws -> String

        /// How messages name the key's entry: a file name, say.
        func name(for key: String) -> String
    }
}

/// A name for an entry moved aside: the key, the reason and the time, to the second.
func asideName(_ key: String, reason: String, at date: Date) -> String {
    let stamp = ISO8601DateFormatter().string(from: date).replacingOccurrences(of: ":", with: "-")
    return "\(key).\(reason)-\(stamp)"
}
