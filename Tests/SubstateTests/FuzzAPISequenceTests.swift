import Foundation
import Observation
import Substate
import SubstateMiddleware
import SubstateReplay
import SubstateTestSupport
import Synchronization
import XCTest

/// Random sequences of what an app does with the public API: stores of random shapes with
/// random middleware lists, actions from the main actor and from other tasks, reads,
/// observation, streams, store-level actions, effects started, cancelled and finished on a
/// test clock, screens pushed and popped, sessions recorded and replayed, and stores released
/// while effects and observers are live, with what a user still holds used afterwards.
///
/// The state is checked after every step against a hand-written reference that applies each
/// action the tree reduced (as `observeReductions` reports it) by calling the models' `update`
/// in place, children first; it is taken again from the store after `Replace`, `Restore` and
/// `Register`, which it does not model.
///
/// A new seed each run, printed in every failure; `SUBSTATE_FUZZ_SEED=N` replays one, and
/// `SUBSTATE_FUZZ_ITERATIONS=N` sets how many stores are made (each lives for a few dozen steps).
@MainActor
final class APISequenceFuzzTests: XCTestCase {
    static let defaultIterations = 40
    static let stepsPerStore = 40

    func testRandomSequencesOfPublicAPICallsNeitherCrashNorDiverge() async throws {
        let environment = ProcessInfo.processInfo.environment
        var system = SystemRandomNumberGenerator()
        let seed = environment["SUBSTATE_FUZZ_SEED"].flatMap { UInt64($0) } ?? system.next()
        let iterations = environment["SUBSTATE_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? Self.defaultIterations
        // Written unbuffered, so that a crash still shows the seed to replay.
        FileHandle.standardError.write(
            Data(
                "APISequenceFuzz: seed \(seed), \(iterations) iterations (SUBSTATE_FUZZ_SEED=\(seed) replays it)\n".utf8
            ))
        var random = SplitMix64(seed: seed)
        let storage = ModelSaver.MemoryStorage()
        for iteration in 0..<iterations {
            let session = FuzzSession(
                seed: seed, iteration: iteration, random: SplitMix64(seed: random.next()), storage: storage)
            await session.run(steps: Self.stepsPerStore)
            if session.failed { break }
        }
    }

    /// An action a timing middleware flushes when the store is released reaches the recorder
    /// while the store releases: it is recorded, and nothing traps on the releasing store.
    func testAnActionFlushedAtReleaseIsRecorded() async throws {
        let clock = TestClock()
        let log = MemoryLog()
        var store: Store? = Store(
            model: Fuzz.Counter(),
            middleware: [ActionDebouncer(clock: clock, onRelease: .flush), ActionRecorder(to: log)])
        store?.update(Fuzz.Debounced(amount: 1))
        store = nil
        XCTAssertNil(store)
        XCTAssertTrue(log.lines.contains { $0.contains("Fuzz.Debounced") }, "the flushed action is recorded")
    }
}

/// Where an effect hands its `Send`, kept past the store's release.
private final class FuzzSendBox: Sendable {
    let send = Mutex<Send?>(nil)
}

/// Set by an observation's `onChange`.
private final class FuzzFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .sequentiallyConsistent) }
    var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
}

/// Keeps the `Next` of the last action it passed on, as a middleware that delays actions does.
@MainActor
private final class FuzzNextKeeper: Middleware {
    var next: Next?
    func handle(_ action: Action, store: Store, next: Next) {
        self.next = next
        next(action)
    }
}

/// What a consumer of `store.values(of:)` last received.
@MainActor
private final class FuzzStreamTail {
    var last: Fuzz.Counter?
    var ended = false
}

/// A failing effect's error.
private struct FuzzError: Error {}

