import Substate
import SubstateMachine
import SubstateMiddleware
import SubstateTesting
import XCTest

// Flows from the effect, timing and StateMachine suites, written with TestStore: each step says
// what goes in and what the state becomes.

enum Lookup {
    struct Query: Action, DebouncedAction {
        let text: String
        var debounce: Debounce { Debounce(.milliseconds(300)) }
    }
    struct Loaded: Action { let results: [String] }

    struct Screen: Model, Equatable {
        var results: [String] = []
        mutating func update(action: Action) {
            if let loaded = action as? Loaded { results = loaded.results }
        }
    }
}

struct Download: StateMachine {
    struct State: Equatable, Sendable {
        var progress = 0
        var bytes: [Int] = []
    }
    enum Input: Sendable { case start }
    enum IOEffect: Sendable { case fetch }
    enum IOResult: Sendable { case chunk(Int) }

    let chunks: [Int]

    static func reduceInput(_ state: State, _ input: Input) -> Transition { run(.fetch) }

    static func reduceIOResult(_ state: State, _ ioResult: IOResult) -> Transition {
        switch ioResult {
        case .chunk(let size): nextState(State(progress: state.progress + 1, bytes: state.bytes + [size]))
        }
    }

    func runIOEffect(_ ioEffect: IOEffect) -> IOResultStream {
        let chunks = self.chunks
        return IOResultStream { continuation in
            for size in chunks { continuation.yield(.chunk(size)) }
            continuation.finish()
        }
    }
}

@MainActor
final class PortedFlowTests: XCTestCase {
    func testSearchAsYouType() async {
        let clock = TestClock()
        let catalogue = ["swift", "swiftui", "substate"]
        let store = TestStore(
            model: Lookup.Screen(),
            middleware: [
                ActionDebouncer(clock: clock),
                EffectHandler(effects: [
                    Effect(for: Lookup.Query.self, id: "search", cancelInFlight: true) { query in
                        Lookup.Loaded(results: catalogue.filter { $0.hasPrefix(query.text) })
                    }
                ]),
            ])
        await store.send(Lookup.Query(text: "s"))
        await store.send(Lookup.Query(text: "su"))
        await clock.advance(by: .milliseconds(300))
        await store.receive(Lookup.Query.self)
        await store.receive(Lookup.Loaded.self) { $0.results = ["substate"] }
        await store.finish()
    }

    func testResultsReturnToTheInstanceWhoseEffectProducedThem() async {
        struct Downloads: Model, Equatable {
            var files = ["a", "b"].map { MachineNode<Download>(.init(), id: NodeID($0)) }
        }
        let store = TestStore(model: Downloads(), middleware: [StateMachineRunner(Download(chunks: [10, 20]))])
        await store.send(MachineNode<Download>.Input(.start, to: "b"))
        await store.receive(MachineNode<Download>.Result.self) {
            $0.files[1].state = .init(progress: 1, bytes: [10])
        }
        await store.receive(MachineNode<Download>.Result.self) {
            $0.files[1].state = .init(progress: 2, bytes: [10, 20])
        }
        await store.finish()
    }
}
