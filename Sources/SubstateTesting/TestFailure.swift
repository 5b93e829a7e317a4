import Testing
import XCTest

/// Where a test assertion was made, in the forms both test frameworks want: the test's own
/// file, line and column, which each assertion takes as default arguments from its caller.
struct TestLocation: Sendable {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}

/// Reports a failed expectation to whichever framework runs the test: Swift Testing when a
/// `@Test` is running, XCTest otherwise.
func reportFailure(_ message: String, at location: TestLocation) {
    if Test.current != nil {
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(
                fileID: "\(location.fileID)", filePath: "\(location.filePath)", line: Int(location.line),
                column: Int(location.column)))
    } else {
        XCTFail(message, file: location.filePath, line: location.line)
    }
}

/// Reports an assertion that a non-exhaustive test store made with
/// `.off(showSkippedAssertions: true)` skipped, as TCA shows it: not as a failure but beside
/// the test's line, prefixed "Skipped assertions: ".
///
/// Inside a Swift Testing `@Test` it is a known issue (`withKnownIssue`), listed as such and
/// never failing the test; under XCTest on Apple platforms an expected failure
/// (`XCTExpectFailure`), XCTest's grey box; under XCTest elsewhere, which has no expected
/// failures, a note on standard output in the compiler's form (`file:line: note: ...`).
///
/// ```swift
/// reportSkipped("1 received action was skipped: Cart.Paid", at: location)
/// ```
@MainActor
func reportSkipped(_ message: String, at location: TestLocation) {
    let message = "Skipped assertions: " + message
    SkippedAssertions.observer?(message, location)
    if Test.current != nil {
        let sourceLocation = SourceLocation(
            fileID: "\(location.fileID)", filePath: "\(location.filePath)", line: Int(location.line),
            column: Int(location.column))
        withKnownIssue("Skipped assertions", isIntermittent: true, sourceLocation: sourceLocation) {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    } else {
        #if canImport(Darwin)
            XCTExpectFailure(
                "Skipped assertions", failingBlock: { XCTFail(message, file: location.filePath, line: location.line) })
        #else
            print("\(location.filePath):\(location.line):\(location.column): note: \(message)")
        #endif
    }
}

/// Where the package's own tests see skipped assertions as they are reported, since neither
/// framework lets a test read the known issues or notes it recorded.
@MainActor
enum SkippedAssertions {
    /// Called with each skipped assertion's message and location while a test has set it. Not
    /// a task-local: binding one around an `await` in an XCTest method crashes release builds
    /// on Linux (`swift_task_localValuePush`), and the test stores that report run on the main
    /// actor anyway.
    static var observer: (@Sendable (String, TestLocation) -> Void)?

    /// Runs the body with the observer set, and unset afterwards.
    static func observing<R>(
        _ observer: @escaping @Sendable (String, TestLocation) -> Void, _ body: () async -> R
    ) async -> R {
        let saved = self.observer
        self.observer = observer
        defer { self.observer = saved }
        return await body()
    }
}