/// One store's life: made, used for a number of steps, released, and what was kept used after.
@MainActor
private final class FuzzSession {
    let seed: UInt64
    let iteration: Int
    var random: SplitMix64
    let storage: ModelSaver.MemoryStorage
    let clock = TestClock()
    let log = MemoryLog()
    let sendBox = FuzzSendBox()
    let keeper = FuzzNextKeeper()
    var store: Store?
    /// The reference state, while the store's state is compared with one.
    var reference: Fuzz.Root?
    var records = false
    var hasSaver = false
    var hasUndoer = false
    var hasEffects = false
    var sent = 0
    var sentReduced = 0
    var registered = false
    var diagnostics: [Diagnostic] = []
    var reductions: Store.ReductionObservation?
    var tails: [FuzzStreamTail] = []
    var streamTasks: [Task<Void, Never>] = []
    var bindings: [StoreBinding<String>] = []
    var runtime: EffectRuntime?
    var observed: [(flag: FuzzFlag, read: @MainActor (Store) -> AnyHashable?, before: AnyHashable?, what: String)] = []
    private(set) var failed = false
    var trace: [String] = [] {
        didSet { if Self.tracing, let last = trace.last { FileHandle.standardError.write(Data("  \(last)\n".utf8)) } }
    }
    /// `SUBSTATE_FUZZ_TRACE=1` prints each step as it runs, to find the one that crashes.
    static let tracing = ProcessInfo.processInfo.environment["SUBSTATE_FUZZ_TRACE"] == "1"

    init(seed: UInt64, iteration: Int, random: SplitMix64, storage: ModelSaver.MemoryStorage) {
        self.seed = seed
        self.iteration = iteration
        self.random = random
        self.storage = storage
    }

    func fail(_ message: String, file: StaticString = #filePath, line: UInt = #line) {
        guard !failed else { return }
        failed = true
        XCTFail(
            "seed \(seed), iteration \(iteration): \(message)\nlast steps: \(trace.suffix(12).joined(separator: "; "))",
            file: file, line: line)
    }

