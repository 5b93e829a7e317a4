import Substate
import SubstateMachine
import SubstateMiddleware

/// Search-as-you-type over the catalog, as a StateMachine feature: the transitions are pure,
/// the search itself is an effect that streams its matches in batches.
public struct SearchMachine: StateMachine {
    public struct State: Equatable, Sendable, Codable {
        public var query = ""
        public var results: [String] = []
        public var isSearching = false

        public init(query: String = "", results: [String] = [], isSearching: Bool = false) {
            self.query = query
            self.results = results
            self.isSearching = isSearching
        }
    }

    public enum Input: Equatable, Sendable, Codable {
        case queryChanged(String)
    }

    public enum IOEffect: Equatable, Sendable {
        case search(String)
    }

    public enum IOResult: Equatable, Sendable, Codable {
        case found([String])
        case finished
    }

    /// What is searched.
    public let catalog: [String]
    /// How many matches each batch of results carries.
    public let batchSize: Int
    /// Waits between batches: the program paces its output, tests hold it with a gate.
    public let pace: @Sendable () async -> Void

    public init(catalog: [String], batchSize: Int = 3, pace: @escaping @Sendable () async -> Void = {}) {
        self.catalog = catalog
        self.batchSize = batchSize
        self.pace = pace
    }

    public static func reduceInput(_ state: State, _ input: Input) -> Transition {
        switch input {
        case .queryChanged(let query) where query.isEmpty:
            nextState(State())
        case .queryChanged(let query):
            transition(State(query: query, isSearching: true), .search(query))
        }
    }

    public static func reduceIOResult(_ state: State, _ ioResult: IOResult) -> Transition {
        var state = state
        switch ioResult {
        case .found(let batch): state.results += batch
        case .finished: state.isSearching = false
        }
        return nextState(state)
    }

    public func runIOEffect(_ ioEffect: IOEffect) -> IOResultStream {
        switch ioEffect {
        case .search(let query):
            let matches = catalog.filter { $0.localizedLowercase.contains(query.localizedLowercase) }
            let batchSize = max(1, batchSize)
            let pace = self.pace
            return IOResultStream { continuation in
                let task = Task {
                    for start in stride(from: 0, to: matches.count, by: batchSize) {
                        await pace()
                        if Task.isCancelled { break }
                        continuation.yield(.found(Array(matches[start..<min(start + batchSize, matches.count)])))
                    }
                    if !Task.isCancelled { continuation.yield(.finished) }
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
    }
}

/// Inputs to the search are debounced: the search starts once typing pauses.
///
/// A conditional conformance of the generic `MachineNode.Input` holds for one feature per
/// process: the runtime honours only one of several such conformances to the same protocol.
/// An app with a second debounced feature debounces an action of its own instead, one that
/// converts to the feature's input (`StateMachineEventConvertible`).
extension MachineNode.Input: DebouncedAction where Feature == SearchMachine {
    public var debounce: Debounce { Debounce(.milliseconds(250)) }
}
