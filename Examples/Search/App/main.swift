import Foundation
import SearchFeature
import Substate
import SubstateMachine
import SubstateMiddleware
import SubstateReplay
import Synchronization

// A scripted session of search-as-you-type: keystrokes arrive with pauses; the search starts
// once typing pauses, a newer search cancels the one still running, and results stream in.
// The session is recorded, then replayed: the results come from the log, and no search runs.

/// Result batches the search effect produced, counted across the session and its replay.
let batchesSearched = Atomic<Int>(0)

@MainActor
func middleware(recordingTo log: MemoryLog) -> [any Middleware] {
    [
        ActionRecorder(to: log, digestEvery: 5),
        ActionDebouncer(),
        StateMachineRunner(
            SearchMachine(
                catalog: Catalog.packages,
                pace: {
                    batchesSearched.add(1, ordering: .relaxed)
                    try? await Task.sleep(for: .milliseconds(120))
                }),
            cancelsInFlight: true),
    ]
}

@MainActor
func runSession() async throws {
    let log = MemoryLog()
    let store = Store(model: SearchScreen(), middleware: middleware(recordingTo: log))
    var running: String?
    store.observeReductions { action, origin in
        switch action {
        case let typed as SearchField.Typed: print("  typed   \"\(typed.text)\"")
        case let input as MachineNode<SearchMachine>.Input:
            guard case .queryChanged(let query) = input.input else { return }
            if let running { print("  ✕ the search for \"\(running)\" is cancelled") }
            print("▸ search  \"\(query)\"   (released by the debouncer: origin \(origin))")
            running = query
        case let result as MachineNode<SearchMachine>.Result:
            switch result.ioResult {
            case .found(let batch): print("    found \(batch.joined(separator: ", "))")
            case .finished:
                let count = store.find(MachineNode<SearchMachine>.self)?.state.results.count ?? 0
                print("  done    \(count) results")
                running = nil
            }
        default: ()
        }
    }

    // (text, pause after it in milliseconds): quick typing, then a pause that lets a search
    // start; typing again while it streams cancels it.
    let script: [(String, Int)] = [
        ("s", 60), ("sw", 60), ("swi", 500), ("swift-n", 60), ("swift-ni", 800), ("kit", 700),
    ]
    for (text, pause) in script {
        for action in SearchScreen.keystroke(text) { store.update(action) }
        try? await Task.sleep(for: .milliseconds(pause))
    }
    await store.effects.waitForAll()

    let screen = store.find(SearchScreen.self)!
    print("\nField: \"\(screen.field.text)\"   results: \(screen.search.state.results)")
    print("Recent searches: \(screen.recent)")
    print(
        "Statistics: \(screen.statistics.keystrokes) keystrokes, \(screen.statistics.searches) searches started, \(screen.statistics.batches) batches"
    )

    // The same middleware watches the replay; the runner and the debouncer stay out of it.
    let searchedBefore = batchesSearched.load(ordering: .relaxed)
    let replay = try Replay.run(
        try ActionLog(lines: log.lines), as: SearchScreen.self, middleware: middleware(recordingTo: MemoryLog()))
    let replayed = replay.store.find(SearchScreen.self)!
    print(
        "\nReplayed the \(log.lines.count)-line log: \(replay.replayed) actions, \(replay.verified) digests matched, "
            + "\(replay.divergence.map { "\($0)" } ?? "no divergence")."
    )
    print(
        "The replayed screen \(replayed == screen ? "equals" : "differs from") the session's; "
            + "search batches run during the replay: \(batchesSearched.load(ordering: .relaxed) - searchedBefore)."
    )
    if replay.divergence != nil || replayed != screen { exit(1) }
}

try await runSession()
