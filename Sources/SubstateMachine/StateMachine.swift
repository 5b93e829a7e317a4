import Substate

/// A feature written as a state machine: pure static transitions, and effects that run in the
/// shell.
///
/// `reduceInput` and `reduceIOResult` are static and pure: they see only the state and the
/// event, and return a ``Transition``: a new state, an effect to run, both, or neither.
/// `runIOEffect` is an instance method, so it reaches the feature's dependencies, which are
/// ordinary stored properties of the feature value. In a store, the feature's state lives in a
/// ``MachineNode`` in the model tree, and the feature value runs its effects through a
/// ``StateMachineRunner`` in the middleware list.
///
/// ```swift
/// struct Login: StateMachine {
///     struct State: Equatable, Sendable { var isLoading = false; var user: String? }
///     enum Input: Sendable { case didTapLoginButton }
///     enum IOEffect: Equatable, Sendable { case authenticate(String, String) }
///     enum IOResult: Sendable { case authenticated(String) }
///
///     let api: AuthClient   // a dependency: a stored property
///
///     static func reduceInput(_ state: State, _ input: Input) -> Transition {
///         var state = state
///         state.isLoading = true
///         return transition(state, .authenticate("user", "pass"))
///     }
///
///     static func reduceIOResult(_ state: State, _ ioResult: IOResult) -> Transition {
///         switch ioResult {
///         case .authenticated(let user): nextState(State(isLoading: false, user: user))
///         }
///     }
///
///     func runIOEffect(_ ioEffect: IOEffect) -> IOResultStream {
///         switch ioEffect {
///         case .authenticate(let name, let password):
///             .single { .authenticated(await api.login(name, password)) }
///         }
///     }
/// }
/// ```
public protocol StateMachine: Sendable {
    associatedtype State: Sendable
    associatedtype Input: Sendable
    associatedtype IOEffect: Sendable
    associatedtype IOResult: Sendable
    typealias IOResultStream = AsyncStream<IOResult>
    typealias Transition = (State?, IOEffect?)

    /// The state and effect an input leads to; `nil` state means unchanged.
    static func reduceInput(_ state: State, _ input: Input) -> Transition
    /// The state and effect the result of an effect leads to; `nil` state means unchanged.
    static func reduceIOResult(_ state: State, _ ioResult: IOResult) -> Transition
    /// Runs an effect, producing its results over time (one, many, or none).
    func runIOEffect(_ ioEffect: IOEffect) -> IOResultStream

    /// Applies an input or result action to the node, or to each node of an array, at an
    /// address. Not for implementing: the default is compiled into the feature's own module,
    /// specialised for it, so the store runs transitions without generic indirection.
    static func _update(nodesAt pointer: UnsafeMutableRawPointer, action: any Action, isArray: Bool)
}

extension StateMachine {
    @inlinable
    public static func _update(nodesAt pointer: UnsafeMutableRawPointer, action: any Action, isArray: Bool) {
        if let input = action as? MachineNode<Self>.Input {
            let event = input.input
            let outbox = input.outbox
            // Two loops, so that an input for every node compares no ids.
            if let target = input.target {
                forEachNode(at: pointer, isArray: isArray) { node in
                    if node.id == target { node.take(reduceInput(node.state, event), outbox: outbox) }
                }
            } else {
                forEachNode(at: pointer, isArray: isArray) { node in
                    node.take(reduceInput(node.state, event), outbox: outbox)
                }
            }
        } else if let result = action as? MachineNode<Self>.Result {
            let event = result.ioResult
            let outbox = result.outbox
            forEachNode(at: pointer, isArray: isArray) { node in
                if node.id == result.node { node.take(reduceIOResult(node.state, event), outbox: outbox) }
            }
        }
    }

    @inlinable
    static func forEachNode(
        at pointer: UnsafeMutableRawPointer, isArray: Bool, _ body: (inout MachineNode<Self>) -> Void
    ) {
        guard isArray else {
            // Fact (typed address): the node's layout led here, so a `MachineNode<Self>` is at this address.
            body(&pointer.assumingMemoryBound(to: MachineNode<Self>.self).pointee)
            return
        }
        // Fact (typed address): the node's layout led here, so an array of `MachineNode<Self>` is at this address.
        let nodes = pointer.assumingMemoryBound(to: [MachineNode<Self>].self)
        if nodes.pointee.isEmpty { return }
        // Fact (in bounds): the buffer is the array's own, used only inside the closure, at its
        // own indices.
        nodes.pointee.withUnsafeMutableBufferPointer { nodes in
            for index in nodes.indices { body(&nodes[index]) }
        }
    }
}
