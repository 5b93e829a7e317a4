import Substate
import SubstateMiddleware

/// A store for tests: each action sent is checked against the state change the test expects,
/// and every action the store produces by itself must be received by the test.
///
/// `send` dispatches an action and asserts that the whole state after it equals the state
/// before with the closure's mutation applied, then lets the effects it started run until they
/// suspend. `receive` waits for the next action that an
/// effect, a service, a StateMachine node or a middleware produced, and checks it and its state
/// change the same way. On a mismatch the failure shows a readable diff, one line per changed
/// leaf (`path: expected → actual`), at the line of the test that made the assertion, in XCTest
/// and Swift Testing alike.
///
/// By default the test store is exhaustive: ``finish(fileID:file:line:column:)`` fails if
/// actions were produced that the test did not receive, or effects are still running once it
/// waited for them, and releasing the test store without `finish()` fails on unreceived
/// actions and on effects still at work. A `QuietAction` that changed no state (a saver's
/// "saved") is the exception: the test receives it when it asks for it, and need not otherwise.
/// With `exhaustive: false`, as TCA's non-exhaustive
/// mode, a closure asserts only what it sets, actions the test does not receive are skipped
/// (``skippedActions`` lists them), and running effects are allowed.
///
/// The test store runs the middleware it is given, the app's own effect handlers and services
/// included; what they reach outside (a server, a clock, the date) is swapped through
/// `dependencies:`, as TCA's `withDependencies` does, or by giving a feature value its doubles.
///
/// ```swift
/// let store = TestStore(model: MachineNode<Login>(.init()),
///                       middleware: [StateMachineRunner(Login(client: .mock))])
/// await store.send(MachineNode<Login>.Input(.didTapLoginButton)) {
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
    /// Whether every produced action must be received, every effect finished, and the whole
    /// state asserted. Turn it off for tests that only care about part of the state.
    public var isExhaustive: Bool {
        get { exhaustivity == .on }
        set { exhaustivity = newValue ? .on : .off }
    }
    /// How much the test store checks, as TCA's `TestStore.exhaustivity`: everything (`.on`),
    /// or only what the test asserts (`.off`), optionally reporting what it skipped as notes
    /// rather than failures (`.off(showSkippedAssertions: true)`).
    ///
    /// ```swift
    /// store.exhaustivity = .off(showSkippedAssertions: true)
    /// ```
    public var exhaustivity: Exhaustivity
    /// How long `receive` waits before failing: a last
    /// resort, since effects under test usually answer at once, and time only moves when a test
    /// clock does.
    public var timeout: Duration = .seconds(5)
    /// The actions a non-exhaustive test store skipped because the test did not receive them,
    /// in order.
    public private(set) var skippedActions: [any Action] = []

    private let recorder: ReductionRecorder<Root>
    /// The state as the test has asserted it so far.
    private var asserted: Root
    /// The models placed beside the root, as the test has asserted them so far.
    private var assertedBeside: [any Model] = []
    private var finished = false
    /// The last action the test sent, for messages.
    private var lastSent: (any Action)?
    /// The tokens of the effects the last action sent started.
    private var lastStarted: Range<Int> = 0..<0
    /// Where the test store was made: failures found when it is released are reported there.
    private let creation: TestLocation

    /// Creates a test store.
    ///
    /// - Parameters:
    ///   - model: The root of the state tree.
    ///   - beside: Models placed beside the root with no action, as TCA's tests declare
    ///     `@Shared(.syncUps) var syncUps = [...]` beside the store: their shared fields give
    ///     their keys their values, and they are inside the exhaustive checks (one per type).
    ///   - middleware: The pipeline: usually the app's own, its dependencies swapped below.
    ///   - exhaustive: Whether unreceived actions, running effects and unasserted state changes
    ///     fail the test.
    ///   - fileID: The test's file, where failures found at release are reported; leave the default.
    ///   - filePath: The test's file path; leave the default.
    ///   - line: The test's line; leave the default.
    ///   - column: The test's column; leave the default.
    ///   - dependencies: Changes the store's dependencies from their production values, as
    ///     TCA's `withDependencies` does: `{ $0.date = .constant(day); $0[APIClient.self] = .mock }`.
    public convenience init(
        model: Root, beside: [any Model & Equatable] = [], middleware: [any Middleware] = [],
        exhaustive: Bool = true, fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column, dependencies: (inout Dependencies) -> Void = { _ in }
    ) {
        self.init(
            model: { _ in model }, beside: beside, middleware: middleware, exhaustive: exhaustive, fileID: fileID,
            file: filePath, line: line, column: column, dependencies: dependencies)
    }

    /// Creates a test store whose initial state is made with the test's dependencies, as TCA
    /// builds `initialState` under the test's `withDependencies`: a model that draws a UUID when
    /// it is made draws it from the same generator as the store.
    ///
    /// ```swift
    /// let store = TestStore(model: { SyncUpForm(syncUp: syncUp, uuid: $0.uuid) }) { $0.uuid = .incrementing }
    /// ```
    ///
    /// The parameters are those of ``init(model:beside:middleware:exhaustive:fileID:file:line:column:dependencies:)``;
    /// `model` is given the dependencies once `dependencies` has changed them.
    public init(
        model make: (Dependencies) -> Root, beside: [any Model & Equatable] = [], middleware: [any Middleware] = [],
        exhaustive: Bool = true, fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column, dependencies: (inout Dependencies) -> Void = { _ in }
    ) {
        let creation = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let testDependencies = Dependencies(testing: { reportFailure($0, at: creation) }, dependencies)
        // Everything the test store runs outside effects (the initial state's maker, the
        // store's start, the middleware an action passes, stamping) runs with the test's
        // dependencies as the current ones, as effects do: an `unimplemented` endpoint called
        // there fails the test, wherever it is called.
        let model = Dependencies.$current.withValue(testDependencies) { make(testDependencies) }
        // A diagnostic (a model that needs missing middleware, a let field holding models) is
        // a failure of the test, where the test store was made, not a line on standard error.
        store = Dependencies.$current.withValue(testDependencies) {
            Store(
                model: model, middleware: middleware, dependencies: testDependencies,
                onDiagnostic: { reportFailure("substate: \($0.message)", at: creation) })
        }
        // The effects' own code runs on the main queue, serially with the test: `send` lets it
        // run until it suspends, and the test clock follows loops that sleep again.
        // A model that routing skips but that would change is a failure of the test, in every
        // build, for every action (see `ActionRouting`).
        store.checksRoutingOfEveryAction = true
        store.effects.taskExecutor = MainQueueTaskExecutor.shared
        store.effects.recordsEndings = true
        exhaustivity = exhaustive ? .on : .off
        self.creation = creation
        // What the store did while starting (Start, registrations, loads) is not for the test
        // to receive: recording starts after it, and the state it led to is the starting point.
        let store = self.store
        Dependencies.$current.withValue(testDependencies) { store.placeBeside(beside) }
        recorder = ReductionRecorder(observing: store, besideTypes: beside.map { ObjectIdentifier(type(of: $0)) })
        asserted = store.lookup(Root.self) ?? model
        assertedBeside = recorder.besideValues(in: store)
    }

    /// The model of a type the test placed beside the root (see `beside:`), as it is now.
    public func besideState<M: Model>(_ type: M.Type) -> M? {
        recorder.besideValues(in: store).lazy.compactMap { $0 as? M }.first
    }

    /// The current state of the tree.
    public var state: Root { store.lookup(Root.self)! }

    /// Whether the screen under test dismissed itself, as TCA's `TestStore.isDismissed`: an
    /// effect called `Send.dismiss()`, or a `Dismiss` of the root's type was sent (see
    /// `Store.isDismissed`). Its effects ended with it.
    ///
    /// ```swift
    /// await store.send(EditForm.DoneTapped())
    /// XCTAssertTrue(store.isDismissed)
    /// ```
    public var isDismissed: Bool { store.isDismissed }

    /// Sends an action, asserts the state change it causes, then lets the effects it started
    /// run until they suspend, as TCA's `send` does.
    ///
    /// A check right after it sees what an effect did before its first suspension (a
    /// dependency it called, an action it sent at once, which the test then receives).
    ///
    /// ```swift
    /// await store.send(Settings.OpenTapped()) { $0.isOpening = true }
    /// XCTAssertTrue(opened.value)   // the effect ran
    /// ```
    ///
    /// It returns the effects the action started as a ``TestStoreTask``, which a test may
    /// cancel (a view's `.task` ending) or wait for; most tests ignore it.
    ///
    /// - Parameters:
    ///   - action: The action to send through the store's pipeline.
    ///   - fileID: The test's file, where a failure is reported; leave the default.
    ///   - filePath: The test's file path; leave the default.
    ///   - line: The test's line; leave the default.
    ///   - column: The test's column; leave the default.
    ///   - update: Applies the expected change to the state before the action; omit it when the
    ///     action changes nothing. In a non-exhaustive store it is applied to the state after
    ///     the action, and must change nothing there: it asserts only what it sets.
    @discardableResult
    public func send(
        _ action: Action, fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column, _ update: ((inout Root) -> Void)? = nil
    ) async -> TestStoreTask {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let task = dispatch(action, at: location, update)
        await MainQueueTaskExecutor.settle()
        return task
    }

    /// Sends an action and asserts the state change it causes, from synchronous code: the
    /// effects it started have not run yet when it returns (`await store.send(...)` lets them).
    /// It returns them as a ``TestStoreTask``, as the async `send` does.
    @discardableResult
    public func send(
        _ action: Action, fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column, _ update: ((inout Root) -> Void)? = nil
    ) -> TestStoreTask {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return dispatch(action, at: location, update)
    }

    private func dispatch(_ action: Action, at location: TestLocation, _ update: ((inout Root) -> Void)?)
        -> TestStoreTask
    {
        // Quiet actions the test did not ask for, which changed nothing, need no receiving.
        if isExhaustive { recorder.dropQuiet() }
        if !recorder.received.isEmpty {
            if isExhaustive {
                reportFailure(
                    "Must receive \(recorder.received.count) action(s) before sending \(name(of: action)): "
                        + list(recorder.received.map(\.action)), at: location)
            } else {
                skippedActions += recorder.received.map(\.action)
                reportSkippedIfShown(
                    "\(recorder.received.count) received action(s) skipped before sending \(name(of: action)): "
                        + list(recorder.received.map(\.action)), at: location)
            }
            asserted = recorder.received.last!.after
            assertedBeside = recorder.received.last!.beside
            recorder.received = []
        }
        lastSent = action
        recorder.sending = ObjectIdentifier(type(of: action))
        let firstToken = store.effects.nextEffectToken
        Dependencies.$current.withValue(store.dependencies) { store.update(action) }
        lastStarted = firstToken..<store.effects.nextEffectToken
        let after = recorder.sent ?? state
        let afterBeside = recorder.sent == nil ? recorder.besideValues(in: store) : recorder.sentBeside
        recorder.sending = nil
        recorder.sent = nil
        check(name(of: action), update, actual: after, beside: afterBeside, at: location)
        return TestStoreTask(store: store, tokens: lastStarted, actionName: name(of: action), timeout: timeout)
    }

    /// Waits for the next action the store produced by itself, asserts that it has the type,
    /// and asserts the state change it caused.
    public func receive<A: Action>(
        _ type: A.Type, timeout: Duration? = nil, fileID: StaticString = #fileID,
        file filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ update: ((inout Root) -> Void)? = nil
    ) async {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        await receive(
            matching: { $0 is A }, description: typeName(A.self), timeout: timeout, at: location, update)
    }

    /// Waits for the next action the store produced by itself, asserts that it equals the
    /// given one (a diff of the two says where they differ), and asserts the state change it
    /// caused.
    ///
    /// ```swift
    /// await store.receive(Cart.Paid(total: 3)) { $0.cart.isPaid = true }
    /// ```
    public func receive<A: Action & Equatable>(
        _ expected: A, timeout: Duration? = nil, fileID: StaticString = #fileID,
        file filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ update: ((inout Root) -> Void)? = nil
    ) async {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let received = await receive(
            matching: { $0 is A }, description: typeName(A.self), timeout: timeout, at: location, update)
        guard let actual = received as? A, actual != expected else { return }
        reportFailure(
            "Received \(typeName(A.self)) differs from the expected one (expected → actual):\n"
                + StateDiff(from: expected, to: actual).description, at: location)
    }

    /// Waits for the next action the store produced by itself, asserts that it matches the
    /// predicate, and asserts the state change it caused.
    public func receive(
        where matches: @escaping (any Action) -> Bool, description: String = "a matching action",
        timeout: Duration? = nil, fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column, _ update: ((inout Root) -> Void)? = nil
    ) async {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        await receive(matching: matches, description: description, timeout: timeout, at: location, update)
    }

    /// Waits for the next action the store produced by itself, asserts that it has the type and
    /// that the `Result` it carries is the given case, and asserts the state change it caused:
    /// TCA's `store.receive(\.response.success)` in one line.
    ///
    /// Use it for an effect's answer that holds a `Result` whose error is not `Equatable`, when
    /// which case arrived matters and its payload shows in the state. A failure names the case
    /// expected and the one that arrived, with its payload.
    ///
    /// ```swift
    /// await store.receive(NumberFact.Response.self, \.result, is: .success) { $0.fact = "42 is good" }
    /// ```
    public func receive<A: Action, Success, Failure: Error>(
        _ type: A.Type, _ result: KeyPath<A, Result<Success, Failure>>, is expected: ResultCase,
        timeout: Duration? = nil, fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column, _ update: ((inout Root) -> Void)? = nil
    ) async {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let name = typeName(A.self)
        await receive(
            matching: { ($0 as? A).map { ResultCase($0[keyPath: result]) == expected } ?? false },
            description: "\(name) carrying .\(expected)", timeout: timeout, at: location,
            arrived: { action in
                guard let action = action as? A else { return self.name(of: action) }
                return switch action[keyPath: result] {
                case .success(let value): "\(name) carrying .success(\(value))"
                case .failure(let error): "\(name) carrying .failure(\(error))"
                }
            }, update)
    }

    /// Waits for the next action the store produced by itself, asserts that it is an action of
    /// the type addressed to the stack element with the id (`ScreenStack<Screen>.ToElement`, of
    /// any screen type), and asserts the state change it caused: TCA's
    /// `store.receive(\.path[id: id].tick)` in one line.
    ///
    /// Use it for what a screen's own effect sends, which reaches the tree addressed to that
    /// screen. A failure names the element expected and the one the action arrived for.
    ///
    /// ```swift
    /// await store.receive(Player.Tick.self, element: 1) { $0.path[id: 1]?.elapsed = 1 }
    /// ```
    public func receive<A: Action>(
        _ type: A.Type, element id: StackElementID, timeout: Duration? = nil, fileID: StaticString = #fileID,
        file filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ update: ((inout Root) -> Void)? = nil
    ) async {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        await receive(
            matching: { ($0 as? any ElementAddressed).map { $0.elementAction is A && $0.elementID == id } ?? false },
            description: "\(typeName(A.self)) for element \(id)", timeout: timeout, at: location,
            arrived: { action in
                guard let addressed = action as? any ElementAddressed else { return self.name(of: action) }
                return "\(self.name(of: addressed.elementAction)) for element \(addressed.elementID)"
            }, update)
    }

    /// Waits for the next action the store produced by itself, asserts that it is a
    /// `TargetedAction` of the type for the model with the id, and asserts the state change it
    /// caused.
    ///
    /// Use it when several rows of one type answer with the same action and the test cares
    /// which row's arrived. A failure names the id expected and the one that arrived.
    ///
    /// ```swift
    /// await store.receive(Row.Loaded.self, target: 2) { $0.rows[1].isLoaded = true }
    /// ```
    public func receive<A: TargetedAction>(
        _ type: A.Type, target id: A.Target.ID, timeout: Duration? = nil, fileID: StaticString = #fileID,
        file filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ update: ((inout Root) -> Void)? = nil
    ) async {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        await receive(
            matching: { ($0 as? A)?.targetID == id }, description: "\(typeName(A.self)) for target \(id)",
            timeout: timeout, at: location,
            arrived: { action in
                guard let action = action as? A else { return self.name(of: action) }
                return "\(typeName(A.self)) for target \(action.targetID)"
            }, update)
    }

    /// Waits for the next action the store produced by itself, asserts that it is a
    /// `TargetedAction` of the type for the model with the id, that the `Result` it carries is
    /// `.success`, and that the success value satisfies the predicate, then asserts the state
    /// change it caused: TCA's `store.receive(\.episodes[id: 2].favorite.response.success)` and
    /// `\.downloadClient.success.updateProgress` in one line.
    ///
    /// Use it when several rows answer with the same action and the test cares which row's
    /// request succeeded, and with what. A failure says which part did not match: the type, the
    /// target, the case of the result, or the predicate, with the action that arrived.
    ///
    /// ```swift
    /// await store.receive(Download.Event.self, target: 2, \.result, successWhere: { $0 == .progress(0.5) }) {
    ///     $0.rows[id: 2]?.progress = 0.5
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The action's type.
    ///   - id: The id of the model the action must be for.
    ///   - result: Where the action holds its `Result`.
    ///   - predicate: What the success value must satisfy.
    ///   - timeout: How long to wait; the test store's `timeout` when `nil`.
    ///   - fileID: The test's file, where a failure is reported; leave the default.
    ///   - filePath: The test's file path; leave the default.
    ///   - line: The test's line; leave the default.
    ///   - column: The test's column; leave the default.
    ///   - update: The expected change to the state.
    public func receive<A: TargetedAction, Success, Failure: Error>(
        _ type: A.Type, target id: A.Target.ID, _ result: KeyPath<A, Result<Success, Failure>>,
        successWhere predicate: @escaping (Success) -> Bool, timeout: Duration? = nil,
        fileID: StaticString = #fileID, file filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column, _ update: ((inout Root) -> Void)? = nil
    ) async {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        await receive(type, target: id, result, predicate: predicate, timeout: timeout, at: location, update)
    }

    /// Waits for the next action the store produced by itself, asserts that it is a
    /// `TargetedAction` of the type for the model with the id and that the `Result` it carries
    /// is `.success`, then asserts the state change it caused: TCA's
    /// `store.receive(\.episodes[id: 2].favorite.response.success)`.
    ///
    /// Use it when the test cares which row's request succeeded and the state shows with what.
    /// A failure says which part did not match: the type, the target or the case of the result.
    ///
    /// ```swift
    /// await store.receive(Episode.FavoriteResponse.self, target: 2, \.result) { $0.episodes[id: 2]?.isSaved = true }
    /// ```
    public func receive<A: TargetedAction, Success, Failure: Error>(
        _ type: A.Type, target id: A.Target.ID, _ result: KeyPath<A, Result<Success, Failure>>,
        timeout: Duration? = nil, fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column, _ update: ((inout Root) -> Void)? = nil
    ) async {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        await receive(type, target: id, result, predicate: nil, timeout: timeout, at: location, update)
    }

    /// The two forms above: the type, the target, the case and, when given, the predicate.
    private func receive<A: TargetedAction, Success, Failure: Error>(
        _ type: A.Type, target id: A.Target.ID, _ result: KeyPath<A, Result<Success, Failure>>,
        predicate: ((Success) -> Bool)?, timeout: Duration?, at location: TestLocation,
        _ update: ((inout Root) -> Void)?
    ) async {
        let name = typeName(A.self)
        /// Why an action is not the one expected; `nil` when it is.
        func mismatch(_ action: any Action) -> String? {
            guard let action = action as? A else { return "\(self.name(of: action)) (not a \(name))" }
            guard action.targetID == id else { return "\(name) for target \(action.targetID) (the target differs)" }
            switch action[keyPath: result] {
            case .failure(let error):
                return "\(name) for target \(id) carrying .failure(\(error)) (the result is not .success)"
            case .success(let value):
                guard let predicate, !predicate(value) else { return nil }
                return
                    "\(name) for target \(id) carrying .success(\(value)) (the success value does not satisfy the predicate)"
            }
        }
        await receive(
            matching: { mismatch($0) == nil },
            description: "\(name) for target \(id) carrying .success"
                + (predicate == nil ? "" : " that satisfies the predicate"),
            timeout: timeout, at: location, arrived: { mismatch($0) ?? self.name(of: $0) }, update)
    }

    /// Asserts the current state without sending an action, as TCA's `store.assert` does: the
    /// closure, applied to the current state, must change nothing in it.
    ///
    /// ```swift
    /// store.assert { $0.modify(EditForm.self) { $0.title = "Standup" } }
    /// ```
    public func assert(
        fileID: StaticString = #fileID, file filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column, _ update: (inout Root) -> Void
    ) {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let actual = state
        let actualBeside = recorder.besideValues(in: store)
        let (expected, expectedBeside) = expectation(update, from: actual, actualBeside)
        let besideDiff = Self.difference(expectedBeside, actualBeside)
        guard expected != actual || !besideDiff.isEmpty else { return }
        reportFailure(
            "The state differs from the asserted one (expected → actual):\n"
                + Self.describe(StateDiff(from: expected, to: actual), besideDiff), at: location)
    }

    /// Whether a test store checks everything or only what the test asserts, as TCA's
    /// `Exhaustivity` (see ``exhaustivity`` and
    /// ``withExhaustivity(_:fileID:file:line:column:_:)``).
    ///
    /// `.off` skips silently; `.off(showSkippedAssertions: true)` reports each assertion it
    /// skipped, where the test made the step, without failing the test: a state change the
    /// closure left out (the exhaustive diff), actions received and not asserted, and effects
    /// still running at `finish()`. Inside a Swift Testing `@Test` each is a known issue; under
    /// XCTest on Apple platforms an expected failure; under XCTest on Linux, which has neither,
    /// a `file:line: note:` line on standard output. Each message starts "Skipped assertions: ".
    ///
    /// ```swift
    /// await store.withExhaustivity(.off(showSkippedAssertions: true)) {
    ///     await store.send(Cart.Add(cents: 1)) { $0.totalCents = 1 }   // notes items: 0 → 1
    /// }
    /// ```
    public enum Exhaustivity: Equatable, Sendable {
        /// Every produced action received, every effect finished, the whole state asserted.
        case on
        /// Only what the test asserts; actions not received are skipped, and with
        /// `showSkippedAssertions` reported as known issues rather than failures.
        case off(showSkippedAssertions: Bool)

        /// Only what the test asserts, skipping the rest silently: `.off(showSkippedAssertions: false)`.
        public static var off: Self { .off(showSkippedAssertions: false) }
    }

    /// Runs part of a test with another exhaustivity, as TCA's `withExhaustivity` does, then
    /// returns to the store's own.
    ///
    /// ```swift
    /// await store.withExhaustivity(.off) {
    ///     await store.send(Record.Start())
    ///     await store.receive(Record.Ended.self)   // the ticks before it are skipped
    /// }
    /// ```
    ///
    /// Actions a non-exhaustive part received and did not assert are skipped when it ends, so
    /// the exhaustive part goes on from the state as it is; with `showSkippedAssertions`, they
    /// are reported at the `withExhaustivity` call's line.
    @discardableResult
    public func withExhaustivity<R>(
        _ exhaustivity: Exhaustivity, fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column, _ body: () async throws -> R
    ) async rethrows -> R {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let saved = self.exhaustivity
        self.exhaustivity = exhaustivity
        defer {
            if !isExhaustive { skipReceived(at: location, when: "at the end of the non-exhaustive part") }
            self.exhaustivity = saved
        }
        return try await body()
    }

    /// Whether what a non-exhaustive store skips is reported as known issues.
    private var showsSkippedAssertions: Bool { exhaustivity == .off(showSkippedAssertions: true) }

    /// Reports a skipped assertion, when ``exhaustivity`` asks for it.
    private func reportSkippedIfShown(_ message: String, at location: TestLocation) {
        if showsSkippedAssertions { reportSkipped(message, at: location) }
    }

    /// Skips what was received so far, as ``skipReceivedActions()``, reporting it when
    /// ``exhaustivity`` asks for it.
    private func skipReceived(at location: TestLocation, when: String) {
        guard !recorder.received.isEmpty else { return }
        reportSkippedIfShown(
            "\(recorder.received.count) received action(s) skipped \(when): "
                + list(recorder.received.map(\.action)), at: location)
        skipReceivedActions()
    }

    /// Accepts every action received so far without asserting it, as if the test had
    /// received each; in an exhaustive store too.
    public func skipReceivedActions() {
        guard let last = recorder.received.last else { return }
        skippedActions += recorder.received.map(\.action)
        asserted = last.after
        assertedBeside = last.beside
        recorder.received = []
    }

    @discardableResult
    private func receive(
        matching matches: @escaping (any Action) -> Bool, description: String, timeout: Duration?,
        at location: TestLocation, arrived: ((any Action) -> String)? = nil, _ update: ((inout Root) -> Void)?
    ) async -> (any Action)? {
        let limit = timeout ?? self.timeout
        let deadline = ContinuousClock.now.advanced(by: limit)
        // What a non-exhaustive receive skipped before its match, reported once.
        var skippedHere: [String] = []
        defer {
            if !skippedHere.isEmpty {
                reportSkippedIfShown(
                    "\(skippedHere.count) received action(s) skipped before \(description): "
                        + list(names: skippedHere), at: location)
            }
        }
        let describe = arrived ?? { self.name(of: $0) }
        await MainQueueTaskExecutor.settle()
        while true {
            // An exhaustive store takes the actions in order: each one before the match fails
            // the test. A non-exhaustive one skips them, and waits on for its match.
            while let reduction = recorder.received.first {
                recorder.received.removeFirst()
                if matches(reduction.action) {
                    check(
                        name(of: reduction.action), update, actual: reduction.after, beside: reduction.beside,
                        at: location)
                    await MainQueueTaskExecutor.settle()
                    return reduction.action
                }
                // A quiet action that changed nothing is passed over when the test asks for another.
                if isExhaustive, reduction.isQuiet { continue }
                asserted = reduction.after
                assertedBeside = reduction.beside
                if isExhaustive {
                    let remaining = recorder.received.contains { matches($0.action) }
                    reportFailure(
                        remaining
                            ? "Received \(describe(reduction.action)) before \(description)."
                            : "Expected to receive \(description), received \(describe(reduction.action)).",
                        at: location)
                    if !remaining { return nil }
                } else {
                    skippedActions.append(reduction.action)
                    skippedHere.append(describe(reduction.action))
                }
            }
            if let reason = nothingCanArrive() {
                reportFailure("Expected to receive \(description), but nothing can arrive: \(reason)", at: location)
                return nil
            }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero, await recorder.waitForAction(timeout: left) else {
                reportFailure(
                    "Expected to receive \(description), but nothing arrived within \(limit)"
                        + " (\(store.effects.inFlightCount) effect(s) running).", at: location)
                return nil
            }
            await MainQueueTaskExecutor.settle()
        }
    }

    /// Why no action can reach the store any more, or `nil` when one still can: an effect runs,
    /// or middleware holds an action or a save for later.
    private func nothingCanArrive() -> String? {
        guard store.effects.inFlightCount == 0, store.pendingWork == 0, recorder.received.isEmpty else {
            return nil
        }
        let held = store.middlewareNames
        let list = held.isEmpty ? "is empty" : "holds " + held.joined(separator: ", ")
        var reason = "no effect is running and no middleware holds an action for later."
        if let lastSent, !lastStarted.isEmpty {
            reason += " The last action sent, \(name(of: lastSent)), started \(lastStarted.count) effect(s), all"
            reason += " ended: " + endingsOfLastStarted() + "."
        } else if let lastSent {
            reason +=
                " The last action sent, \(name(of: lastSent)), started nothing, and this TestStore's middleware list \(list)"
            reason +=
                held.contains("EffectHandler")
                ? "." : ": an effect that answers it runs in an EffectHandler; pass the app's middleware."
        } else {
            reason += " This TestStore's middleware list \(list)."
        }
        return reason
    }

    /// How the effects the last action sent started ended, counted: "1 finished, 1 cancelled".
    private func endingsOfLastStarted() -> String {
        var counts: [(String, Int)] = [("finished", 0), ("failed", 0), ("cancelled", 0)]
        for token in lastStarted {
            switch store.effects.endings[token] {
            case .finished, nil: counts[0].1 += 1
            case .failed: counts[1].1 += 1
            case .cancelled: counts[2].1 += 1
            }
        }
        return counts.filter { $0.1 > 0 }.map { "\($0.1) \($0.0)" }.joined(separator: ", ")
    }

    /// Asserts the end of the test: waits for the effects still running (up to ``timeout``),
    /// then, in an exhaustive store, fails on actions produced and not received and on effects
    /// still running. A non-exhaustive store skips what is left.
    public func finish(
        fileID: StaticString = #fileID, file filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) async {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        finished = true
        await MainQueueTaskExecutor.settle()
        if store.effects.inFlightCount > 0 {
            let waited = await recorder.waitForEffects(of: store, timeout: timeout)
            await MainQueueTaskExecutor.settle()
            if !waited, isExhaustive {
                reportFailure(
                    "\(store.effects.inFlightCount) effect(s) still running at the end of the test.", at: location)
            } else if !waited {
                reportSkippedIfShown(
                    "\(store.effects.inFlightCount) effect(s) still running at the end of the test.", at: location)
            }
        }
        if isExhaustive { recorder.dropQuiet() }
        guard !recorder.received.isEmpty else { return }
        if isExhaustive {
            reportFailure(
                "\(recorder.received.count) action(s) were produced but not received: "
                    + list(recorder.received.map(\.action)), at: location)
        } else {
            skipReceived(at: location, when: "at the end of the test")
        }
    }

    // A test store released without finish() fails on actions left unreceived and on effects
    // still at work, which are cancelled. It never waits: effects that need the main actor could
    // not end while it did. A test store's effects run on the main queue, so one with nothing
    // left to do has ended by now; one whose work has returned is not counted.
    // Failures are reported where the test store was made.
    isolated deinit {
        guard !finished, isExhaustive else {
            store.effects.cancelAll()
            return
        }
        let unfinished = store.effects.cancelCountingUnfinished()
        if unfinished > 0 {
            reportFailure(
                "\(unfinished) effect(s) were still running when the test store was released; "
                    + "receive what they send and await store.finish(), or cancel them.", at: creation)
        }
        recorder.dropQuiet()
        guard !recorder.received.isEmpty else { return }
        reportFailure(
            "\(recorder.received.count) action(s) were produced but not received: "
                + list(recorder.received.map(\.action)), at: creation)
    }

    /// Checks the state after an action against what the test expects: in an exhaustive store,
    /// the asserted state with the closure applied must be the whole new state; otherwise the
    /// closure, applied to the new state, must change nothing.
    private func check(
        _ action: String, _ update: ((inout Root) -> Void)?, actual: Root, beside actualBeside: [any Model],
        at location: TestLocation
    ) {
        // With no closure, the expected state is the one it starts from: no walk to apply it.
        let start = isExhaustive ? (asserted, assertedBeside) : (actual, actualBeside)
        let (expected, expectedBeside) = update.map { expectation($0, from: start.0, start.1) } ?? start
        let besideDiff = Self.difference(expectedBeside, actualBeside)
        if expected == actual, besideDiff.isEmpty, showsSkippedAssertions {
            // What an exhaustive store would have failed on: the change the closure left out.
            let (exhaustive, exhaustiveBeside) =
                update.map { expectation($0, from: asserted, assertedBeside) } ?? (asserted, assertedBeside)
            let missed = Self.difference(exhaustiveBeside, actualBeside)
            if exhaustive != actual || !missed.isEmpty {
                reportSkippedIfShown(
                    "State after \(action) differs from the expected state (expected → actual):\n"
                        + Self.describe(StateDiff(from: exhaustive, to: actual), missed), at: location)
            }
        }
        asserted = actual
        assertedBeside = actualBeside
        guard expected != actual || !besideDiff.isEmpty else { return }
        reportFailure(
            "State after \(action) differs from the expected state (expected → actual):\n"
                + Self.describe(StateDiff(from: expected, to: actual), besideDiff), at: location)
    }

    /// The state a test expects: the closure applied to a state, its shared writes reaching
    /// every copy of the value in the root and beside it, as the store's did.
    private func expectation(
        _ update: (inout Root) -> Void, from root: Root, _ beside: [any Model]
    ) -> (Root, [any Model]) {
        var root = root
        var beside = beside
        SharedExpectation.apply(update, to: &root, beside: &beside)
        return (root, beside)
    }

    /// The differences between the expected and actual models beside the root, one diff each.
    private static func difference(_ expected: [any Model], _ actual: [any Model]) -> [StateDiff] {
        zip(expected, actual).compactMap { expected, actual in
            func differs<E: Equatable>(_ expected: E) -> Bool { expected != actual as? E }
            guard let equatable = expected as? any Equatable, differs(equatable) else { return nil }
            return StateDiff(from: expected, to: actual, root: typeName(type(of: expected)))
        }
    }

    private static func describe(_ root: StateDiff, _ beside: [StateDiff]) -> String {
        ([root] + beside).map(\.description).filter { !$0.isEmpty }.joined(separator: "\n")
    }

    private func name(of action: any Action) -> String { typeName(type(of: action)) }

    /// The actions by type name, in order, a run of one type written once with its count
    /// (`Tick ×600, Finished`), and no more than twenty runs: a runaway effect's thousands
    /// of actions make a message one can read.
    private func list(_ actions: [any Action]) -> String {
        list(names: actions.map { name(of: $0) })
    }

    private func list(names: [String]) -> String {
        var runs: [(name: String, count: Int)] = []
        for name in names {
            if runs.last?.name == name { runs[runs.count - 1].count += 1 } else { runs.append((name, 1)) }
        }
        let shown = runs.prefix(20).map { $0.count == 1 ? $0.name : "\($0.name) ×\($0.count)" }
        let rest = runs.dropFirst(20).reduce(0) { $0 + $1.count }
        return shown.joined(separator: ", ") + (rest > 0 ? ", and \(rest) more" : "")
    }
}

/// Which case of a `Result` a test expects to receive, for
/// ``TestStore/receive(_:_:is:timeout:fileID:file:line:column:_:)``.
///
/// It names the case without its payload, so that an error which is not `Equatable` can be
/// expected all the same.
///
/// ```swift
/// await store.receive(NumberFact.Response.self, \.result, is: .failure)
/// ```
public enum ResultCase: Sendable, CustomStringConvertible {
    case success, failure

    /// The case of the result.
    public init<Success, Failure>(_ result: Result<Success, Failure>) {
        switch result {
        case .success: self = .success
        case .failure: self = .failure
        }
    }

    public var description: String {
        switch self {
        case .success: "success"
        case .failure: "failure"
        }
    }
}

/// An action addressed to one element of a stack, whatever its screen type, as a test store
/// matches it.
protocol ElementAddressed {
    var elementID: StackElementID { get }
    var elementAction: any Action { get }
}

extension ScreenStack.ToElement: ElementAddressed {
    var elementID: StackElementID { id }
    var elementAction: any Action { action }
}
