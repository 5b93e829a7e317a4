import Foundation
import Substate

/// Keeps ``SavedModel``s on disk: loads them when the store starts, and saves them as they
/// change.
///
/// Each saved model in the tree has a JSON file in the directory, named by its
/// ``SavedModel/saveKey``. When the store starts, the saver loads the files and puts each model
/// in the tree with `Store.Replace`, before the app's first own action, so the first state
/// the app sees is the loaded one. Afterwards it saves by its ``Strategy``, on the injected
/// clock, writing a model only when its encoded form changed since the last save or load.
/// Encoding and writing run as effects, off the main actor, and each write goes through a
/// temporary file and a rename. Outcomes are actions (``LoadDidSucceed``, ``SaveDidFail``...).
///
/// Bad input loses nothing. A corrupt file, or one of an older version without a migration, is
/// moved aside under a timestamped name, reported with ``LoadDidFail``, and the model keeps its
/// value. A file written by a newer schema version is never overwritten. When the store is
/// released, changes not yet saved are written first.
///
/// ```swift
/// let store = Store(model: App(), middleware: [
///     ModelSaver(directory: appSupport, strategy: .debounced(.seconds(1))),
/// ])
/// // or, as the Substate documentation writes it:
/// ModelSaver(path: appSupport, throttle: 2)
/// ```
@MainActor
public final class ModelSaver: Middleware {
    /// When the saver writes changed models.
    public enum Strategy: Sendable {
        /// Only when ``Save`` is dispatched.
        case manual
        /// Every interval.
        case periodic(Duration)
        /// Once actions have stopped for the interval.
        case debounced(Duration)
        /// At most once per interval: the first action after a save schedules the next one.
        case throttled(Duration)
    }

    private let files: SaveFiles
    private let strategy: Strategy
    private let scheduler: TimingScheduler
    private let date: @Sendable () -> Date
    /// The bytes last loaded or written per key, to skip unchanged models.
    private var lastBytes: [String: Data] = [:]
    /// Keys whose file must not be overwritten (a newer schema version wrote it).
    private var protected: Set<String> = []
    private var scheduled: ScheduledWork?
    private var inFlight: Set<String> = []

    /// Creates a saver.
    ///
    /// - Parameters:
    ///   - directory: Where the files live; created when first needed.
    ///   - strategy: When changed models are written.
    ///   - clock: Measures the strategy's intervals; tests pass a ``TestClock``.
    ///   - date: Dates the names of files moved aside.
    public init<C: Clock>(
        directory: URL, strategy: Strategy = .debounced(.seconds(1)), clock: C = ContinuousClock(),
        date: @escaping @Sendable () -> Date = Date.init
    ) where C.Duration == Duration {
        files = SaveFiles(directory: directory)
        self.strategy = strategy
        scheduler = TimingScheduler(clock: clock)
        self.date = date
    }

    /// Creates a saver that saves at most once per `throttle` seconds, as the Substate
    /// documentation writes it.
    public convenience init(path: URL, throttle: Double) {
        self.init(directory: path, strategy: .throttled(.milliseconds(Int64(throttle * 1000))))
    }

    public func handle(_ action: Action, store: Store, next: Next) {
        next(action)
        if isAction(action, Store.Start.self) {
            loadAll(into: store)
            if case .periodic(let interval) = strategy { schedulePeriodic(interval, store: store) }
            return
        }
        if isAction(action, Save.self) { return saveChanged(in: store) }
        // The saver's own outcomes do not count as changes to save.
        guard !Self.outcomeTypes.contains(ObjectIdentifier(type(of: action))) else { return }
        switch strategy {
        case .manual, .periodic:
            return
        case .debounced(let interval):
            scheduled?.cancel()
            scheduleSave(after: interval, in: store)
        case .throttled(let interval):
            if scheduled == nil { scheduleSave(after: interval, in: store) }
        }
    }

    private func scheduleSave(after interval: Duration, in store: Store) {
        scheduled = scheduler.schedule(after: interval) { [weak self, weak store] in
            guard let self, let store else { return }
            self.scheduled = nil
            self.saveChanged(in: store)
        }
    }

    private static let outcomeTypes: Set<ObjectIdentifier> = [
        ObjectIdentifier(SaveDidSucceed.self), ObjectIdentifier(SaveDidFail.self),
        ObjectIdentifier(SaveDidComplete.self),
        ObjectIdentifier(SaveAllDidComplete.self), ObjectIdentifier(LoadDidSucceed.self),
        ObjectIdentifier(LoadDidFail.self), ObjectIdentifier(LoadDidComplete.self),
        ObjectIdentifier(LoadAllDidComplete.self),
    ]

    public func storeWillRelease(_ store: Store) {
        scheduled?.cancel()
        scheduled = nil
        for model in store.findAll((any SavedModel).self) {
            guard let (key, data) = try? encode(model), shouldWrite(key, data) else { continue }
            if (try? files.write(data, for: key)) != nil { lastBytes[key] = data }
        }
    }

    // MARK: Loading

