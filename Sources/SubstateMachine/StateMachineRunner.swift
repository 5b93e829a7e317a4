import Substate

/// Runs the effects of a ``StateMachine`` feature's nodes, using the feature value that holds
/// its dependencies; it goes in the middleware list.
///
/// After an input or result action reached the tree, the runner starts the effects its nodes'
/// transitions asked for on the store's `EffectRuntime` (merges in parallel, concatenations
/// in order), and sends each result back as a ``MachineNode/Result`` addressed to the node that
/// asked. When a node leaves the tree, its running effects are cancelled, which also ends a
/// long-lived `IOResultStream`. Tests pass a feature value with other dependencies, or make it
/// from the store's `Dependencies`.
///
/// ```swift
/// let store = Store(model: App(), middleware: [
///     ActionLogger(),
///     StateMachineRunner(Login(api: .live)),
/// ])
/// ```
///
/// - Complexity: While some node's effects run, each action costs one scan of this feature's
///   nodes, to notice nodes that left the tree.
@MainActor
public final class StateMachineRunner<Feature: StateMachine>: Middleware {
    /// The feature value whose `runIOEffect` runs the effects; made from the store's
    /// dependencies, when the runner was given a way to, by the first effect it runs.
    public private(set) var feature: Feature?
    private let makeFeature: (@MainActor (Dependencies) -> Feature)?
    /// Whether a node's new effect cancels that node's running ones first.
    public let cancelsInFlight: Bool
    /// The effects each node has running, by token.
    private var running: [NodeID: Set<Int>] = [:]
    private var nextToken = 0
    private let inputType = ObjectIdentifier(MachineNode<Feature>.Input.self)
    private let resultType = ObjectIdentifier(MachineNode<Feature>.Result.self)

    /// Creates a runner.
    ///
    /// - Parameters:
    ///   - feature: The feature value, with its dependencies.
    ///   - cancelsInFlight: When `true`, a node's new effect cancels the node's running effects
    ///     first (the previous search of a search-as-you-type, for example).
    public init(_ feature: Feature, cancelsInFlight: Bool = false) {
        self.feature = feature
        makeFeature = nil
        self.cancelsInFlight = cancelsInFlight
    }

    /// Creates a runner whose feature value is made from the store's dependencies, so that a
    /// test's dependencies reach the feature's effects.
    ///
    /// ```swift
    /// StateMachineRunner { dependencies in Login(api: dependencies[APIClient.self]) }
    /// ```
    public init(cancelsInFlight: Bool = false, _ makeFeature: @escaping @MainActor (Dependencies) -> Feature) {
        feature = nil
        self.makeFeature = makeFeature
        self.cancelsInFlight = cancelsInFlight
    }

    public func handle(_ action: Action, store: Store, next: Next) {
        let type = ObjectIdentifier(Swift.type(of: action))
        let outbox = type == inputType || type == resultType ? (action as? any OutboxCarrier)?.outbox : nil
        next(action)
        if let outbox, !outbox.isEmpty {
            for (node, effect) in outbox.drain() {
                if let effect = effect as? Feature.IOEffect { start(effect, for: node, in: store) }
            }
        }
        if !running.isEmpty { cancelEffectsOfRemovedNodes(in: store) }
    }

    private func start(_ effect: Feature.IOEffect, for node: NodeID, in store: Store) {
        if cancelsInFlight, running[node] != nil {
            store.effects.cancel(id: MachineNode<Feature>.effectID(node))
            running[node] = nil
        }
        nextToken += 1
        let token = nextToken
        running[node, default: []].insert(token)
        let feature = self.feature ?? makeFeature!(store.dependencies)
        self.feature = feature
        store.effects.run(id: MachineNode<Feature>.effectID(node)) { [weak self] send in
            for await result in feature.results(of: effect) {
                await send(MachineNode<Feature>.Result(result, node: node))
            }
            await self?.effectEnded(for: node, token: token)
        }
    }

    private func effectEnded(for node: NodeID, token: Int) {
        running[node]?.remove(token)
        if running[node]?.isEmpty == true { running[node] = nil }
    }

    private func cancelEffectsOfRemovedNodes(in store: Store) {
        let present = Set(store.findAll(MachineNode<Feature>.self).map(\.id))
        for node in running.keys where !present.contains(node) {
            store.effects.cancel(id: MachineNode<Feature>.effectID(node))
            running[node] = nil
        }
    }
}
