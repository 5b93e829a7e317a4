import SearchFeature
import Substate
import SubstateMachine
import SubstateMiddleware
import SubstateReplay
import SubstateTestSupport
import SubstateTesting
import XCTest

@MainActor
final class SearchTests: XCTestCase {
    private let catalog = ["swift-nio", "swift-log", "vapor", "swift-nio-ssl"]

    func testTheSearchStartsWhenTypingPausesAndStreamsItsResults() async {
        let clock = TestClock()
        let store = TestStore(
            model: SearchScreen(),
            middleware: [
                ActionDebouncer(clock: clock),
                StateMachineRunner(SearchMachine(catalog: catalog, batchSize: 1), cancelsInFlight: true),
            ])
        await store.send(SearchField.Typed("n")) {
            $0.field.text = "n"
            $0.statistics.keystrokes = 1
        }
        await store.send(MachineNode<SearchMachine>.Input(.queryChanged("n")))  // held by the debouncer
        await store.send(SearchField.Typed("ni")) {
            $0.field.text = "ni"
            $0.statistics.keystrokes = 2
        }
        await store.send(MachineNode<SearchMachine>.Input(.queryChanged("ni")))
        await clock.advance(by: .milliseconds(250))
        await store.receive(MachineNode<SearchMachine>.Input.self) {
            $0.search.state = .init(query: "ni", isSearching: true)
            $0.statistics.searches = 1
        }
        await store.receive(MachineNode<SearchMachine>.Result.self) {
            $0.search.state.results = ["swift-nio"]
            $0.statistics.batches = 1
        }
        await store.receive(MachineNode<SearchMachine>.Result.self) {
            $0.search.state.results = ["swift-nio", "swift-nio-ssl"]
            $0.statistics.batches = 2
        }
        await store.receive(MachineNode<SearchMachine>.Result.self) {
            $0.search.state.isSearching = false
            $0.recent = ["ni"]
        }
        await store.finish()
    }

    func testANewSearchCancelsTheOneStillRunning() async {
        let clock = TestClock()
        let gate = Gate()
        let store = TestStore(
            model: SearchScreen(),
            middleware: [
                ActionDebouncer(clock: clock),
                StateMachineRunner(
                    SearchMachine(catalog: catalog, pace: { await gate.wait() }), cancelsInFlight: true),
            ],
            exhaustive: true)
        await store.send(MachineNode<SearchMachine>.Input(.queryChanged("swift")))
        await clock.advance(by: .milliseconds(250))
        await store.receive(MachineNode<SearchMachine>.Input.self) {
            $0.search.state = .init(query: "swift", isSearching: true)
            $0.statistics.searches = 1
        }
        await store.send(MachineNode<SearchMachine>.Input(.queryChanged("vapor")))
        await clock.advance(by: .milliseconds(250))
        await store.receive(MachineNode<SearchMachine>.Input.self) {
            $0.search.state = .init(query: "vapor", isSearching: true)
            $0.statistics.searches = 2
        }
        gate.open()
        await store.receive(MachineNode<SearchMachine>.Result.self) {
            $0.search.state.results = ["vapor"]
            $0.statistics.batches = 1
        }
        await store.receive(MachineNode<SearchMachine>.Result.self) {
            $0.search.state.isSearching = false
            $0.recent = ["vapor"]
        }
        await store.finish()  // exhaustive: the cancelled search for "swift" sent nothing
    }

    func testARecordedSearchReplaysWithoutSearchingAgain() async throws {
        let clock = TestClock()
        let searches = Probe()
        func middleware(_ log: MemoryLog) -> [any Middleware] {
            [
                ActionRecorder(to: log, digestEvery: 1),
                ActionDebouncer(clock: clock),
                StateMachineRunner(
                    SearchMachine(catalog: catalog, batchSize: 1, pace: { searches.record("batch") }),
                    cancelsInFlight: true),
            ]
        }
        let log = MemoryLog()
        let store = Store(model: SearchScreen(), middleware: middleware(log))
        for text in ["s", "sw", "swift"] { SearchScreen.keystroke(text).forEach(store.update) }
        await clock.advance(by: .milliseconds(250))
        await store.effects.waitForAll()
        let recorded = try XCTUnwrap(store.find(SearchScreen.self))
        XCTAssertEqual(recorded.recent, ["swift"])
        let batches = searches.entries.count

        let replay = try Replay.run(
            try ActionLog(lines: log.lines), as: SearchScreen.self, middleware: middleware(MemoryLog()))
        XCTAssertNil(replay.divergence)
        XCTAssertEqual(replay.store.find(SearchScreen.self), recorded, "the results came from the log")
        XCTAssertEqual(replay.store.effects.inFlightCount, 0)
        XCTAssertEqual(searches.entries.count, batches, "the search effect did not run again")
    }

    func testTheSearchTransitionsArePure() {
        let (state, effect) = SearchMachine.reduceInput(.init(), .queryChanged("nio"))
        XCTAssertEqual(state, .init(query: "nio", isSearching: true))
        XCTAssertEqual(effect, .search("nio"))
        XCTAssertEqual(SearchMachine.reduceInput(.init(query: "x"), .queryChanged("")).0, .init())
    }
}
