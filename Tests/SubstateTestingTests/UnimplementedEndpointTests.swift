import Substate
import SubstateTesting
import Synchronization
import Testing

/// A client whose test value leaves every endpoint unimplemented, as `@DependencyClient` does.
struct QuoteClient: DependencyKey, Sendable {
    var fetch: @Sendable (Int) async throws -> String
    var load: @Sendable () async throws -> Int
    var track: @Sendable (String) -> Void
    /// A synchronous answer, read while stamping (TCA: a reducer calling the client directly).
    var quoteNow: @Sendable (Int) -> String = { "live \($0)" }

    static let liveValue = QuoteClient(fetch: { "live \($0)" }, load: { 1 }, track: { _ in })
    static let testValue = QuoteClient(
        fetch: unimplemented("QuoteClient.fetch", placeholder: "placeholder"),
        load: unimplemented("QuoteClient.load", throwing: ()),
        track: unimplemented("QuoteClient.track"),
        quoteNow: unimplemented("QuoteClient.quoteNow", placeholder: "placeholder"))
}

/// An action stamped with the client's synchronous answer.
struct StampQuote: StampedAction, Equatable {
    var quote = ""
    mutating func stamp(from dependencies: Dependencies) { quote = dependencies[QuoteClient.self].quoteNow(1) }
}

/// A middleware that calls the client as an action passes it, on the main actor, outside any
/// effect; and an effect whose failure its `catch` turns into an action, calling the client.
struct QuoteTracking: Middleware {
    func handle(_ action: Action, store: Store, next: Next) {
        next(action)
        if action is QuoteScreen.Track { store.dependencies[QuoteClient.self].track("passed") }
        if action is QuoteScreen.Load {
            store.effects.run(
                catch: { _ in
                    store.dependencies[QuoteClient.self].track("failed")
                    return QuoteScreen.LoadFailed()
                }
            ) { _ in throw UnimplementedEndpoint(name: "thrown by the test") }
        }
    }
}

/// Shows a quote its effect fetches, and counts the failed loads.
struct QuoteScreen: Model, Equatable {
    var quote = ""
    var failedLoads = 0
    var tracked = 0
    struct Fetch: Action { let id: Int }
    struct Fetched: Action, Equatable { let quote: String }
    struct Load: Action {}
    struct LoadFailed: Action, Equatable {}
    struct Track: Action {}
    struct Tracked: Action, Equatable {}

    mutating func update(action: Action) {
        if let fetched = action as? Fetched { quote = fetched.quote }
        if let stamped = action as? StampQuote { quote = stamped.quote }
        if action is LoadFailed { failedLoads += 1 }
        if action is Tracked { tracked += 1 }
    }
}

/// Calls the client from effects, through the store's dependencies.
struct QuoteEffects: Middleware {
    func handle(_ action: Action, store: Store, next: Next) {
        next(action)
        if let fetch = action as? QuoteScreen.Fetch {
            store.effects.run { send in
                await send(QuoteScreen.Fetched(quote: try await send.dependencies[QuoteClient.self].fetch(fetch.id)))
            }
        }
        if action is QuoteScreen.Load {
            store.effects.run { send in
                do {
                    _ = try await send.dependencies[QuoteClient.self].load()
                } catch is UnimplementedEndpoint {
                    await send(QuoteScreen.LoadFailed())
                }
            }
        }
        if action is QuoteScreen.Track {
            store.effects.run { send in
                send.dependencies[QuoteClient.self].track("opened")
                await send(QuoteScreen.Tracked())
            }
        }
    }
}

/// An effect that sends a stamped action, which the store stamps in the effect's task.
struct StampingEffects: Middleware {
    func handle(_ action: Action, store: Store, next: Next) {
        next(action)
        if action is QuoteScreen.Track { store.effects.run { send in await send(StampQuote()) } }
    }
}

