import Substate
import SubstateMiddleware
import SubstateTesting
import Synchronization
import Testing

// Shared values under a test store: TCA's open reports about `@Shared` in tests, each written as
// its report describes it, and the assertions a test of one screen makes.

struct Counted: Equatable, Sendable, Codable {
    var value = 0
}

extension SharedKey where Value == Counted {
    static var counted: Self { SharedKey("counted") }
}

/// A screen whose effect answers later with an action that changes the shared value.
struct CountingScreen: Model, Equatable {
    @Shared(.counted) var counted = Counted()
    var isLoading = false
    struct Load: Action {}
    struct Loaded: Action, Equatable { let value: Int }
    struct Bump: Action {}

    mutating func update(action: Action) {
        switch action {
        case is Load: isLoading = true
        case let loaded as Loaded:
            isLoading = false
            counted.value = loaded.value
        case is Bump: counted.value += 1
        default: break
        }
    }
}

/// Another screen holding the same value, to check that a test asserts it once.
struct CountingMirror: Model, Equatable {
    @Shared(.counted) var counted = Counted()
}

struct CountingApp: Model, Equatable {
    var screen = CountingScreen()
    var mirror = CountingMirror()
}

/// A model a test declares beside the root, holding the shared value as a file would.
struct CountedFile: Model, Equatable {
    @Shared(.counted) var counted = Counted()
}

/// A model beside the root with a field of its own that actions change.
struct BumpCounter: Model, Equatable {
    var bumps = 0
    mutating func update(action: Action) {
        if action is CountingScreen.Bump { bumps += 1 }
    }
}

@MainActor private func loading() -> EffectHandler {
    EffectHandler(effects: [Effect(for: CountingScreen.Load.self) { _ in CountingScreen.Loaded(value: 42) }])
}

@MainActor
@Suite struct SharedValueTestingTests {
    /// TCA #3064: a change an effect's action makes to a shared value showed up in an exhaustive
    /// test before that action was received. Here the state after `Load` is the one before
    /// `Loaded`, whatever the effect has done since.
    @Test func aChangeAnEffectsActionMakesShowsOnlyWhenThatActionIsReceived() async {
        let store = TestStore(model: CountingApp(), middleware: [loading()])
        await store.send(CountingScreen.Load()) {
            $0.screen.isLoading = true
        }
        #expect(store.state.screen.counted.value == 42, "the effect has answered by now")
        await store.receive(CountingScreen.Loaded(value: 42)) {
            $0.screen.isLoading = false
            $0.screen.counted.value = 42
        }
        await store.finish()
    }

    /// TCA #3572: in-memory keys leaked from one test into the next and gave false positives.
    @Test func nothingLeaksFromOneTestStoreIntoTheNext() async {
        let first = TestStore(model: CountingApp())
        await first.send(CountingScreen.Bump()) { $0.screen.counted.value = 1 }
        await first.send(CountingScreen.Bump()) { $0.screen.counted.value = 2 }

        let second = TestStore(model: CountingApp())
        #expect(second.state.screen.counted.value == 0)
        await second.send(CountingScreen.Bump()) { $0.screen.counted.value = 1 }
        #expect(first.state.screen.counted.value == 2)
    }

    @Test func aSharedChangeAssertedOnceReachesEveryCopyOfTheExpectedState() async {
        let store = TestStore(model: CountingApp())
        await store.send(CountingScreen.Bump()) { $0.screen.counted.value = 1 }
        #expect(store.state.mirror.counted.value == 1)
    }

    @Test func anUnassertedSharedChangeFailsAnExhaustiveTest() async {
        await withKnownIssue {
            let store = TestStore(model: CountingApp())
            await store.send(CountingScreen.Bump())
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.hasPrefix("State after CountingScreen.Bump differs from the expected state")
                    && $0.rawValue.contains("CountingApp.screen.counted.value: 0 → 1")
                    && $0.rawValue.contains("CountingApp.mirror.counted.value: 0 → 1")
            }
        }
    }

    @Test func stateBesideTheRootGivesTheValueAndIsInsideTheExhaustiveChecks() async {
        let store = TestStore(model: CountingScreen(), beside: [CountedFile(counted: Counted(value: 5))])
        #expect(store.state.counted.value == 5, "the value declared beside the root")
        await store.send(CountingScreen.Bump()) { $0.counted.value = 6 }
        #expect(store.besideState(CountedFile.self)?.counted.value == 6)
    }

    /// A model beside the root whose own fields change: the test cannot have written that
    /// change on the root, and the failure names it.
    @Test func aChangeBesideTheRootThatNoSharedWriteExplainsFails() async {
        await withKnownIssue {
            let store = TestStore(model: CountingScreen(), beside: [BumpCounter()])
            await store.send(CountingScreen.Bump()) { $0.counted.value = 1 }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("BumpCounter.bumps: 0 → 1") }
        }
    }

    /// No action is received for the state placed beside the root.
    @Test func placingStateBesideTheRootSendsNoAction() async {
        let store = TestStore(model: CountingScreen(), beside: [CountedFile()])
        await store.finish()
    }
}
