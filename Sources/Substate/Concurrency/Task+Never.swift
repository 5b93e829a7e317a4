extension Task where Success == Never, Failure == Never {
    /// Suspends until the task is cancelled, then throws `CancellationError`: TCA's
    /// `Task.never()`.
    ///
    /// A test dependency whose answer never comes (a request left hanging, to test cancelling
    /// it) returns it.
    ///
    /// ```swift
    /// $0[WeatherClient.self].forecast = { _ in try await Task.never() }
    /// ```
    public static func never() async throws -> Never {
        let (stream, continuation) = AsyncStream<Never>.makeStream()
        await withTaskCancellationHandler {
            for await _ in stream {}
        } onCancel: {
            continuation.finish()
        }
        throw _Concurrency.CancellationError()
    }
}
