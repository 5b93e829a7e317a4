import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether an effect's work returned, marked from whichever thread runs it.
final class EffectEnd: Sendable {
    private let marked = Atomic<Bool>(false)
    func mark() { marked.store(true, ordering: .releasing) }
    var isMarked: Bool { marked.load(ordering: .acquiring) }
}

/// Starts asynchronous work on behalf of a store, feeds the actions it produces back through
/// the store's whole pipeline, and keeps track of it.
///
/// Every store has one, as ``Store/effects``. Middleware (the effect handler, services,
/// StateMachine nodes) start their work here, so cancellation and waiting work the same for all:
///
/// - An effect may have an ``EffectID``. Starting one with `cancelInFlight: true` first cancels
///   the running effects with that id; ``cancel(id:)`` or the action ``Store/CancelEffects``
///   cancels them by id.
/// - An effect may send no action, one, or a stream of actions over time, and may run until it
///   is cancelled.
/// - An effect that throws sends the failure action its `catch` closure makes, or else the
///   error is reported to ``onError``; it never crashes the store. Cancellation is not an error.
/// - When the store is released, every running effect is cancelled.
/// - ``waitForAll()`` waits until no effect is running, for tests and command-line programs.
///
/// ```swift
/// store.effects.run(id: "search", cancelInFlight: true, catch: { Search.Failed("\($0)") }) { send in
///     let results = try await api.search(query)
///     await send(Search.Loaded(results))
/// }
/// await store.effects.waitForAll()
/// ```
@MainActor
public final class EffectRuntime {
    private struct Running {
        let id: EffectID?
        let task: Task<Void, Never>
        /// Set from the effect's own thread as soon as its work returned (or failed), before
        /// the runtime hears of it on the main actor.
        let ended: EffectEnd
        /// Set when cancelled: the effect sends nothing more, but is tracked until its task ends.
        var isCancelled = false
        /// Why it was cancelled, kept by its `Send` for as long as the effect holds that.
        let fate: EffectFate
    }

    /// What ended an effect, for the actions it sends afterwards.
    @MainActor
    final class EffectFate {
        /// The model whose leaving the tree cancelled the effect, as Swift prints its type.
        var leftModel: String?
        /// How many actions the effect sent after it was cancelled, all dropped.
        var droppedSends = 0
    }

    // The store owns its runtime; callers that keep the runtime past the store's release are
    // stopped by `lifetime.isReleased` before they reach it.
    private unowned(unsafe) var store: Store!
    private var lifetime: StoreLifetime?
    private var running: [Int: Running] = [:]
    private var nextToken = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []
    /// Callers of ``waitUntilEnded(_:)``, by a number of their own, with the tokens they wait for.
    private var tokenWaiters: [Int: (tokens: Range<Int>, continuation: CheckedContinuation<Void, Never>)] = [:]
    private var nextTokenWaiter = 0
    /// Where effects' own code runs when it is not isolated to an actor: the global concurrent
    /// executor, or for a test store the main queue (``MainQueueTaskExecutor``).
    package var taskExecutor: (any TaskExecutor)?