    func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
    func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }

    // MARK: The store

    func effects() -> [Effect] {
        let clock = clock
        let sendBox = sendBox
        return [
            Effect(for: Fuzz.StartPing.self, id: "ping") { ping, send in
                try await clock.sleep(for: .milliseconds(ping.delay))
                await send(Fuzz.Pong())
            },
            Effect(for: Fuzz.StartTicker.self, id: "ticker") { ticker, send in
                for _ in 0..<ticker.ticks {
                    try await clock.sleep(for: .milliseconds(10))
                    await send(Fuzz.Tick())
                }
            },
            Effect.cancel(id: "ticker", on: Fuzz.StopTicker.self),
            Effect(for: Fuzz.Fail.self, catch: { _ in Fuzz.Failed() }) { _ in throw FuzzError() },
            Effect(for: Fuzz.Stash.self) { _, send in sendBox.send.withLock { $0 = send } },
            Effect(model: Fuzz.Counter.self, action: Fuzz.Bump.self) { counter, _ in
                counter.value > 5_000 ? Fuzz.Bump(amount: -5_000) : nil
            },
        ]
    }

    func middleware() -> [any Middleware] {
        var list: [any Middleware] = []
        if chance(30) { list.append(ActionLogger(output: { _ in })) }
        if chance(30) { list.append(ModelLogger(diff: chance(70), output: { _ in })) }
        if chance(40) {
            list.append(ActionRecorder(to: log, digestEvery: 1 + below(5), snapshotEvery: chance(30) ? 3 : nil))
            records = true
        }
        if chance(50) {
            list.append(EffectHandler(effects: effects()))
            hasEffects = true
        }
        let onRelease: PendingOnRelease = chance(50) ? .cancel : .flush
        if chance(30) { list.append(ActionDebouncer(clock: clock, onRelease: onRelease)) }
        if chance(30) { list.append(ActionThrottler(clock: clock, onRelease: onRelease)) }
        if chance(30) { list.append(ActionDelayer(clock: clock, onRelease: onRelease)) }
        if chance(30) {
            list.append(ModelSaver(storage: storage, strategy: .manual, clock: clock))
            hasSaver = true
        }
        if chance(30) {
            list.append(ActionUndoer(limit: 1 + below(8)))
            hasUndoer = true
        }
        if chance(20) { list.append(keeper) }
        list.shuffle(using: &random)
        return list
    }

    func makeStore() {
        let root = Fuzz.root(&random)
        let list = middleware()
        trace.append("store of \(list.map { "\(type(of: $0))" }) over \(root.items.count) items")
        let store = Store(model: root, middleware: list) { [weak self] diagnostic in
            self?.diagnostics.append(diagnostic)
        }
        self.store = store
        var expected = root
        Fuzz.reference(&expected, Store.Start())
        let actual = store.find(Fuzz.Root.self)
        if !hasSaver, actual != expected {
            fail("the state after Start differs from the reference:\n\(String(describing: actual))\n\(expected)")
        }
        reference = actual
        reductions = store.observeReductions { [weak self, weak store] action, _ in
            guard let self else { return }
            if action is Fuzz.Sent { self.sentReduced += 1 }
            guard self.reference != nil else { return }
            if action is Store.Replace || action is Store.Restore || action is Store.Register {
                // The reference does not model these: take the state again.
                self.reference = store?.find(Fuzz.Root.self)
            } else {
                Fuzz.reference(&self.reference!, action)
            }
        }
    }

    // MARK: Actions

    func randomAction(in store: Store) -> any Action {
        let ids = store.find(Fuzz.Root.self)?.stack.ids ?? []
        switch below(30) {
        case 0, 1: return Fuzz.Bump(amount: below(20) - 5)
        case 2:
            return Fuzz.SetLeaf(
                id: [500, 600, 601, 700, 800, 1_000, 1_001, -2].randomElement(using: &random)!, value: below(100))
        case 3: return Fuzz.AddItem(title: "i\(below(100))")
        case 4: return Fuzz.RemoveItem(index: below(5))
        case 5: return Fuzz.Rename(id: below(6), title: "r\(below(100))")
        case 6: return Fuzz.ToggleMaybe()
        case 7: return Fuzz.PutEntry(key: "e\(below(4))", id: 600 + below(4))
        case 8: return Fuzz.DropEntry(key: "e\(below(4))")
        case 9: return Fuzz.SwitchMode(to: below(6))
        case 10: return Fuzz.Grow(id: below(8), child: below(8))
        case 11: return Fuzz.Prune(id: below(8))
        case 12, 13: return Fuzz.SharedAdd(amount: below(9) + 1)
        case 14: return Fuzz.SwapPlugin()
        case 15: return Fuzz.SetTheme(theme: below(5))
        case 16: return Fuzz.Debounced(amount: below(9))
        case 17: return Fuzz.Throttled(amount: below(9))
        case 18: return Fuzz.Delayed(amount: below(9))
        case 19: return Fuzz.UndoableBump(amount: below(9) + 1)
        case 20: return chance(50) ? Undo() : Redo()
        case 21: return Fuzz.StartPing(delay: below(100), cancelInFlight: chance(50))
        case 22: return Fuzz.StartTicker(ticks: 1 + below(5))
        case 23: return chance(50) ? Fuzz.StopTicker() : Fuzz.Fail()
        case 24: return ScreenStack<Fuzz.Screen>.Push(Fuzz.Screen(id: below(10)))
        case 25:
            return chance(50) || ids.isEmpty
                ? ScreenStack<Fuzz.Screen>.Pop()
                : ScreenStack<Fuzz.Screen>.PopFrom(id: ids.randomElement(using: &random)!)
        case 26:
            let id = ids.randomElement(using: &random) ?? StackElementID(rawValue: below(4))
            return chance(50)
                ? ScreenStack<Fuzz.Screen>.ToElement(id: id, Fuzz.Visit())
                : ScreenStack<Fuzz.Screen>.ToElement(id: id, Fuzz.Bump(amount: 3))
        case 27: return chance(50) ? Fuzz.Visit() : Fuzz.Stash()
        case 28: return chance(50) ? ModelSaver.Save() : ActionLogger.Toggle()
        default: return Store.CancelEffects(id: chance(50) ? "ping" : "ticker")
        }
    }

    // MARK: Steps

    func run(steps: Int) async {
        makeStore()
        for _ in 0..<steps {
            guard !failed, let store else { break }
            await step(store)
            await settle()
            check(store)
        }
        guard !failed else { return await release() }
        if chance(50), let store {
            await finishEffects(store)
            check(store)
        }
        if records, let store { replay(store) }
        await release()
    }

    func step(_ store: Store) async {
        beginObserving(store)
        switch below(20) {
        case 0...7:
            let action = randomAction(in: store)
            trace.append("update \(action)")
            store.update(action)
        case 8:
            await sendFromOtherTasks(store)
        case 9:
            readEverything(store)
        case 10:
            let tail = FuzzStreamTail()
            let values = store.values(of: Fuzz.Counter.self)
            trace.append("values(of: Counter)")
            streamTasks.append(
                Task { @MainActor in
                    for await value in values { tail.last = value }
                    tail.ended = true
                })
            tails.append(tail)
        case 11:
            trace.append("Register(Extra)")
            store.update(Store.Register(model: Fuzz.Extra()))
            registered = true
            if store.find(Fuzz.Extra.self) == nil { fail("a registered model is not found") }
        case 12:
            let leaf = Fuzz.Leaf(id: 900 + below(3), value: below(50))
            trace.append("Replace(\(leaf))")
            store.update(Store.Replace(model: leaf))
            let leaves = store.findAll(Fuzz.Leaf.self)
            if let wrong = leaves.first(where: { $0 != leaf }) {
                fail("after Replace(model: \(leaf)) a leaf is \(wrong)")
            }
        case 13:
            let located = store.locatedModels(Fuzz.Counter.self)
            let values = located.map { _ in below(1_000) }
            trace.append("Restore(located: counters to \(values))")
            store.update(
                Store.Restore(
                    located: zip(located, values).map { entry, value in
                        (location: entry.location, model: Fuzz.Counter(value: value) as any Model)
                    }))
            let after = store.locatedModels(Fuzz.Counter.self).map(\.model.value)
            if after != values { fail("after Restore(located:) the counters are \(after), not \(values)") }
        case 14:
            if chance(50) {
                trace.append("effects.cancel(id: ticker)")
                store.effects.cancel(id: "ticker")
            } else {
                trace.append("CancelEffects(id: ping)")
                store.update(Store.CancelEffects(id: "ping"))
            }
        case 15:
            let duration = Duration.milliseconds(below(60))
            trace.append("advance \(duration)")
            await clock.advance(by: duration)
        case 16:
            trace.append("finish effects")
            await finishEffects(store)
        case 17:
            guard let item = store.findAll(Fuzz.Item.self).filter({ $0.id >= 0 }).randomElement(using: &random),
                let binding = store.binding(
                    \Fuzz.Item.title, of: Fuzz.Item.self, id: item.id, set: { Fuzz.Rename(id: item.id, title: $0) })
            else { return }
            let title = "b\(below(100))"
            trace.append("binding of item \(item.id).title set to \(title)")
            binding.value = title
            if binding.get() != title { fail("a binding set to \(title) reads \(binding.get())") }
            bindings.append(binding)
        case 18:
            if let next = keeper.next {
                trace.append("kept next(Bump)")
                next(Fuzz.Bump(amount: 1))
            }
        default:
            trace.append("keep the effect runtime")
            runtime = store.effects
        }
    }

    /// Observes a few reads, to check after the step that each changed read told its observer.
    func beginObserving(_ store: Store) {
        observed = []
        guard chance(40) else { return }
        let id = below(4)
        let reads: [(String, @MainActor (Store) -> AnyHashable?)] = [
            ("find(Counter)", { $0.find(Fuzz.Counter.self)?.value }),
            ("findAll(Leaf)", { $0.findAll(Fuzz.Leaf.self).map(\.value).sorted() }),
            ("find(Item, id: \(id))", { $0.find(Fuzz.Item.self, id: id).map { "\($0)" } }),
            ("find(Item, id: \(id), \\.title)", { $0.find(Fuzz.Item.self, id: id, \.title) }),
        ]
        for (what, read) in reads where chance(50) {
            let flag = FuzzFlag()
            var before: AnyHashable?
            withObservationTracking {
                before = read(store)
            } onChange: {
                flag.set()
            }
            observed.append((flag, read, before, what))
        }
    }

    func sendFromOtherTasks(_ store: Store) async {
        let batches = (0..<(1 + below(3))).map { _ in (0..<(1 + below(3))).map { _ in below(5) } }
        trace.append("send \(batches) from detached tasks")
        let tasks = batches.map { amounts in
            Task.detached {
                for amount in amounts { store.send(Fuzz.Sent(amount: amount)) }
            }
        }
        for task in tasks { await task.value }
        sent += batches.joined().count
        for _ in 0..<10_000 where sentReduced < sent { await Task.yield() }
        if sentReduced != sent { fail("\(sent) actions were sent; \(sentReduced) reached the tree") }
    }

    func readEverything(_ store: Store) {
        trace.append("read everything")
        guard let root = store.find(Fuzz.Root.self) else { return fail("find(Root) is nil") }
        let leaves = store.findAll(Fuzz.Leaf.self)
        let expectedLeaves = Fuzz.leaves(root)
        if leaves.map(\.id).sorted() != expectedLeaves.map(\.id).sorted()
            || leaves.map(\.value).sorted() != expectedLeaves.map(\.value).sorted()
        {
            fail("findAll(Leaf) is \(leaves), the tree holds \(expectedLeaves)")
        }
        if store.findAll(Fuzz.Folder.self).count != Fuzz.folderCount(root.folder) {
            fail(
                "findAll(Folder) counts \(store.findAll(Fuzz.Folder.self).count), not \(Fuzz.folderCount(root.folder))")
        }
        if store.find(Fuzz.Counter.self) != root.counter {
            fail("find(Counter) is \(String(describing: store.find(Fuzz.Counter.self))), not \(root.counter)")
        }
        for item in root.items {
            if store.find(Fuzz.Item.self, id: item.id) != item { fail("find(Item, id: \(item.id)) is not \(item)") }
            if store.find(Fuzz.Item.self, id: item.id, \.title) != item.title {
                fail("find(Item, id: \(item.id), \\.title) is not \(item.title)")
            }
        }
        if store.findAll(Fuzz.Item.self, \.id).filter({ $0 >= 0 }) != root.items.map(\.id) {
            fail("findAll(Item, \\.id) is \(store.findAll(Fuzz.Item.self, \.id))")
        }
        let holders = store.findAll(Fuzz.SharedHolder.self)
        if holders.count != 2 || Set(holders.map(\.tally)).count != 1 {
            fail("the shared holders disagree: \(holders)")
        }
        if store.findAll(Fuzz.Screen.self).map(\.id) != root.stack.screens.map(\.id) {
            fail("findAll(Screen) is not the stack's screens")
        }
        if registered, store.find(Fuzz.Extra.self) == nil { fail("the registered model is gone") }
        let settings = store.find(Fuzz.Settings.self)
        if settings != root.settings { fail("find(Settings) is \(String(describing: settings))") }
    }

    /// Lets tasks that the step woke run on the main actor.
    func settle() async {
        for _ in 0..<3 { await Task.yield() }
    }

    func check(_ store: Store) {
        guard !failed else { return }
        let actual = store.find(Fuzz.Root.self)
        if let reference, actual != reference {
            fail(
                "the store's state differs from the reference:\nstore:     \(String(describing: actual))\nreference: \(reference)"
            )
        }
        for observation in observed where !observation.flag.isSet {
            let after = observation.read(store)
            if after != observation.before {
                fail(
                    "\(observation.what) changed from \(String(describing: observation.before)) to \(String(describing: after)) and its observer was not told"
                )
            }
        }
        let unexpected = diagnostics.filter {
            ![.useAfterRelease, .undeliverableAction, .actionAfterModelLeft].contains($0.kind)
        }
        if let first = unexpected.first { fail("unexpected diagnostic: \(first)") }
    }

    /// Advances the clock until every effect has ended, then waits for their tasks.
    func finishEffects(_ store: Store) async {
        for _ in 0..<2_000 where store.effects.inFlightCount > 0 {
            await clock.advance(by: .milliseconds(20))
            await Task.yield()
        }
        if store.effects.inFlightCount > 0 {
            fail("\(store.effects.inFlightCount) effects still run after the clock moved 40 s")
            store.effects.cancelAll()
        }
        await store.effects.waitForAll()
        await clock.advance(by: .seconds(1))
        await settle()
    }

    func checkStreams(_ store: Store) async {
        guard let current = store.find(Fuzz.Counter.self) else { return }
        for tail in tails {
            for _ in 0..<10_000 where tail.last != current { await Task.yield() }
            if tail.last != current {
                fail("a values(of: Counter) stream's last value is \(String(describing: tail.last)), not \(current)")
            }
        }
    }

    func replay(_ store: Store) {
        trace.append("replay")
        do {
            let outcome = try Replay.run(try ActionLog(lines: log.lines), as: Fuzz.Root.self)
            if let divergence = outcome.divergence { return fail("the replay diverged: \(divergence)") }
            if !outcome.skipped.isEmpty { return fail("the replay skipped \(outcome.skipped)") }
            let replayed = outcome.store.find(Fuzz.Root.self)
            let recorded = store.find(Fuzz.Root.self)
            if replayed != recorded {
                fail(
                    "the replayed state differs:\nreplayed: \(String(describing: replayed))\nrecorded: \(String(describing: recorded))"
                )
            }
        } catch {
            fail("the replay threw: \(error)\n\(log.lines.joined(separator: "\n"))")
        }
    }

    // MARK: Release

    /// Releases the store, possibly with effects and observers live, then uses what a user could
    /// still hold: a kept `Send`, `Next`, effect runtime, binding, stream and observation.
    func release() async {
        weak var released: Store?
        let keepSend = chance(50)
        do {
            guard let store else { return }
            if !failed { await checkStreams(store) }
            if keepSend, hasEffects { store.update(Fuzz.Stash()) }
            if chance(50) { store.update(Fuzz.StartTicker(ticks: 5)) }
            if chance(50) { store.update(Fuzz.Debounced(amount: 1)) }
            beginObserving(store)
            await settle()
            released = store
        }
        reductions = nil
        self.store = nil
        trace.append("release")
        for _ in 0..<100 where released != nil { await Task.yield() }
        if released != nil { fail("the store was not released") }

        // What a user could still hold.
        for _ in 0..<100 where sendBox.send.withLock({ $0 == nil }) && keepSend && hasEffects { await Task.yield() }
        if let send = sendBox.send.withLock({ $0 }) { await send(Fuzz.Bump(amount: 1)) }
        keeper.next?(Fuzz.Bump(amount: 1))
        if let runtime {
            runtime.run(id: "late") { send in await send(Fuzz.Bump(amount: 1)) }
            runtime.cancel(id: "ticker")
            _ = runtime.isRunning(id: "ticker")
            runtime.cancelAll()
            await runtime.waitForAll()
        }
        for binding in bindings {
            binding.set("after")
            _ = binding.get()
        }
        await clock.advance(by: .seconds(1))
        for (tail, task) in zip(tails, streamTasks) {
            for _ in 0..<10_000 where !tail.ended { await Task.yield() }
            if !tail.ended { fail("a values(of:) stream did not end with its store") }
            task.cancel()
        }
        let unexpected = diagnostics.filter {
            ![.useAfterRelease, .undeliverableAction, .actionAfterModelLeft].contains($0.kind)
        }
        if let first = unexpected.first { fail("unexpected diagnostic: \(first)") }
    }
}
