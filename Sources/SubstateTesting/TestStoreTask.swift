import Substate

/// The effects one `TestStore.send` started, to cancel or wait for, as TCA's `TestStoreTask`.
///
/// A feature that starts a long-living effect when its view appears (SwiftUI's `.task`) has no
/// action that ends it: the view's disappearing does. A test ends it with ``cancel()`` where
/// the view would go, and waits with ``finish(timeout:fileID:file:line:column:)`` for effects
/// that must end by themselves. The task covers the effects the sent action started, not those
/// of the actions they send in turn.
///
/// ```swift
/// let task = await store.send(LongLivingEffects.ViewTask())
/// takeScreenshot.yield()
/// await store.receive(LongLivingEffects.UserDidTakeScreenshotNotification.self) { $0.screenshotCount = 1 }
/// await task.cancel()   // the view went away
/// ```
public struct TestStoreTask: Sendable {
    /// Whether `cancel()` was called, shared by the copies of one task.
    @MainActor private final class Cancellation {
        var isRequested = false
    }

    /// The store whose effects these are; `nil` once the test store was released.
    private weak var store: Store?
    /// The tokens of the effects the action started.
    private let tokens: Range<Int>
    /// The action sent, for messages.
    private let actionName: String
    /// How long ``finish(timeout:fileID:file:line:column:)`` waits unless told.
    private let timeout: Duration
    private let cancellation: Cancellation

    @MainActor
    init(store: Store, tokens: Range<Int>, actionName: String, timeout: Duration) {
        self.store = store
        self.tokens = tokens
        self.actionName = actionName
        self.timeout = timeout
        cancellation = Cancellation()
    }

    /// Cancels the effects the action started and waits for them to end, as TCA's
    /// `await task.cancel()` does.
    ///
    /// It is where a test makes a view disappear: a `.task` effect that loops over a stream or
    /// a clock ends, sends nothing more, and the store no longer counts it as running. It waits
    /// up to the test store's `timeout` for an effect that ignores cancellation; one still at
    /// work after it fails `finish()` or the store's release, as any running effect does.
    ///
    /// ```swift
    /// let task = await store.send(Timer.ViewTask())
    /// await task.cancel()
    /// ```
    @MainActor
    public func cancel() async {
        cancellation.isRequested = true
        guard let effects = store?.effects else { return }
        for token in tokens { effects.cancel(token: token) }
        _ = await Self.ended(tokens, of: effects, within: timeout)
        await MainQueueTaskExecutor.settle()
    }

    /// Waits for the effects the action started to end by themselves, as TCA's
    /// `await task.finish()` does, and fails the test at the call's line when they have not
    /// within the timeout.
    ///
    /// Use it when the test's next step needs an effect to be over, without waiting for every
    /// effect as `TestStore.finish()` does. Time waited is real time: advance a `TestClock` the
    /// effects sleep on first.
    ///
    /// ```swift
    /// await store.send(Timer.StopTapped()).finish()
    /// ```
    ///
    /// - Parameters:
    ///   - timeout: How long to wait; the test store's `timeout` (5 seconds) when `nil`.
    ///   - fileID: The test's file, where a failure is reported; leave the default.
    ///   - filePath: The test's file path; leave the default.
    ///   - line: The test's line; leave the default.
    ///   - column: The test's column; leave the default.
    @MainActor
    public func finish(
        timeout: Duration? = nil, fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) async {
        let limit = timeout ?? self.timeout
        await MainQueueTaskExecutor.settle()
        guard let effects = store?.effects else { return }
        if await Self.ended(tokens, of: effects, within: limit) {
            await MainQueueTaskExecutor.settle()
            return
        }
        let left = tokens.filter { effects.endings[$0] == nil }.count
        reportFailure(
            "Expected the \(tokens.count) effect(s) \(actionName) started to finish, but \(left) still running after"
                + " \(limit). Advance the test clock they wait on, or cancel the task.",
            at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Whether the task was cancelled: ``cancel()`` was called, or every effect the action
    /// started was cancelled (by id, or with the model it ran for); `true` as well when the
    /// action started no effect, as TCA's task for an action without effects.
    ///
    /// ```swift
    /// await task.cancel()
    /// XCTAssertTrue(task.isCancelled)
    /// ```
    @MainActor
    public var isCancelled: Bool {
        guard !cancellation.isRequested, !tokens.isEmpty, let effects = store?.effects else { return true }
        return tokens.allSatisfy { token in
            switch effects.endings[token] {
            case .cancelled: true
            case .finished, .failed: false
            case nil: !effects.isRunning(token: token)
            }
        }
    }

    /// Waits until the effects with the tokens ended or the limit passed, in real time;
    /// whether they ended.
    @MainActor
    private static func ended(_ tokens: Range<Int>, of effects: EffectRuntime, within limit: Duration) async -> Bool {
        let allEnded = { tokens.allSatisfy { effects.endings[$0] != nil } }
        guard !allEnded() else { return true }
        // The wait ends when the effects end, or when the timer cancels it.
        let waiter = Task { @MainActor in await effects.waitUntilEnded(tokens) }
        let timer = Task {
            guard (try? await Task.sleep(for: limit)) != nil else { return }
            waiter.cancel()
        }
        await waiter.value
        timer.cancel()
        return allEnded()
    }
}
