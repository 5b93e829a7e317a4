extension AsyncThrowingStream where Failure == any Error {
    /// A stream that ends at once, with an error when one is given: TCA's
    /// `AsyncThrowingStream.finished()`.
    ///
    /// A test dependency that streams nothing returns it.
    ///
    /// ```swift
    /// $0[SpeechClient.self].recognize = { _ in .finished() }
    /// ```
    public static func finished(throwing error: (any Error)? = nil) -> Self {
        Self { $0.finish(throwing: error) }
    }
}
