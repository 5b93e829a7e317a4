import Synchronization

/// The work one ``Store/send(_:)`` started, to wait for or cancel: TCA's `StoreTask`.
///
/// Awaiting ``finish()`` waits until the store handled the action and the effects it started
/// ended, so a caller that must know when the work is done (SwiftUI's `.refreshable`, which
/// shows its spinner until then, or `.task`, whose cancellation ends the effects) says so in
/// one line; ``cancel()`` ends them. The task covers the effects the action started, not those
/// of the actions they send in turn.
///
/// ```swift
/// // SwiftUI (any view): the spinner stays until the refresh's effects end.
/// // .refreshable { await store.send(Feed.Refresh()).finish() }
/// let task = store.send(Player.Play())
/// await task.cancel()
/// ```
public struct StoreTask: Sendable {
    /// Where a sent action's effects are, once the store handled it; shared by the copies of
    /// one task and by the store's inbox.
    final class Ticket: Sendable {
        private struct State {
            /// `nil` until the action was handled; empty when it started nothing or never ran.
            var tokens: Range<Int>?
            var cancelRequested = false
            var waiters: [CheckedContinuation<Range<Int>, Never>] = []
        }

        private let state = Mutex(State())

        /// The action was handled and started the effects with the tokens.
        @MainActor func handled(starting tokens: Range<Int>, in effects: EffectRuntime) {
            let (waiters, cancelled) = state.withLock { state in
                state.tokens = tokens
                defer { state.waiters = [] }
                return (state.waiters, state.cancelRequested)
            }
            if cancelled { for token in tokens { effects.cancel(token: token) } }
            for waiter in waiters { waiter.resume(returning: tokens) }
        }

        /// The store went before it handled the action: nothing runs for it.
        func abandon() {
            let waiters = state.withLock { state in
                state.tokens = 0..<0
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume(returning: 0..<0) }
        }

        /// Waits until the action was handled; the tokens of the effects it started.
        func tokens() async -> Range<Int> {
            await withCheckedContinuation { continuation in
                let known = state.withLock { state in
                    if state.tokens == nil { state.waiters.append(continuation) }
                    return state.tokens
                }
                if let known { continuation.resume(returning: known) }
            }
        }

        /// Notes that the effects are to be cancelled; the tokens when they are known already.
        func requestCancel() -> Range<Int>? {
            state.withLock { state in
                state.cancelRequested = true
                return state.tokens
            }
        }

        var isCancelRequested: Bool { state.withLock { $0.cancelRequested } }
    }

    private weak var store: Store?
    private let ticket: Ticket

    init(store: Store, ticket: Ticket) {
        self.store = store
        self.ticket = ticket
    }

    /// Waits until the store handled the action and the effects it started ended, as TCA's
    /// `await store.send(.refresh).finish()`.
    ///
    /// Use it where the caller's own work lasts as long as the action's (a pull to refresh).
    /// Cancelling the task that awaits it cancels the effects, as TCA's does: a SwiftUI `.task`
    /// that awaits it ends them when its view goes.
    ///
    /// ```swift
    /// await store.send(Feed.Refresh()).finish()
    /// ```
    public func finish() async {
        await withTaskCancellationHandler {
            let tokens = await ticket.tokens()
            guard !tokens.isEmpty, !Task.isCancelled else { return }
            await Self.waitUntilEnded(tokens, of: store)
        } onCancel: {
            let known = ticket.requestCancel()
            if let known { Task { @MainActor [store] in Self.cancel(known, of: store) } }
        }
    }

    /// Cancels the effects the action started (once it was handled, if it was not yet) and waits
    /// for them to end, as a view's going away does.
    ///
    /// Use it for a long-living effect that only the caller can end.
    ///
    /// ```swift
    /// let task = store.send(Timer.Start())
    /// await task.cancel()
    /// ```
    public func cancel() async {
        guard let known = ticket.requestCancel() else {
            // Handled later: the store cancels the effects as it starts them.
            let tokens = await ticket.tokens()
            await Self.waitUntilEnded(tokens, of: store)
            return
        }
        await Self.cancelAndWait(known, of: store)
    }

    /// Whether ``cancel()`` was called, or the task awaiting ``finish()`` was cancelled.
    ///
    /// ```swift
    /// if !task.isCancelled { await task.finish() }
    /// ```
    public var isCancelled: Bool { ticket.isCancelRequested }

    @MainActor private static func cancel(_ tokens: Range<Int>, of store: Store?) {
        guard let effects = store?.effects else { return }
        for token in tokens { effects.cancel(token: token) }
    }

    @MainActor private static func cancelAndWait(_ tokens: Range<Int>, of store: Store?) async {
        cancel(tokens, of: store)
        await waitUntilEnded(tokens, of: store)
    }

    @MainActor private static func waitUntilEnded(_ tokens: Range<Int>, of store: Store?) async {
        guard !tokens.isEmpty, let effects = store?.effects else { return }
        await effects.waitUntilEnded(tokens)
    }
}
