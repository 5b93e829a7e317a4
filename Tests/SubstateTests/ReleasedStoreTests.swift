import Substate
import XCTest

/// Keeps the `next` of every action, as a middleware that delays actions does.
@MainActor
final class NextKeeper: Middleware {
    var kept: Next?
    func handle(_ action: Action, store: Store, next: Next) {
        kept = next
        next(action)
    }
}

struct Tally: Model {
    var count = 0
    struct Add: Action {}
    mutating func update(action: Action) { if action is Add { count += 1 } }
}

/// What a caller still holds after releasing a store can be used without reaching freed memory.
@MainActor
final class ReleasedStoreTests: XCTestCase {
    func testAKeptNextCalledAfterTheReleaseDoesNothingAndSaysSo() async {
        let keeper = NextKeeper()
        var diagnostics: [Diagnostic] = []
        var store: Store? = Store(model: Tally(), middleware: [keeper]) { diagnostics.append($0) }
        store!.update(Tally.Add())
        weak let released = store
        store = nil
        XCTAssertNil(released, "nothing but the caller held the store")
        keeper.kept?(Tally.Add())
        keeper.kept?(Tally.Add())
        XCTAssertEqual(diagnostics.map(\.kind), [.useAfterRelease], "reported once")
        XCTAssertEqual(diagnostics.first?.member, "Tally.Add")
        XCTAssertEqual(
            diagnostics.first?.message,
            "a kept Next was called with Tally.Add after its store was released; the action was dropped")
    }

    func testAKeptNextStillWorksWhileTheStoreIsBeingReleased() async {
        final class FlushOnRelease: Middleware {
            var kept: Next?
            func handle(_ action: Action, store: Store, next: Next) {
                if action is Tally.Add, kept == nil { kept = next } else { next(action) }
            }
            func storeWillRelease(_ store: Store) {
                kept?(Tally.Add())
                Self.countAtRelease = store.find(Tally.self)?.count
            }
            static var countAtRelease: Int?
        }
        var store: Store? = Store(model: Tally(), middleware: [FlushOnRelease()])
        store!.update(Tally.Add())
        store = nil
        XCTAssertEqual(FlushOnRelease.countAtRelease, 1, "the delayed action reached the tree during the release")
    }

    func testAKeptEffectRuntimeStartsNothingAfterTheRelease() async {
        var diagnostics: [Diagnostic] = []
        var store: Store? = Store(model: Tally()) { diagnostics.append($0) }
        let runtime = store!.effects
        store = nil
        runtime.run { send in await send(Tally.Add()) }
        XCTAssertEqual(runtime.inFlightCount, 0)
        await runtime.waitForAll()
        XCTAssertEqual(diagnostics.map(\.kind), [.useAfterRelease])
        XCTAssertEqual(
            diagnostics.first?.message,
            "EffectRuntime.run was called after its store was released; no effect was started")
    }

    func testAnEffectRunningWhenTheStoreIsReleasedSendsNothingAfterwards() async {
        var store: Store? = Store(model: Tally())
        let runtime = store!.effects
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        runtime.run { send in
            for await _ in stream { await send(Tally.Add()) }
        }
        store = nil
        continuation.yield()
        continuation.finish()
        await runtime.waitForAll()
        runtime.cancelAll()
        XCTAssertEqual(runtime.inFlightCount, 0)
    }
}
