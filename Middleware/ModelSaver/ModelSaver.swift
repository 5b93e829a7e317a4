import Foundation
import Substate

/// Keeps ``SavedModel``s on disk: loads them when the store starts, and saves them as they
/// change.
///
/// Each saved model in the tree has an entry in the saver's ``Storage``, named by its
/// ``SavedModel/saveKey``: by default a JSON file in a directory (``FileStorage``). When the
/// store starts, the saver loads the entries and puts each model in the tree with
/// `Store.Replace`, before the app's first own action, so the first state the app sees is the
/// loaded one; a saved model registered later (`Store.Register`) is loaded as it is
/// registered. Afterwards it saves by its ``Strategy``, on the clock it was given or else the
/// store's (`store.dependencies.clock`, a test's `TestClock`), writing a model only when its
/// encoded form changed since the last save or load. A burst of actions keeps one pending
/// write, whatever its length. Encoding and writing run on a background queue of the saver's
/// own. Outcomes are actions (``LoadDidSucceed``, ``SaveDidFail``...); its successes and
/// completions are `QuietAction`s, which an exhaustive `TestStore` test need not receive.
///
/// Nothing saved is lost:
/// - Saves of one model are ordered. A later state is never overwritten by an earlier one,
///   whatever the strategy, the timing of the store's release, or cancellation.
/// - A save asked for while the same model is being written is remembered, and runs with the
///   newest state as soon as that write ends.
/// - A write that reported success has reached the disk (see ``FileStorage``).
/// - Changes not yet saved are written when the store is released, after every write
///   already under way.
/// - A corrupt entry, or one of an older version without a migration, is moved aside under a
///   name no other file has, reported with ``LoadDidFail``, and the model keeps its value.
///   An entry written by a newer schema version, or one that could not be moved aside, is
///   never overwritten.
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
    /// When the saver loads saved models.
    public enum LoadStrategy: String, Sendable, Codable, Equatable {
        /// When the store starts, before the app's first action.
        case automatic
        /// Only when ``Load`` or ``LoadAll`` is dispatched.
        case manual
    }

    /// When the saver writes changed models.
    public enum Strategy: Sendable, Codable, Equatable {
        /// Only when ``Save`` is dispatched.
        case manual
        /// Every interval.
        case periodic(Duration)
        /// Once actions have stopped for the interval.
        case debounced(Duration)
        /// At most once per interval: the first action after a save schedules the next one.
        case throttled(Duration)
    }

    private let writer: SaveWriter
    /// The strategy the saver was made with.
    private let initialStrategy: Strategy
    private let loading: LoadStrategy
    /// The scheduler on the clock the saver was given; `nil` to use each store's clock.
    private let scheduler: TimingScheduler?
    private let date: @Sendable () -> Date
    /// The session last used, kept at hand (see ``session(of:)``); let go when its store goes.
    private var lastSession: Session?

    /// What the saver keeps for one store: each store made from one middleware list has its
    /// own strategy, timers and writes in flight; the storage, and the order of its writes,
    /// are shared.
    @MainActor
    private final class Session: HoldsPendingWork {
        /// The current strategy, as the registered ``Settings`` hold it: both follow
        /// ``SetStrategy``.
        var strategy: Strategy
        /// Keys whose entry must not be overwritten (a newer schema version or another model
        /// type wrote it, or it could not be read, or loaded nor moved aside), with the reason,
        /// which every save reports.
        var protected: [String: String] = [:]
        /// The scheduler on the saver's clock, or the store's: made when first needed, so a
        /// saver that never schedules never reads the store's clock.
        var scheduler: TimingScheduler?
        /// The one sleep pending for the strategy, if any.
        var scheduled: ScheduledWork?
        /// When the debounced save is due, on the scheduler's time: actions move it, and the
        /// pending sleep, waking before it, sleeps again for the rest.
        var deadline: Duration?
        /// The deadline the pending sleep was started for: the save is due when it wakes unless
        /// an action moved the deadline since.
        var sleepsUntil: Duration?
        /// Keys with a write queued or under way.
        var inFlight: Set<String> = []
        /// Keys asked to be saved while in flight, saved again when that write ends.
        var requested: Set<String> = []
        /// The store; weak, so an outcome on its way does not keep a released store alive.
        weak var store: Store?
        /// The store's identity, which lasts as long as the session, since the store owns it.
        let storeID: ObjectIdentifier

        init(strategy: Strategy, store: Store) {
            self.strategy = strategy
            self.store = store
            storeID = ObjectIdentifier(store)
        }

        /// A save scheduled by the strategy, and the writes under way.
        var pendingWork: Int { (scheduled == nil ? 0 : 1) + inFlight.count }
    }

    /// Creates a saver that keeps each model in a JSON file in a directory.
    ///
    /// - Parameters:
    ///   - directory: Where the files live; created when first needed.
    ///   - strategy: When changed models are written.
    ///   - loading: Whether models are loaded at start or only when asked.
    ///   - date: Dates the names of files moved aside.
    ///
    /// The strategy's intervals are measured on the store's clock (`store.dependencies.clock`),
    /// so a test that sets a `TestClock` in the store's dependencies drives the saver with it.
    public convenience init(
        directory: URL, strategy: Strategy = .debounced(.seconds(1)), loading: LoadStrategy = .automatic,
        date: @escaping @Sendable () -> Date = Date.init
    ) {
        self.init(storage: FileStorage(directory: directory), strategy: strategy, loading: loading, date: date)
    }

    /// Creates a saver that keeps each model in a JSON file in a directory, and measures its
    /// strategy's intervals on the given clock rather than the store's.
    ///
    /// - Parameters:
    ///   - directory: Where the files live; created when first needed.
    ///   - strategy: When changed models are written.
    ///   - loading: Whether models are loaded at start or only when asked.
    ///   - clock: Measures the strategy's intervals; tests pass a `TestClock`.
    ///   - date: Dates the names of files moved aside.
    public convenience init<C: Clock>(
        directory: URL, strategy: Strategy = .debounced(.seconds(1)), loading: LoadStrategy = .automatic,
        clock: C, date: @escaping @Sendable () -> Date = Date.init
    ) where C.Duration == Duration {
        self.init(
            storage: FileStorage(directory: directory), strategy: strategy, loading: loading, clock: clock, date: date)
    }

    /// Creates a saver that keeps models in the given storage.
    ///
    /// - Parameters:
    ///   - storage: Where the bytes go: ``FileStorage``, ``MemoryStorage`` or an app's own.
    ///   - strategy: When changed models are written.
    ///   - loading: Whether models are loaded at start or only when asked.
    ///   - date: Dates the names of entries moved aside.
    ///
    /// The strategy's intervals are measured on the store's clock (`store.dependencies.clock`),
    /// so a test that sets a `TestClock` in the store's dependencies drives the saver with it.
    public init(
        storage: any Storage, strategy: Strategy = .debounced(.seconds(1)), loading: LoadStrategy = .automatic,
        date: @escaping @Sendable () -> Date = Date.init
    ) {
        writer = SaveWriter(storage: storage)
        initialStrategy = strategy
        self.loading = loading
        scheduler = nil
        self.date = date
    }

    /// Creates a saver that keeps models in the given storage, and measures its strategy's
    /// intervals on the given clock rather than the store's.
    ///
    /// - Parameters:
    ///   - storage: Where the bytes go: ``FileStorage``, ``MemoryStorage`` or an app's own.
    ///   - strategy: When changed models are written.
    ///   - loading: Whether models are loaded at start or only when asked.
    ///   - clock: Measures the strategy's intervals; tests pass a `TestClock`.
    ///   - date: Dates the names of entries moved aside.
    public init<C: Clock>(
        storage: any Storage, strategy: Strategy = .debounced(.seconds(1)), loading: LoadStrategy = .automatic,
        clock: C, date: @escaping @Sendable () -> Date = Date.init
    ) where C.Duration == Duration {
        writer = SaveWriter(storage: storage)
        initialStrategy = strategy
        self.loading = loading
        scheduler = TimingScheduler(clock: clock)
        self.date = date
    }

    /// Creates a saver that saves at most once per `throttle` seconds, as the Substate
    /// documentation writes it.
    public convenience init(path: URL, throttle: Double) {
        self.init(directory: path, strategy: .throttled(.milliseconds(Int64(throttle * 1000))))
    }

    public func handle(_ action: Action, store: Store, next: Next) {
        let actionType = ObjectIdentifier(type(of: action))
        // Most actions are the app's own: each one is a change to save by the strategy.
        guard Self.ownTypes.contains(actionType) else {
            next(action)
            return changed(session(of: store), store)
        }
        // A saved model that a registration adds, and no model of its key was in the store yet.
        let registered = isAction(action, Store.Register.self) ? newSavedModel(action, in: store) : nil
        next(action)
        let session = session(of: store)
        if let registered {
            if loading == .automatic, inTree(registered, store) {
                loadModels(keyed: [registered], into: store, session)
            }
            return
        }
        if isAction(action, Store.Start.self) {
            store.update(Store.Register(model: Settings(strategy: initialStrategy, loading: loading)))
            if loading == .automatic { loadAll(into: store, session) }
            if case .periodic(let interval) = session.strategy { schedulePeriodic(interval, session) }
            return
        }
        if isAction(action, Save.self), let save = action as? Save {
            if let key = save.key, !inTree(key, store) {
                return reportMissing(key, typeName: save.type, saving: true, in: store)
            }
            return saveChanged(session, only: save.key.map { [$0] })
        }
        if isAction(action, SaveAll.self) { return saveChanged(session, force: true) }
        if isAction(action, LoadAll.self) { return loadAll(into: store, session) }
        if isAction(action, Load.self), let load = action as? Load {
            guard inTree(load.key, store) else {
                return reportMissing(load.key, typeName: load.type, saving: false, in: store)
            }
            return loadModels(keyed: [load.key], into: store, session)
        }
        if isAction(action, SetStrategy.self), let set = action as? SetStrategy {
            session.strategy = set.strategy
            session.scheduled?.cancel()
            session.scheduled = nil
            session.deadline = nil
            if case .periodic(let interval) = session.strategy { schedulePeriodic(interval, session) }
            return
        }
        // Anything else of the saver's own (its outcomes, a registration) is no change to save.
    }

    /// The saver's storage for a store, made on its first action; the last one asked for is
    /// kept at hand, since an app has one store most of the time.
    private func session(of store: Store) -> Session {
        if let last = lastSession, last.storeID == ObjectIdentifier(store) { return last }
        let session = store.storage(for: self) { Session(strategy: initialStrategy, store: store) }
        lastSession = session
        return session
    }

    /// An action changed the store's state: the strategy decides when to save.
    private func changed(_ session: Session, _ store: Store) {
        switch session.strategy {
        case .manual, .periodic:
            return
        case .debounced(let interval):
            // The burst moves the deadline; the one pending sleep finds it when it wakes.
            let scheduler = scheduler(for: session, store)
            session.deadline = scheduler.now() + interval
            if session.scheduled == nil { scheduleSave(after: interval, on: scheduler, session) }
        case .throttled(let interval):
            if session.scheduled == nil { scheduleSave(after: interval, on: scheduler(for: session, store), session) }
        }
    }

    /// The scheduler of a store's session: on the saver's clock, or else the store's.
    private func scheduler(for session: Session, _ store: Store) -> TimingScheduler {
        if let made = session.scheduler { return made }
        let made = scheduler ?? TimingScheduler(clock: store.dependencies.clock)
        session.scheduler = made
        return made
    }

    /// Sleeps once for the interval, then saves; or, when an action moved the debounced
    /// deadline meanwhile, sleeps again until it. Only an action moves the deadline, so every
    /// sleep again follows one, whatever the clock does with its time.
    private func scheduleSave(after interval: Duration, on scheduler: TimingScheduler, _ session: Session) {
        session.sleepsUntil = session.deadline
        session.scheduled = scheduler.schedule(after: interval) { [weak self, weak session] in
            guard let self, let session else { return }
            session.scheduled = nil
            if let deadline = session.deadline, let until = session.sleepsUntil, deadline > until,
                let scheduler = session.scheduler
            {
                return self.scheduleSave(after: max(deadline - scheduler.now(), .zero), on: scheduler, session)
            }
            session.deadline = nil
            session.sleepsUntil = nil
            self.saveChanged(session)
        }
    }

    /// The key of the saved model a `Store.Register` adds, when no model with that key is in
    /// the store yet: registering a second model of a type does nothing, and loading then would
    /// undo changes not saved.
    private func newSavedModel(_ action: Action, in store: Store) -> String? {
        guard let register = action as? Store.Register, let model = register.model as? any SavedModel else {
            return nil
        }
        let key = type(of: model).saveKey
        return inTree(key, store) ? nil : key
    }

    /// Whether a saved model with the key is in the tree.
    private func inTree(_ key: String, _ store: Store) -> Bool {
        store.lookupAll((any SavedModel).self).contains { type(of: $0).saveKey == key }
    }

    /// A ``Save`` or ``Load`` named a type that is not in the tree: its failure says so, then
    /// its completion follows, so that a mistyped call is seen.
    private func reportMissing(_ key: String, typeName: String?, saving: Bool, in store: Store) {
        let file = writer.storage.name(for: key)
        let model = typeName.map { "no \($0) (save key \"\(key)\")" } ?? "no model with save key \"\(key)\""
        if saving {
            store.update(
                SaveDidFail(key: key, file: file, error: "\(model) is in the tree, so nothing was saved"))
            store.update(SaveDidComplete(key: key))
        } else {
            store.update(
                LoadDidFail(
                    key: key, file: file, error: "\(model) is in the tree to load into; \(file) was not read",
                    reason: .notInTree))
            store.update(LoadDidComplete(key: key))
        }
    }

    /// The actions the saver handles or sends itself, which are not changes to save.
    private static let ownTypes: Set<ObjectIdentifier> = [
        ObjectIdentifier(Store.Start.self), ObjectIdentifier(Save.self), ObjectIdentifier(SaveAll.self),
        ObjectIdentifier(Load.self), ObjectIdentifier(LoadAll.self), ObjectIdentifier(SetStrategy.self),
        ObjectIdentifier(Store.Register.self),
        ObjectIdentifier(SaveDidSucceed.self), ObjectIdentifier(SaveDidFail.self),
        ObjectIdentifier(SaveDidComplete.self),
        ObjectIdentifier(SaveAllDidComplete.self), ObjectIdentifier(LoadDidSucceed.self),
        ObjectIdentifier(LoadDidFail.self), ObjectIdentifier(LoadDidComplete.self),
        ObjectIdentifier(LoadAllDidComplete.self),
    ]

    /// Writes every changed model before the store goes, after the writes already queued, and
    /// waits for them: the newest state is the one left on disk.
    public func storeWillRelease(_ store: Store) {
        guard let session = store.existingStorage(for: self, as: Session.self) else { return }
        if lastSession === session { lastSession = nil }
        session.scheduled?.cancel()
        session.scheduled = nil
        session.deadline = nil
        var seen: Set<String> = []
        for model in store.lookupAll((any SavedModel).self) {
            let key = type(of: model).saveKey
            guard seen.insert(key).inserted, session.protected[key] == nil else { continue }
            // No action can report a failure now that the store is going away; standard error can.
            if case .failed(let error) = writer.saveNow(model) {
                FileHandle.standardError.write(
                    Data("substate: ModelSaver could not save \(key) as the store was released: \(error)\n".utf8))
            }
        }
    }

    // MARK: Loading

    private func loadAll(into store: Store, _ session: Session) {
        loadModels(keyed: nil, into: store, session)
        store.update(LoadAllDidComplete())
    }

    /// Loads the saved models of the tree (those with the given keys, or all).
    private func loadModels(keyed keys: Set<String>?, into store: Store, _ session: Session) {
        var seen: Set<ObjectIdentifier> = []
        for model in store.lookupAll((any SavedModel).self)
        where seen.insert(ObjectIdentifier(type(of: model))).inserted {
            if let keys, !keys.contains(type(of: model).saveKey) { continue }
            load(model, into: store, session)
        }
    }

    /// Loads the entry of a saved model's type; `current` only names the type.
    private func load<M: SavedModel>(_ current: M, into store: Store, _ session: Session) {
        let key = M.saveKey
        defer { store.update(LoadDidComplete(key: key)) }
        let file = writer.storage.name(for: key)
        let data: Data
        do {
            guard let read = try writer.read(key) else {
                return store.update(
                    LoadDidFail(key: key, file: file, error: "nothing is stored for \(key)", reason: .nothingStored))
            }
            data = read
        } catch {
            // An entry that cannot be read now may be readable later: it is not overwritten.
            let reason = describeSaveError(error)
            session.protected[key] =
                "\(file) could not be read as the store started (\(reason)) and is not overwritten"
            return store.update(LoadDidFail(key: key, file: file, error: reason, reason: .unreadable))
        }
        do {
            let model = try decode(M.self, from: data)
            writer.loaded(data, for: key)
            store.update(Store.Replace(model: model))
            store.update(LoadDidSucceed(key: key))
        } catch SaveError.newerVersion(let found, let supported) {
            let error = SaveError.newerVersion(found: found, supported: supported)
            session.protected[key] = "\(file) was \(error.description)"
            store.update(LoadDidFail(key: key, file: file, error: error.description, reason: .newerVersion))
        } catch SaveError.wrongType(let found, let expected) {
            // Another model's entry: it is that model's data, so it is kept as it is.
            let error = SaveError.wrongType(found: found, expected: expected)
            session.protected[key] = "\(file) holds \(found), not \(expected), and is not overwritten"
            store.update(LoadDidFail(key: key, file: file, error: error.description, reason: .wrongType))
        } catch {
            let reason = (error as? SaveError)?.isCorrupt == false ? "unmigrated" : "corrupt"
            let where_: String
            do {
                where_ = "\(file) (moved to \(try writer.moveAside(key, reason: reason, at: date())))"
            } catch let moveError {
                let reason = describeSaveError(moveError)
                session.protected[key] =
                    "\(file) could not be loaded nor moved aside (\(reason)) and is not overwritten"
                where_ = "\(file) (left in place and not overwritten: \(reason))"
            }
            let failure: LoadDidFail.Reason = (error as? SaveError)?.isCorrupt == false ? .unmigrated : .corrupt
            store.update(LoadDidFail(key: key, file: where_, error: describeSaveError(error), reason: failure))
        }
    }

    private func decode<M: SavedModel>(_ type: M.Type, from data: Data) throws -> M {
        let header: SaveHeader
        do {
            header = try JSONDecoder().decode(SaveHeader.self, from: data)
        } catch {
            throw SaveError.corrupt(describeSaveError(error))
        }
        let version = header.schemaVersion
        // Entries written before the type was recorded name none, and load as before.
        if let found = header.type, found != M.savedTypeName {
            throw SaveError.wrongType(found: found, expected: M.savedTypeName)
        }
        if version > M.schemaVersion { throw SaveError.newerVersion(found: version, supported: M.schemaVersion) }
        let model = try modelJSON(in: data)
        if version < M.schemaVersion {
            do {
                return try M.migrate(from: version, data: model)
            } catch let error as SaveError {
                throw error
            } catch {
                throw SaveError.migrationFailed(from: version, cause: describeSaveError(error))
            }
        }
        do {
            return try JSONDecoder().decode(M.self, from: model)
        } catch {
            throw SaveError.corrupt(describeSaveError(error))
        }
    }

    // MARK: Saving

    /// Queues the writing of every saved model (or of those with the given keys) whose encoded
    /// form changed; a model already being written is saved again once that write ends, and a
    /// model whose entry is protected is reported as not saved.
    private func saveChanged(_ session: Session, only keys: Set<String>? = nil, force: Bool = false) {
        guard let store = session.store else { return }
        var seen: Set<String> = []
        var pending: [(key: String, outcome: PendingOutcome)] = []
        for model in store.lookupAll((any SavedModel).self) {
            let key = type(of: model).saveKey
            guard seen.insert(key).inserted else { continue }
            if let keys, !keys.contains(key) { continue }
            if let reason = session.protected[key] {
                pending.append((key, PendingOutcome(.failed("not saved: \(reason)"))))
                continue
            }
            if session.inFlight.contains(key) {
                session.requested.insert(key)
                continue
            }
            session.inFlight.insert(key)
            // Queued now, as the state is taken, so writes of one key keep the order of states.
            pending.append((key, writer.enqueue(model, force: force)))
        }
        guard !pending.isEmpty else { return }
        let batch = pending
        let name = writer.storage.name
        store.effects.run { [weak self, weak session] send in
            var written: [String] = []
            var attempted = false
            for (key, pending) in batch {
                let outcome = await pending.outcome
                switch outcome {
                case .unchanged:
                    await self?.finished(key, session)
                    continue
                case .written:
                    attempted = true
                    written.append(key)
                    await send(SaveDidSucceed(key: key))
                case .failed(let error):
                    attempted = true
                    await send(SaveDidFail(key: key, file: name(key), error: error))
                }
                await send(SaveDidComplete(key: key))
                await self?.finished(key, session)
            }
            if attempted { await send(SaveAllDidComplete(written: written)) }
        }
    }

    /// A key's write ended: a save asked for meanwhile runs now, with the newest state.
    private func finished(_ key: String, _ session: Session?) {
        guard let session else { return }
        session.inFlight.remove(key)
        guard session.requested.remove(key) != nil else { return }
        saveChanged(session, only: [key])
    }

    private func schedulePeriodic(_ interval: Duration, _ session: Session) {
        guard let store = session.store else { return }
        session.scheduled = scheduler(for: session, store).schedule(after: interval) { [weak self, weak session] in
            guard let self, let session else { return }
            self.saveChanged(session)
            self.schedulePeriodic(interval, session)
        }
    }
}