    private func loadAll(into store: Store) {
        var seen: Set<ObjectIdentifier> = []
        for model in store.findAll((any SavedModel).self) where seen.insert(ObjectIdentifier(type(of: model))).inserted
        {
            load(model, into: store)
        }
        store.update(LoadAllDidComplete())
    }

    /// Loads the file of a saved model's type; `current` only names the type.
    private func load<M: SavedModel>(_ current: M, into store: Store) {
        let key = M.saveKey
        defer { store.update(LoadDidComplete(key: key)) }
        let file = files.url(for: key).lastPathComponent
        let data: Data
        do {
            guard let read = try files.read(key) else { return }
            data = read
        } catch {
            return store.update(LoadDidFail(key: key, file: file, error: "unreadable: \(error.localizedDescription)"))
        }
        do {
            let model = try decode(M.self, from: data)
            lastBytes[key] = data
            store.update(Store.Replace(model: model))
            store.update(LoadDidSucceed(key: key))
        } catch SaveError.newerVersion(let found, let supported) {
            protected.insert(key)
            let error = SaveError.newerVersion(found: found, supported: supported)
            store.update(LoadDidFail(key: key, file: file, error: error.description))
        } catch {
            let reason = (error as? SaveError)?.isCorrupt == false ? "unmigrated" : "corrupt"
            let moved = (try? files.moveAside(key, reason: reason, at: date())) ?? file
            store.update(LoadDidFail(key: key, file: "\(file) (moved to \(moved))", error: describe(error)))
        }
    }

    private func decode<M: SavedModel>(_ type: M.Type, from data: Data) throws -> M {
        let version: Int
        do {
            version = try JSONDecoder().decode(SaveHeader.self, from: data).schemaVersion
        } catch {
            throw SaveError.corrupt(describe(error))
        }
        if version > M.schemaVersion { throw SaveError.newerVersion(found: version, supported: M.schemaVersion) }
        let model = try modelJSON(in: data)
        if version < M.schemaVersion {
            do {
                return try M.migrate(from: version, data: model)
            } catch let error as SaveError {
                throw error
            } catch {
                throw SaveError.migrationFailed(from: version, cause: describe(error))
            }
        }
        do {
            return try JSONDecoder().decode(M.self, from: model)
        } catch {
            throw SaveError.corrupt(describe(error))
        }
    }

    // MARK: Saving

    /// Starts writing every saved model whose encoded form changed, off the main actor.
    private func saveChanged(in store: Store) {
        let models = store.findAll((any SavedModel).self)
        var seen: Set<String> = []
        var pending: [(key: String, model: any SavedModel)] = []
        for model in models {
            let key = type(of: model).saveKey
            guard seen.insert(key).inserted, !protected.contains(key), !inFlight.contains(key) else { continue }
            pending.append((key, model))
        }
        guard !pending.isEmpty else { return }
        for entry in pending { inFlight.insert(entry.key) }
        let batch = pending
        let files = self.files
        let known = lastBytes
        store.effects.run { [weak self] send in
            var written: [String] = []
            var attempted = false
            for (key, model) in batch {
                do {
                    let data = try encode(model).data
                    if known[key] == data {
                        await self?.finished(key, data: nil)
                        continue
                    }
                    attempted = true
                    try files.write(data, for: key)
                    await self?.finished(key, data: data)
                    written.append(key)
                    await send(SaveDidSucceed(key: key))
                } catch {
                    await self?.finished(key, data: nil)
                    await send(
                        SaveDidFail(key: key, file: files.url(for: key).lastPathComponent, error: describe(error)))
                }
                await send(SaveDidComplete(key: key))
            }
            if attempted { await send(SaveAllDidComplete(written: written)) }
        }
    }

    private func finished(_ key: String, data: Data?) {
        inFlight.remove(key)
        if let data { lastBytes[key] = data }
    }

    private func shouldWrite(_ key: String, _ data: Data) -> Bool {
        !protected.contains(key) && lastBytes[key] != data
    }

    private func schedulePeriodic(_ interval: Duration, store: Store) {
        scheduled = scheduler.schedule(after: interval) { [weak self, weak store] in
            guard let self, let store else { return }
            self.saveChanged(in: store)
            self.schedulePeriodic(interval, store: store)
        }
    }
}

/// A saved model's key and file contents.
private func encode(_ model: any SavedModel) throws -> (key: String, data: Data) {
    func encode<M: SavedModel>(_ model: M) throws -> (key: String, data: Data) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (M.saveKey, try encoder.encode(SaveEnvelope(schemaVersion: M.schemaVersion, model: model)))
    }
    return try encode(model)
}

/// An error as a sentence.
private func describe(_ error: any Error) -> String {
    if let error = error as? SaveError { return error.description }
    if let error = error as? DecodingError {
        switch error {
        case .dataCorrupted(let context): return "data corrupted: \(context.debugDescription)"
        case .keyNotFound(let key, _): return "missing key \"\(key.stringValue)\""
        case .typeMismatch(let type, let context): return "expected \(type) at \(context.codingPath.map(\.stringValue))"
        case .valueNotFound(let type, let context): return "missing \(type) at \(context.codingPath.map(\.stringValue))"
        @unknown default: return "\(error)"
        }
    }
    return "\(error)"
}
