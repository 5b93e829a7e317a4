extension AsyncStream where Element: Sendable {
    /// A stream that produces one element, computed asynchronously, and then finishes.
    ///
    /// For effects with a single result, such as a network request. Ending the stream early
    /// (its node left the tree, its effect was cancelled) cancels the work.
    ///
    /// ```swift
    /// return .single { .fetchResponse(await apiClient.fetchData()) }
    /// ```
    public static func single(_ produce: @escaping @Sendable () async -> Element) -> AsyncStream<Element> {
        AsyncStream { continuation in
            let task = Task {
                let element = await produce()
                if !Task.isCancelled { continuation.yield(element) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
