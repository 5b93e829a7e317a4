import Substate
import SubstateMiddleware

/// A store for tests: each action sent is checked against the state change the test expects,
/// and every action the store produces by itself must be received by the test.
///
/// `send` dispatches an action and asserts that the whole state after it equals the state
/// before with the closure's mutation applied. `receive` waits for the next action that an
/// effect, a service, a StateMachine node or a middleware produced, and checks it and its state
/// change the same way. On a mismatch the failure shows a readable diff, one line per changed
/// leaf (`path: expected → actual`). By default the test store is exhaustive: ``finish(at:)``
/// fails if actions were produced that the test did not receive, or effects are still running
/// once it waited for them; releasing the test store without `finish()` fails on unreceived
/// actions.
/// Failures go to whichever framework runs the test, Swift Testing or XCTest.
///
/// Dependencies are swapped by passing other middleware: a fixed service, a feature value with
/// test dependencies, a `TestClock`.
///
/// ```swift
/// let store = TestStore(model: MachineNode<Login>(.init()),
///                       middleware: [StateMachineRunner(Login(client: .mock))])
/// store.send(MachineNode<Login>.Input(.didTapLoginButton)) {
///     $0.state.isLoading = true
/// }
/// await store.receive(MachineNode<Login>.Result.self) {
///     $0.state = .init(isLoading: false, user: "user")
/// }
/// await store.finish()
/// ```
@MainActor
public final class TestStore<Root: Model & Equatable> {
    /// The store under test.
    public let store: Store
    /// Whether every produced action must be received and every effect finished
    /// (``finish(at:)``). Turn it off for tests that only care about part of the state.
    public var isExhaustive: Bool
    /// How long ``receive(_:timeout:at:_:)`` waits before failing: a last resort, since
    /// effects under test usually answer at once, and time only moves when a test clock does.
    public var timeout: Duration = .seconds(5)

    private let recorder: ReductionRecorder<Root>
    /// The state as the test has asserted it so far.
    private var asserted: Root
    private var finished = false

    /// Creates a test store.
    ///
    /// - Parameters:
    ///   - model: The root of the state tree.
    ///   - middleware: The pipeline, with test doubles where the app has real dependencies.
    ///   - exhaustive: Whether unreceived actions and running effects fail the test.
    public init(model: Root, middleware: [any Middleware] = [], exhaustive: Bool = true) {
        store = Store(model: model, middleware: middleware)
        isExhaustive = exhaustive
        // What the store did while starting (Start, registrations, loads) is not for the test
        // to receive: recording starts after it, and the state it led to is the starting point.
        recorder = ReductionRecorder(observing: store)
        asserted = store.find(Root.self) ?? model
    }

    /// The current state of the tree.
    public var state: Root { store.find(Root.self)! }

    /// Sends an action and asserts the state change it causes.
    ///
    /// - Parameters:
    ///   - action: The action to send through the store's pipeline.
    ///   - location: Where a failure is reported.
    ///   - update: Applies the expected change to the state before the action; omit it when the
    ///     action changes nothing.
    public func send(
        _ action: Action, at location: TestLocation = TestLocation(), _ update: ((inout Root) -> Void)? = nil
    ) {
        if isExhaustive, !recorder.received.isEmpty {
            reportFailure(
                "Must receive \(recorder.received.count) action(s) before sending \(name(of: action)): "
                    + recorder.received.map { name(of: $0.action) }.joined(separator: ", "), at: location)
            asserted = recorder.received.last!.after
            recorder.received = []
        }
        recorder.sending = ObjectIdentifier(type(of: action))
        store.update(action)
        let after = recorder.sent ?? state
        recorder.sending = nil
        recorder.sent = nil
        check(name(of: action), expected: expected(update), actual: after, at: location)
    }

    /// Waits for the next action the store produced by itself, asserts that it has the type,
    /// and asserts the state change it caused.
    public func receive<A: Action>(
        _ type: A.Type, timeout: Duration? = nil, at location: TestLocation = TestLocation(),
        _ update: ((inout Root) -> Void)? = nil
    ) async {
        await receive(
            where: { $0 is A }, description: String(describing: A.self), timeout: timeout, at: location, update)
    }

    /// Waits for the next action the store produced by itself, asserts that it matches the
    /// predicate, and asserts the state change it caused.
    public func receive(
        where matches: @escaping (any Action) -> Bool, description: String = "a matching action",
        timeout: Duration? = nil, at location: TestLocation = TestLocation(), _ update: ((inout Root) -> Void)? = nil
    ) async {
        guard await recorder.waitForAction(timeout: timeout ?? self.timeout) else {
            return reportFailure(
                "Expected to receive \(description), but nothing arrived within \(timeout ?? self.timeout)"
                    + " (\(store.effects.inFlightCount) effect(s) running).", at: location)
        }
        var reduction = recorder.received.removeFirst()
        if isExhaustive {
            while !matches(reduction.action), !recorder.received.isEmpty {
                reportFailure("Received \(name(of: reduction.action)) before \(description).", at: location)
                asserted = reduction.after
                reduction = recorder.received.removeFirst()
            }
        } else {
            // Skip what the test does not care about.
            while !matches(reduction.action), !recorder.received.isEmpty {
                asserted = reduction.after
                reduction = recorder.received.removeFirst()
            }
        }
        guard matches(reduction.action) else {
            asserted = reduction.after
            return reportFailure(
                "Expected to receive \(description), received \(name(of: reduction.action)).", at: location)
        }
        check(name(of: reduction.action), expected: expected(update), actual: reduction.after, at: location)
    }

    /// Asserts the end of the test: in exhaustive mode, no produced action left unreceived and
    /// no effect still running (after waiting for running effects to end).
    public func finish(at location: TestLocation = TestLocation()) async {
        finished = true
        guard isExhaustive else { return }
        if store.effects.inFlightCount > 0 {
            let waited = await recorder.waitForEffects(of: store, timeout: timeout)
            if !waited {
                reportFailure(
                    "\(store.effects.inFlightCount) effect(s) still running at the end of the test.", at: location)
            }
        }
        if !recorder.received.isEmpty {
            reportFailure(
                "\(recorder.received.count) action(s) were produced but not received: "
                    + recorder.received.map { name(of: $0.action) }.joined(separator: ", "), at: location)
        }
    }

    // A test store released without finish() still fails on actions left unreceived. Running
    // effects are only checked by finish(), which can wait for them to end: an effect that sent
    // its last action may still be ending when the store goes.
    isolated deinit {
        guard !finished, isExhaustive, !recorder.received.isEmpty else { return }
        reportFailure(
            "\(recorder.received.count) action(s) were produced but not received: "
                + recorder.received.map { name(of: $0.action) }.joined(separator: ", "),
            at: TestLocation(fileID: "SubstateTesting/TestStore.swift", filePath: #filePath, line: #line))
    }

    private func expected(_ update: ((inout Root) -> Void)?) -> Root {
        var expected = asserted
        update?(&expected)
        return expected
    }

    private func check(_ action: String, expected: Root, actual: Root, at location: TestLocation) {
        asserted = actual
        guard expected != actual else { return }
        let diff = StateDiff(from: expected, to: actual)
        reportFailure(
            "State after \(action) differs from the expected state (expected → actual):\n" + diff.description,
            at: location)
    }

    private func name(of action: any Action) -> String { typeName(type(of: action)) }
}
