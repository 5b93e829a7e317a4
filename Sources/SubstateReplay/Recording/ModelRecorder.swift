import Foundation
import Substate

/// Writes the state of each `RecordedModel` into a recorded log, after each action or every
/// few actions, beside the actions an ``ActionRecorder`` writes to the same sink.
///
/// The lines show how a model evolved when reading a log, and replay checks them: a model that
/// replays to another state is reported with the paths and values that differ.
///
/// Like the ``ActionRecorder``, it records the first store it is handed; another store made
/// from the same middleware list is refused with a `Diagnostic` of kind `sharedMiddleware`.
///
/// ```swift
/// let log = try FileLog(url: sessionFile)
/// let store = Store(model: App(), middleware: [ActionRecorder(to: log), ModelRecorder(to: log, every: 10)])
/// ```
@MainActor
public final class ModelRecorder: Middleware {
    private let sink: any LogSink
    private let every: Int
    private let cursor: LogCursor
    /// Reductions counted by this recorder, when no action recorder numbers them.
    private var sequence = 0
    /// Actions seen, to apply `every`.
    private var seen = 0
    private var observation: Store.ReductionObservation?
    private var claim = StoreClaim(
        "ModelRecorder", reuse: .never, consequence: "the models of this store are not recorded.")

    /// Creates a model recorder writing to the same sink as the log's ``ActionRecorder``.
    ///
    /// - Parameters:
    ///   - sink: The log's sink, shared with its ``ActionRecorder``.
    ///   - every: How many actions pass between snapshots of the recorded models.
    ///
    /// With an ``ActionRecorder`` on the same sink, the model lines follow the actions it
    /// records and carry their sequence numbers: none while recording is paused, whatever the
    /// order of the two in the middleware list.
    public init(to sink: any LogSink, every: Int = 1) {
        self.sink = sink
        self.every = max(1, every)
        cursor = LogCursor.cursor(for: sink)
        cursor.follow { [weak self] sequence, store in self?.write(after: sequence, in: store) }
    }

    public func handle(_ action: Action, store: Store, next: Next) {
        guard claim.admits(store) else { return next(action) }
        if observation == nil {
            // Called only inside the store's own dispatch, a flush at its release included:
            // held without a count, which would trap once the store has begun to release.
            observation = store.observeReductions { [weak self, unowned(unsafe) store] _, _ in
                guard let self, !self.cursor.numbersActions else { return }
                self.sequence += 1
                self.write(after: self.sequence, in: store)
            }
        }
        next(action)
    }

    private func write(after sequence: Int, in store: Store) {
        seen += 1
        guard seen % every == 0 else { return }
        var seen: Set<ObjectIdentifier> = []
        for model in store.lookupAll((any RecordedModel).self)
        where seen.insert(ObjectIdentifier(type(of: model))).inserted {
            guard let line = LogLines.model(model, sequence: sequence) else { continue }
            try? sink.append(line)
        }
    }
}
