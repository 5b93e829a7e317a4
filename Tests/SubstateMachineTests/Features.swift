import Substate
import SubstateMachine
import SubstateTestSupport

// Features from the TCA-SM document, ported: no Reducer conformance and no @Dependency, the
// dependencies are stored properties of the feature value.

/// An authentication client: a dependency of Login.
struct AuthClient: Sendable {
    var authenticate: @Sendable (String, String) async -> String?
}

struct Login: StateMachine {
    struct State: Equatable, Sendable {
        var isLoading = false
        var user: String?
    }
    enum Input: Sendable { case didTapLoginButton }
    enum IOEffect: Equatable, Sendable { case authenticate(String, String) }
    enum IOResult: Sendable { case authenticated(String?) }

    let client: AuthClient

    static func reduceInput(_ state: State, _ input: Input) -> Transition {
        switch input {
        case .didTapLoginButton: transition(State(isLoading: true, user: nil), .authenticate("user", "pass"))
        }
    }

    static func reduceIOResult(_ state: State, _ ioResult: IOResult) -> Transition {
        switch ioResult {
        case .authenticated(let user): nextState(State(isLoading: false, user: user))
        }
    }

    func runIOEffect(_ ioEffect: IOEffect) -> IOResultStream {
        switch ioEffect {
        case .authenticate(let name, let password):
            .single { .authenticated(await client.authenticate(name, password)) }
        }
    }
}

/// The document's Feature: a one-shot fetch, a long-lived subscription, fire-and-forget analytics.
struct Feed: StateMachine {
    struct State: Equatable, Sendable {
        var data: String?
        var updates: [Int] = []
    }
    enum Input: Sendable { case load, subscribe, track }
    enum IOEffect: Sendable { case fetchData, subscribeToUpdates, logAnalytics }
    enum IOResult: Sendable {
        case fetchResponse(String)
        case update(Int)
    }

    let fetchData: @Sendable () async -> String
    let updates: AsyncStream<Int>
    let onUnsubscribe: @Sendable () -> Void
    let analytics: Probe

    static func reduceInput(_ state: State, _ input: Input) -> Transition {
        switch input {
        case .load: run(.fetchData)
        case .subscribe: run(.subscribeToUpdates)
        case .track: run(.logAnalytics)
        }
    }

    static func reduceIOResult(_ state: State, _ ioResult: IOResult) -> Transition {
        var state = state
        switch ioResult {
        case .fetchResponse(let data): state.data = data
        case .update(let value): state.updates.append(value)
        }
        return nextState(state)
    }

    func runIOEffect(_ ioEffect: IOEffect) -> IOResultStream {
        switch ioEffect {
        case .fetchData:
            return .single { .fetchResponse(await fetchData()) }
        case .subscribeToUpdates:
            let updates = self.updates
            let onUnsubscribe = self.onUnsubscribe
            return IOResultStream { continuation in
                let task = Task {
                    for await value in updates { continuation.yield(.update(value)) }
                    continuation.finish()
                }
                continuation.onTermination = { _ in
                    task.cancel()
                    onUnsubscribe()
                }
            }
        case .logAnalytics:
            analytics.record("event")
            return .init { $0.finish() }
        }
    }
}

/// Effects composed with merge and concat, written by hand in place of @ComposableEffect.
struct Steps: StateMachine {
    struct State: Equatable, Sendable { var done: [String] = [] }
    enum Input: Sendable {
        case parallel, sequential, nested
    }
    enum IOEffect: ComposableIOEffect, Equatable {
        case log(String)
        case merge([IOEffect])
        case concat([IOEffect])
    }
    typealias IOResult = String

    let gate: Gate
    let probe: Probe

    static func reduceInput(_ state: State, _ input: Input) -> Transition {
        switch input {
        case .parallel: run(.merge(.log("a"), .log("b")))
        case .sequential: run(.concat(.log("step 1"), .log("step 2"), .log("step 3")))
        case .nested: run(.concat(.merge(.log("x"), .log("y")), .log("after both")))
        }
    }

    static func reduceIOResult(_ state: State, _ ioResult: IOResult) -> Transition {
        nextState(State(done: state.done + [ioResult]))
    }

    func runIOEffect(_ ioEffect: IOEffect) -> IOResultStream {
        guard case .log(let message) = ioEffect else { return .init { $0.finish() } }
        return .single {
            probe.record("start \(message)")
            await gate.wait()
            return message
        }
    }
}

/// A download: many instances live side by side, each addressed by id.
struct Download: StateMachine {
    struct State: Equatable, Sendable {
        var progress = 0
        var bytes: [Int] = []
    }
    enum Input: Sendable { case start, pause }
    enum IOEffect: Sendable { case fetch }
    enum IOResult: Sendable { case chunk(Int) }

    let chunks: @Sendable () -> AsyncStream<Int>

    static func reduceInput(_ state: State, _ input: Input) -> Transition {
        switch input {
        case .start: run(.fetch)
        case .pause: identity
        }
    }

    static func reduceIOResult(_ state: State, _ ioResult: IOResult) -> Transition {
        switch ioResult {
        case .chunk(let size): nextState(State(progress: state.progress + 1, bytes: state.bytes + [size]))
        }
    }

    func runIOEffect(_ ioEffect: IOEffect) -> IOResultStream {
        let chunks = self.chunks()
        return IOResultStream { continuation in
            let task = Task {
                for await size in chunks { continuation.yield(.chunk(size)) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
