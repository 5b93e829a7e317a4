/// An endpoint of a dependency's test value that fails the test when it is called, naming the
/// key and the endpoint, and returns `placeholder`, as swift-dependencies' `unimplemented` does.
///
/// A client of closures declares in its `testValue` which endpoints a test must set: a test that
/// reaches one it did not set fails, instead of reaching a server or getting a made-up answer
/// without saying so. Setting the endpoint in the test store's dependencies
/// (`$0[APIClient.self].fetch = { ... }`) replaces it, and nothing is reported.
///
/// ```swift
/// struct APIClient: DependencyKey, Sendable {
///     var fetch: @Sendable (Int) async throws -> String
///     var track: @Sendable (String) -> Void
///     static let liveValue = APIClient(fetch: { try await download($0) }, track: { _ in })
///     static let testValue = APIClient(
///         fetch: unimplemented("APIClient.fetch", placeholder: ""), track: unimplemented("APIClient.track"))
/// }
/// ```
///
/// The endpoint reports to the test store that calls it, as a failure of the test at the line
/// that made the test store, wherever the call is made: in an effect or its `catch`, while the
/// store stamps an action (``StampedAction``, ``StampedFromState``), in a middleware an action
/// passes, or while the test store makes its initial state; each runs with the store's
/// dependencies as ``Dependencies/current``. Called outside any test store, it writes a warning
/// to standard error. It reports every call, and returns `placeholder` each time.
///
/// - Parameters:
///   - endpoint: The key and the endpoint, as the test sets them: `"APIClient.fetch"`.
///   - placeholder: What the endpoint returns when called, so that the test goes on.
public func unimplemented<each Argument, Result>(
    _ endpoint: String, placeholder: @autoclosure @escaping @Sendable () -> Result
) -> @Sendable (repeat each Argument) -> Result {
    { (_: repeat each Argument) in
        UnimplementedEndpoint(name: endpoint).report(outcome: "it returned its placeholder")
        return placeholder()
    }
}

/// An endpoint returning nothing that fails the test when it is called, naming the key and the
/// endpoint (see ``unimplemented(_:placeholder:)``).
///
/// For endpoints that only do something (log an event, save a file), which need no value to
/// return.
///
/// ```swift
/// static let testValue = Analytics(track: unimplemented("Analytics.track"))
/// ```
public func unimplemented<each Argument>(_ endpoint: String) -> @Sendable (repeat each Argument) -> Void {
    { (_: repeat each Argument) in
        UnimplementedEndpoint(name: endpoint).report(outcome: "it did nothing")
    }
}

/// A throwing endpoint that fails the test when it is called, naming the key and the endpoint,
/// and throws an ``UnimplementedEndpoint`` (see ``unimplemented(_:placeholder:)``).
///
/// For endpoints with no value a test could go on with: the code under test takes its error
/// path, and the test fails.
///
/// ```swift
/// static let testValue = APIClient(fetch: unimplemented("APIClient.fetch", throwing: ()))
/// ```
public func unimplemented<each Argument, Result>(
    _ endpoint: String, throwing: Void
) -> @Sendable (repeat each Argument) throws -> Result {
    { (_: repeat each Argument) throws -> Result in
        let unimplemented = UnimplementedEndpoint(name: endpoint)
        unimplemented.report(outcome: "it threw UnimplementedEndpoint")
        throw unimplemented
    }
}

/// The error a throwing ``unimplemented(_:throwing:)`` endpoint throws, and the endpoint it
/// names: `APIClient.fetch`.
///
/// Thrown so that code under test goes down its error path; the test has already failed.
///
/// ```swift
/// catch let error as UnimplementedEndpoint { print(error.name) }   // APIClient.fetch
/// ```
public struct UnimplementedEndpoint: Error, Sendable, Equatable, CustomStringConvertible {
    /// The key and the endpoint, as the test sets them: `APIClient.fetch`.
    public let name: String

    /// The error for an endpoint, named as the test sets it: `APIClient.fetch`.
    public init(name: String) {
        self.name = name
    }

    public var description: String { "\(name) is unimplemented in tests" }

    /// Reports the call to the test store that made it, or to standard error.
    func report(outcome: String) {
        let message = message(outcome: outcome)
        if let reporter = Dependencies.current.testReporter {
            reporter.fail(message)
        } else {
            printToStandardError("substate: warning: " + message)
        }
    }

    /// `APIClient.fetch was called in a test but not set: ...`, with the line that sets it.
    func message(outcome: String) -> String {
        let setting: String
        if let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex {
            setting = "$0[\(name[..<dot]).self].\(name[name.index(after: dot)...]) = { ... }"
        } else {
            setting = "$0[Key.self].\(name) = { ... }"
        }
        return
            "\(name) was called in a test but not set: \(outcome). Set it in the test store's dependencies: TestStore(...) { \(setting) }."
    }
}