    /// Receives errors thrown by effects that no `catch` closure turned into an action, with the
    /// effect's id.
    /// By default they are printed to standard error.
    public var onError: @MainActor (any Error, EffectID?) -> Void = { error, id in
        printToStandardError("substate: effect \(id.map { "\"\($0)\" " } ?? "")failed: \(error)")
    }

    init() {}

    func attach(to store: Store, lifetime: StoreLifetime) {
        self.store = store
        self.lifetime = lifetime
    }

    /// Whether the store is gone; if so, reports the call and returns `true`.
    private func storeIsGone(_ call: String) -> Bool {
        guard let lifetime, lifetime.isReleased else { return false }
        lifetime.reportUseAfterRelease(
            member: "EffectRuntime.\(call)",
            "EffectRuntime.\(call) was called after its store was released; no effect was started")
        return true
    }

    /// How many effects have a task that has not ended, cancelled ones included.
    public var inFlightCount: Int { running.count }

    /// How an effect ended, kept while ``recordsEndings`` is set.
    package enum Ending: Sendable {
        case finished, failed, cancelled
    }

    /// Whether the runtime keeps how each effect ended (``endings``): a test store does, to say
    /// what an action started when nothing arrives.
    package var recordsEndings = false
    /// How each effect that ended did, by token, while ``recordsEndings`` is set.
    package private(set) var endings: [Int: Ending] = [:]
    /// Whether the runtime keeps the tokens of the effects that ended, for ``takeEnded()``: the
    /// instances' effect table forgets ended effects by them, at the cost of the effects that
    /// ended rather than of those still running.
    package var collectsEnded = false
    private var ended: [Int] = []

    /// The tokens of the effects that ended since the last call, while ``collectsEnded`` is set.
    package func takeEnded() -> [Int] {
        guard !ended.isEmpty else { return [] }
        defer { ended = [] }
        return ended
    }

    /// The token the next effect started gets: the effects an action started have the tokens
    /// from this value before it to this value after it.
    package var nextEffectToken: Int { nextToken + 1 }

    /// Whether an effect with the id is running and not cancelled.
    public func isRunning(id: EffectID) -> Bool { running.values.contains { $0.id == id && !$0.isCancelled } }

    /// Starts an effect.
    ///
    /// - Parameters:
    ///   - id: Names the effect for cancellation.
    ///   - cancelInFlight: Cancels running effects with the same id first.
    ///   - priority: The priority of the effect's task.
    ///   - handler: Turns an error the effect throws into an action to send. Without it, or when it
    ///     returns `nil`, the error goes to ``onError``.
    ///   - operation: The work; it sends actions with the ``Send`` it is given.
    ///
    /// While the store replays a log (``Store/isReplaying``), nothing starts: the actions the
    /// effect sent are in the log. After the store is released, nothing starts either, and a
    /// ``Diagnostic`` of kind ``Diagnostic/Kind/useAfterRelease`` says so.
    public func run(
        id: EffectID? = nil, cancelInFlight: Bool = false, priority: TaskPriority? = nil,
        catch handler: (@MainActor @Sendable (any Error) -> (any Action)?)? = nil,
        _ operation: @escaping @Sendable (Send) async throws -> Void
    ) {
        start(id: id, cancelInFlight: cancelInFlight, priority: priority, catch: handler, operation)
    }

    /// Starts an effect as ``run(id:cancelInFlight:priority:catch:_:)`` does, and returns its
    /// token, by which it can be cancelled alone; `nil` when nothing started.
    ///
    /// `instance` is the screen the effect was started for, when an action addressed to one
    /// started it: what the effect sends, its failure action included, is addressed to it.
    /// `dismissal` is what `Send.dismiss()` sends for an effect started for a model.
    @discardableResult
    package func start(
        id: EffectID? = nil, cancelInFlight: Bool = false, priority: TaskPriority? = nil,
        catch handler: (@MainActor @Sendable (any Error) -> (any Action)?)? = nil,
        instance: (any AddressableInstance)? = nil, dismissal: (any Action)? = nil,
        _ operation: @escaping @Sendable (Send) async throws -> Void
    ) -> Int? {
        guard !storeIsGone("run"), !store.isReplaying else { return nil }
        if cancelInFlight, let id { cancel(id: id) }
        nextToken += 1
        let token = nextToken
        let fate = EffectFate()
        let deliver: @MainActor @Sendable (any Action) -> Void = { [weak self] action in
            guard let self else { return }
            guard self.running[token]?.isCancelled == false, !Task.isCancelled else {
                // The first action after the cancellation is dropped without a word, as TCA
                // drops it: `Result { try await client.call() }` turns the cancellation into
                // one failure to send. An effect that goes on sending ignores cancellation.
                fate.droppedSends += 1
                if fate.droppedSends > 1, let model = fate.leftModel {
                    self.reportDropped(action, leftModel: model)
                }
                return
            }
            self.store.dispatch(action, origin: .effect)
        }
        let dismissRoot: @MainActor @Sendable () -> Void = { [weak self] in
            guard let self, self.running[token]?.isCancelled == false else { return }
            self.store.dismissRoot()
        }
        let send = Send(
            deliver: deliver, dependencies: store.dependencies, instance: instance, dismissal: dismissal,
            dismissRoot: dismissRoot,
            dismissModel: { [weak self] dismissal in
                // The root is held by nothing: the store carries its dismissal out, as for an
                // effect started for no model, and there is no action for a test to receive.
                guard let self, self.store.isRoot(dismissedBy: dismissal) else { return deliver(dismissal) }
                dismissRoot()
            })
        let ended = EffectEnd()
        // Runs where the operation runs, so that its end is known there, at once.
        let work: @Sendable (Send) async throws -> Void = { send in
            do {
                try await operation(send)
            } catch let error where !(error is CancellationError) {
                ended.mark()
                throw error
            }
            ended.mark()
        }
        let executor = taskExecutor
        let dependencies = store.dependencies
        let failure: (@MainActor @Sendable (any Error) -> (any Action)?)? =
            if let instance, let handler { { handler($0).map(instance.address) } } else { handler }
        let task = Task(executorPreference: executor, priority: priority) { [weak self] in
            // The `catch` handler, which `ended` runs, reads the store's dependencies as the
            // effect does.
            await Dependencies.$current.withValue(dependencies) {
                let error = await Self.failure(of: work, send)
                await self?.ended(token, id: id, error: error, handler: failure)
            }
        }
        running[token] = Running(id: id, task: task, ended: ended, fate: fate)
        return token
    }

    /// In debug builds, notes an action that an effect sent after the model it ran for left
    /// the tree, when it is not the first such action: the action was dropped, which is what
    /// the app wants, but an effect that goes on sending after its screen is gone ignores
    /// cancellation.
    private func reportDropped(_ action: any Action, leftModel model: String) {
        #if DEBUG
            guard let lifetime, !lifetime.isReleased else { return }
            let action = typeName(type(of: action))
            store.report(
                Diagnostic(
                    kind: .actionAfterModelLeft, typeName: model, member: action,
                    message:
                        "an effect started for \(model) sent \(action) after that \(model) left the tree; the effect was cancelled then, and the action was dropped. An effect that checks for cancellation (a clock's sleep, Task.checkCancellation()) stops at once."
                ))
        #endif
    }

    /// Whether the effect with the token is running and not cancelled.
    package func isRunning(token: Int) -> Bool { running[token].map { !$0.isCancelled } ?? false }

    /// Cancels the effect with the token: it sends nothing more. When the cancellation is
    /// because a model left the tree, `leftModel` names its type, and in debug builds what the
    /// effect still sends is reported.
    package func cancel(token: Int, leftModel: String? = nil) {
        guard running[token]?.isCancelled == false else { return }
        running[token]?.fate.leftModel = leftModel
        running[token]?.task.cancel()
        running[token]?.isCancelled = true
    }

    /// An effect's task ended: its failure, if any, is handled, and it is no longer running.
    private func ended(
        _ token: Int, id: EffectID?, error: (any Error)?,
        handler: (@MainActor @Sendable (any Error) -> (any Action)?)?
    ) {
        if let error, running[token]?.task.isCancelled == false { fail(error, id: id, token: token, handler: handler) }
        if recordsEndings {
            endings[token] = running[token]?.isCancelled != false ? .cancelled : error == nil ? .finished : .failed
        }
        finish(token)
    }

    /// Runs an effect's work; returns what it threw, unless it was cancelled.
    private nonisolated static func failure(of work: @Sendable (Send) async throws -> Void, _ send: Send) async
        -> (any Error)?
    {
        do {
            try await work(send)
            return nil
        } catch is CancellationError {
            return nil
        } catch {
            return error
        }
    }

    /// Counts the effects still at work, for a test that ends, then cancels every effect. An
    /// effect whose work has returned (and whose end the runtime has not heard of yet) is not
    /// counted. It never waits: an effect that needs the main actor to end could not.
    package func cancelCountingUnfinished() -> Int {
        let unfinished = running.values.filter { !$0.ended.isMarked && !$0.isCancelled }.count
        cancelAll()
        return unfinished
    }

    /// Cancels every running effect with the id: they send nothing more.
    public func cancel(id: EffectID) {
        for (token, effect) in running where effect.id == id && !effect.isCancelled {
            effect.task.cancel()
            running[token]?.isCancelled = true
        }
    }

    /// Cancels every running effect: they send nothing more.
    public func cancelAll() {
        for token in running.keys {
            running[token]?.task.cancel()
            running[token]?.isCancelled = true
        }
    }

    /// Waits until no effect's task is left, including effects started meanwhile and cancelled
    /// ones that have not ended yet.
    public func waitForAll() async {
        while !running.isEmpty {
            await withCheckedContinuation { waiters.append($0) }
        }
    }

    private func fail(
        _ error: any Error, id: EffectID?, token: Int, handler: (@MainActor @Sendable (any Error) -> (any Action)?)?
    ) {
        guard running[token]?.isCancelled == false else { return }
        if let action = handler?(error) {
            store.dispatch(action, origin: .effect)
        } else {
            onError(error, id)
        }
    }

    /// Waits until none of the effects with the tokens has a task left, cancelled ones included,
    /// or until the waiting task is cancelled: a test store's `TestStoreTask` waits so for the
    /// effects one action started.
    ///
    /// ```swift
    /// let first = store.effects.nextEffectToken
    /// store.update(Player.Play())
    /// await store.effects.waitUntilEnded(first..<store.effects.nextEffectToken)
    /// ```
    package func waitUntilEnded(_ tokens: Range<Int>) async {
        nextTokenWaiter += 1
        let id = nextTokenWaiter
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled || !tokens.contains(where: { running[$0] != nil }) { return continuation.resume() }
                tokenWaiters[id] = (tokens, continuation)
            }
        } onCancel: {
            Task { @MainActor in self.tokenWaiters.removeValue(forKey: id)?.continuation.resume() }
        }
    }

    private func finish(_ token: Int) {
        running[token] = nil
        if collectsEnded { ended.append(token) }
        resumeWaitersIfIdle()
        for (id, waiter) in tokenWaiters where !waiter.tokens.contains(where: { running[$0] != nil }) {
            tokenWaiters[id] = nil
            waiter.continuation.resume()
        }
    }

    private func resumeWaitersIfIdle() {
        guard running.isEmpty, !waiters.isEmpty else { return }
        let resumed = waiters
        waiters = []
        for waiter in resumed { waiter.resume() }
    }
}