@MainActor
@Suite struct UnimplementedEndpointTests {
    @Test func anUnimplementedEndpointFailsTheTestNamingKeyAndEndpointAndReturnsThePlaceholder() async {
        await withKnownIssue {
            let store = TestStore(model: QuoteScreen(), middleware: [QuoteEffects()])
            await store.send(QuoteScreen.Fetch(id: 7))
            await store.receive(QuoteScreen.Fetched(quote: "placeholder")) { $0.quote = "placeholder" }
            await store.finish()
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue
                    == "QuoteClient.fetch was called in a test but not set: it returned its placeholder. Set it in the test store's dependencies: TestStore(...) { $0[QuoteClient.self].fetch = { ... } }."
            }
        }
    }

    @Test func itIsReportedOncePerCallAsAFailureOfTheTest() async {
        let reported = Mutex(0)
        await withKnownIssue {
            let store = TestStore(model: QuoteScreen(), middleware: [QuoteEffects()])
            await store.send(QuoteScreen.Track())
            await store.receive(QuoteScreen.Tracked()) { $0.tracked = 1 }
            await store.send(QuoteScreen.Track())
            await store.receive(QuoteScreen.Tracked()) { $0.tracked = 2 }
            await store.finish()
        } matching: { issue in
            let matches = issue.comments.contains {
                $0.rawValue.hasPrefix("QuoteClient.track was called in a test but not set: it did nothing.")
            }
            if matches { reported.withLock { $0 += 1 } }
            return matches
        }
        #expect(reported.withLock { $0 } == 2)
    }

    @Test func aThrowingEndpointThrowsSoTheCodeTakesItsErrorPath() async {
        await withKnownIssue {
            let store = TestStore(model: QuoteScreen(), middleware: [QuoteEffects()])
            await store.send(QuoteScreen.Load())
            await store.receive(QuoteScreen.LoadFailed()) { $0.failedLoads = 1 }
            await store.finish()
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.hasPrefix(
                    "QuoteClient.load was called in a test but not set: it threw UnimplementedEndpoint.")
            }
        }
    }

    @Test func anEndpointTheTestSetsDoesNotFail() async {
        let store = TestStore(model: QuoteScreen(), middleware: [QuoteEffects()]) {
            $0[QuoteClient.self].fetch = { "quote \($0)" }
        }
        await store.send(QuoteScreen.Fetch(id: 7))
        await store.receive(QuoteScreen.Fetched(quote: "quote 7")) { $0.quote = "quote 7" }
        await store.finish()
    }

    /// Whether an issue is the report of an unimplemented endpoint.
    nonisolated private static func reports(_ endpoint: String, _ issue: Issue) -> Bool {
        issue.comments.contains { $0.rawValue.hasPrefix("\(endpoint) was called in a test but not set") }
    }

    @Test func anEndpointCalledWhileStampingFailsTheTest() async {
        await withKnownIssue {
            let store = TestStore(model: QuoteScreen())
            await store.send(StampQuote()) { $0.quote = "placeholder" }
        } matching: {
            Self.reports("QuoteClient.quoteNow", $0)
        }
    }

    @Test func anEndpointCalledWhileStampingAnActionAnEffectSentFailsTheTest() async {
        await withKnownIssue {
            let store = TestStore(model: QuoteScreen(), middleware: [StampingEffects()])
            await store.send(QuoteScreen.Track())
            await store.receive(StampQuote(quote: "placeholder")) { $0.quote = "placeholder" }
        } matching: {
            Self.reports("QuoteClient.quoteNow", $0)
        }
    }

    @Test func anEndpointAMiddlewareCallsAsAnActionPassesFailsTheTest() async {
        await withKnownIssue {
            let store = TestStore(model: QuoteScreen(), middleware: [QuoteTracking()])
            await store.send(QuoteScreen.Track())
        } matching: {
            Self.reports("QuoteClient.track", $0)
        }
    }

    @Test func anEndpointAnEffectsCatchCallsFailsTheTest() async {
        await withKnownIssue {
            let store = TestStore(model: QuoteScreen(), middleware: [QuoteTracking()])
            await store.send(QuoteScreen.Load())
            await store.receive(QuoteScreen.LoadFailed()) { $0.failedLoads = 1 }
        } matching: {
            Self.reports("QuoteClient.track", $0)
        }
    }

    @Test func anEndpointCalledWhileMakingTheInitialStateFailsTheTest() {
        withKnownIssue {
            let store = TestStore(model: { QuoteScreen(quote: $0[QuoteClient.self].quoteNow(2)) })
            #expect(store.state.quote == "placeholder")
        } matching: {
            Self.reports("QuoteClient.quoteNow", $0)
        }
    }

    @Test func theErrorNamesTheEndpoint() {
        #expect(
            UnimplementedEndpoint(name: "QuoteClient.load").description == "QuoteClient.load is unimplemented in tests")
    }
}
