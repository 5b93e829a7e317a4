extension Result where Failure == any Error {
    /// The result of async work: its value, or the error it threw. TCA's
    /// `Result { try await client.fetch() }`.
    ///
    /// An effect that sends the outcome of a request as one action builds it this way.
    ///
    /// ```swift
    /// Effect(for: Load.self) { _ in Loaded(result: await Result { try await client.fetch() }) }
    /// ```
    public init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
