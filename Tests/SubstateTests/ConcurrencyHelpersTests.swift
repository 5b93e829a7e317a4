import Substate
import XCTest

/// The small concurrency helpers TCA ports write again: `LockIsolated`, `Task.never()`,
/// `AsyncThrowingStream.finished()` and `Result(catching:)` of async work.
final class ConcurrencyHelpersTests: XCTestCase {
    private struct Failure: Error, Equatable {}

    func testALockIsolatedValueIsChangedFromManyTasksWithoutLosingAWrite() async {
        let count = LockIsolated(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<1_000 { group.addTask { count.withValue { $0 += 1 } } }
        }
        XCTAssertEqual(count.value, 1_000)
        count.setValue(7)
        XCTAssertEqual(
            count.withValue { value -> Int in
                value *= 2; return value
            }, 14)
        XCTAssertEqual(count.value, 14)
    }

    func testTaskNeverWaitsUntilItsTaskIsCancelledAndThenThrowsCancellation() async {
        let started = LockIsolated(false)
        let task = Task {
            started.setValue(true)
            try await Task.never()
        }
        while !started.value { await Task.yield() }
        for _ in 0..<100 { await Task.yield() }
        task.cancel()
        let result = await task.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError) }
    }

    func testTaskNeverInACancelledTaskThrowsAtOnce() async {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await Task.never()
        }
        let result = await task.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError) }
    }

    func testAFinishedStreamEndsAtOnceWithItsErrorIfAny() async throws {
        var elements: [Int] = []
        for try await element in AsyncThrowingStream<Int, any Error>.finished() { elements.append(element) }
        XCTAssertEqual(elements, [])
        do {
            for try await _ in AsyncThrowingStream<Int, any Error>.finished(throwing: Failure()) {}
            XCTFail("the stream threw nothing")
        } catch {
            XCTAssertEqual(error as? Failure, Failure())
        }
    }

    func testResultOfAsyncWorkHoldsItsValueOrItsError() async {
        func fetch(_ fails: Bool) async throws -> Int {
            await Task.yield()
            if fails { throw Failure() }
            return 42
        }
        let success = await Result { try await fetch(false) }
        let failure = await Result { try await fetch(true) }
        XCTAssertEqual(try success.get(), 42)
        XCTAssertThrowsError(try failure.get()) { XCTAssertEqual($0 as? Failure, Failure()) }
    }
}
