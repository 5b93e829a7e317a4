import Synchronization
import XCTest

/// One failure XCTest was asked to record: the message and where.
struct RecordedFailure: Sendable {
    let message: String
    let file: String
    let line: Int
}

/// A test case whose tests can capture the failures they provoke instead of failing: the suites
/// that test the test store's own failures derive from it.
@MainActor
class FailureCapturingTestCase: XCTestCase {
    private nonisolated let failures = Mutex<[RecordedFailure]>([])
    private nonisolated let capturing = Atomic<Bool>(false)

    nonisolated override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        if capturing.load(ordering: .relaxed) {
            failures.withLock { $0.append(RecordedFailure(message: description, file: filePath, line: lineNumber)) }
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    /// Runs the body, and returns the failures it provoked, which fail the test no more.
    func captured(_ body: () async -> Void) async -> [RecordedFailure] {
        capturing.store(true, ordering: .relaxed)
        await body()
        capturing.store(false, ordering: .relaxed)
        return failures.withLock { failures in
            defer { failures = [] }
            // XCTest words a failure "failed - MESSAGE".
            return failures.map {
                RecordedFailure(
                    message: $0.message.hasPrefix("failed - ") ? String($0.message.dropFirst(9)) : $0.message,
                    file: $0.file, line: $0.line)
            }
        }
    }
}
