import Dispatch
import Foundation
import Synchronization

/// Carries out a saver's storage work on one serial background queue, in the order the saver
/// asked for it.
///
/// The order is what keeps saves of a model ordered: a write is queued, on the main actor, at
/// the moment its state is taken from the tree, so a later state is always written after an
/// earlier one, whether it comes from a save round, a follow-up save or the store's release.
/// The writer also remembers the bytes its storage holds per key, so an unchanged model is
/// not written again.
final class SaveWriter: Sendable {
    let storage: any ModelSaver.Storage
    private let queue = DispatchQueue(label: "Substate.ModelSaver", qos: .utility)
    /// The bytes the storage holds per key, as last loaded or written.
    private let stored = Mutex<[String: Data]>([:])

    init(storage: any ModelSaver.Storage) {
        self.storage = storage
    }

    /// What became of one model's save.
    enum Outcome: Sendable {
        /// Its bytes were those already stored; nothing was written.
        case unchanged
        case written
        case failed(String)
    }

    /// Reads a key's bytes, after any work queued before.
    func read(_ key: String) throws -> Data? {
        try queue.sync { try storage.read(key) }
    }

    /// Remembers the bytes loaded for a key, so saving them unchanged writes nothing.
    func loaded(_ data: Data, for key: String) {
        stored.withLock { $0[key] = data }
    }

    /// Moves a key's entry aside, after any work queued before.
    func moveAside(_ key: String, reason: String, at date: Date) throws -> String {
        try queue.sync { try storage.moveAside(key, reason: reason, at: date) }
    }

    /// Queues the encoding and writing of a model now; its outcome can be awaited later.
    /// `force` writes it even when its bytes are those already stored.
    func enqueue(_ model: any SavedModel, force: Bool = false) -> PendingOutcome {
        let pending = PendingOutcome()
        queue.async { pending.fulfil(self.save(model, force: force)) }
        return pending
    }

    /// Encodes and writes a model after the work queued before, and returns once it is done.
    func saveNow(_ model: any SavedModel) -> Outcome {
        queue.sync { save(model) }
    }

    private func save(_ model: any SavedModel, force: Bool = false) -> Outcome {
        do {
            let (key, data) = try encodeSaved(model)
            if !force, stored.withLock({ $0[key] == data }) { return .unchanged }
            try storage.write(data, for: key)
            stored.withLock { $0[key] = data }
            return .written
        } catch {
            return .failed(describeSaveError(error))
        }
    }
}

/// The outcome of a queued save, which a task can wait for.
final class PendingOutcome: Sendable {
    private struct State {
        var outcome: SaveWriter.Outcome?
        var waiter: CheckedContinuation<SaveWriter.Outcome, Never>?
    }
    private let state: Mutex<State>

    /// An outcome to come, or one known already.
    init(_ outcome: SaveWriter.Outcome? = nil) {
        state = Mutex(State(outcome: outcome))
    }

    func fulfil(_ outcome: SaveWriter.Outcome) {
        let waiter = state.withLock { state in
            state.outcome = outcome
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: outcome)
    }

    var outcome: SaveWriter.Outcome {
        get async {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> SaveWriter.Outcome? in
                    if let outcome = state.outcome { return outcome }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }
}

/// A saved model's key and file contents.
func encodeSaved(_ model: any SavedModel) throws -> (key: String, data: Data) {
    func encode<M: SavedModel>(_ model: M) throws -> (key: String, data: Data) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (
            M.saveKey,
            try encoder.encode(SaveEnvelope(schemaVersion: M.schemaVersion, type: M.savedTypeName, model: model))
        )
    }
    return try encode(model)
}

/// An error of loading or saving, as a sentence.
func describeSaveError(_ error: any Error) -> String {
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
    if let failure = encodingFailure(error) { return "cannot encode \(failure)" }
    return "\(error)"
}
