import Substate
import SubstateTestSupport
import XCTest

struct Boom: Error, CustomStringConvertible {
    var description: String { "boom" }
}

@MainActor
final class EffectRuntimeTests: XCTestCase {
    func testActionsFromAnEffectPassTheWholePipelineInOrder() async {
        let journal = Journal()
        let store = Store(model: Counter(), middleware: [Recording(name: "m", journal: journal)])
        store.effects.run { send in
            await send(Counter.Increment())
            await send(Counter.Increment())
            await send(Counter.Reset(to: 10))
        }
        XCTAssertEqual(store.effects.inFlightCount, 1)
        await store.effects.waitForAll()
        XCTAssertEqual(store.find(Counter.self)?.value, 10)
        XCTAssertEqual(journal.entries, ["m:Start()", "m:Increment()", "m:Increment()", "m:Reset(to: 10)"])
        XCTAssertEqual(store.effects.inFlightCount, 0)
    }

    func testAnActionCancelsEffectsByIdAndTheirLaterSendsAreDropped() async {
        let store = Store(model: Counter())
        let gate = Gate()
        let probe = Probe()
        store.effects.run(id: "slow") { send in
            await gate.wait()
            probe.record(Task.isCancelled ? "cancelled" : "opened")
            await send(Counter.Reset(to: 1))
        }
        XCTAssertTrue(store.effects.isRunning(id: "slow"))
        store.update(Store.CancelEffects(id: "slow"))
        XCTAssertFalse(store.effects.isRunning(id: "slow"))
        await store.effects.waitForAll()
        XCTAssertEqual(probe.entries, ["cancelled"], "waitForAll waited for the cancelled task to end")
        XCTAssertEqual(store.find(Counter.self)?.value, 0)
        XCTAssertEqual(store.effects.inFlightCount, 0)
    }

    func testCancelInFlightReplacesTheRunningEffectWithTheSameId() async {
        let store = Store(model: Counter())
        let gate = Gate()
        let probe = Probe()
        store.effects.run(id: "search") { send in
            await gate.wait()
            probe.record(Task.isCancelled ? "first cancelled" : "first finished")
            await send(Counter.Reset(to: 1))
        }
        store.effects.run(id: "other") { _ in
            await gate.wait()
            probe.record(Task.isCancelled ? "other cancelled" : "other finished")
        }
        store.effects.run(id: "search", cancelInFlight: true) { send in
            await gate.wait()
            await send(Counter.Reset(to: 2))
        }
        gate.open()
        await store.effects.waitForAll()
        XCTAssertEqual(probe.entries.sorted(), ["first cancelled", "other finished"], "only the same id was cancelled")
        XCTAssertEqual(store.find(Counter.self)?.value, 2)
    }

    func testAStreamEffectRunsUntilCancelled() async {
        let store = Store(model: Counter())
        let (numbers, feed) = AsyncStream<Int>.makeStream()
        var reduced = store.actions().makeAsyncIterator()
        store.effects.run(id: "feed") { send in
            for await number in numbers { await send(Counter.Reset(to: number)) }
        }
        for number in [1, 2, 3] {
            feed.yield(number)
            let action = await reduced.next()
            XCTAssertEqual((action as? Counter.Reset)?.to, number)
        }
        store.update(Store.CancelEffects(id: "feed"))
        feed.yield(4)
        feed.finish()
        await store.effects.waitForAll()
        XCTAssertEqual(store.find(Counter.self)?.value, 3)
    }

    func testErrorsBecomeFailureActionsOrGoToTheErrorHook() async {
        let store = Store(model: Counter())
        var reported: [String] = []
        store.effects.onError = { error, id in reported.append("\(id?.name ?? "-"): \(error)") }
        store.effects.run(id: "mapped", catch: { _ in Counter.Reset(to: -1) }) { _ in throw Boom() }
        await store.effects.waitForAll()
        XCTAssertEqual(store.find(Counter.self)?.value, -1)
        store.effects.run(id: "unmapped") { _ in throw Boom() }
        store.effects.run(catch: { _ in nil }) { _ in throw Boom() }
        await store.effects.waitForAll()
        XCTAssertEqual(reported.sorted(), ["-: boom", "unmapped: boom"])
        let gate = Gate()
        store.effects.run(id: "cancelled") { _ in
            await gate.wait()
            try Task.checkCancellation()  // throws CancellationError
        }
        store.effects.cancel(id: "cancelled")
        await store.effects.waitForAll()
        XCTAssertEqual(reported.count, 2, "cancellation is not an error")
    }

    func testReleasingTheStoreCancelsEveryEffectAndLeavesNothingBehind() async {
        var store: Store? = Store(model: Counter())
        let gate = Gate()
        let probe = Probe()
        for index in 0..<3 {
            store!.effects.run(id: EffectID("effect \(index)")) { send in
                await gate.wait()
                probe.record(Task.isCancelled ? "cancelled" : "opened")
                await send(Counter.Increment())
            }
        }
        weak let runtime = store!.effects
        store = nil
        XCTAssertNil(runtime, "the runtime went with its store")
        await probe.wait(for: 3)
        XCTAssertEqual(probe.entries, ["cancelled", "cancelled", "cancelled"])
    }
}
