import Substate

/// Runs the effects of a ``StateMachine`` feature's nodes, using the feature value that holds
/// its dependencies; it goes in the middleware list.
///
/// After an input or result action reached the tree, the runner starts the effects its nodes'
/// transitions asked for on the store's ``EffectRuntime`` (merges in parallel, concatenations
/// in order), and sends each result back as a ``MachineNode/Result`` addressed to the node that
/// asked. When a node leaves the tree, its running effects are cancelled, which also ends a
/// long-lived `IOResultStream`. Tests pass a feature value with other dependencies.
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
    /// The feature value whose `runIOEffect` runs the effects.
    public let feature: Feature
    /// How many effects each node has running.
    private var running: [NodeID: Int] = [:]
    private let inputType = ObjectIdentifier(MachineNode<Feature>.Input.self)
    private let resultType = ObjectIdentifier(MachineNode<Feature>.Result.self)

    public init(_ feature: Feature) {
        self.feature = feature
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
        running[node, default: 0] += 1
        let feature = self.feature
        store.effects.run(id: MachineNode<Feature>.effectID(node)) { [weak self] send in
            for await result in feature.results(of: effect) {
                await send(MachineNode<Feature>.Result(result, node: node))
            }
            await self?.effectEnded(for: node)
        }
    }

    private func effectEnded(for node: NodeID) {
        guard let count = running[node] else { return }
        running[node] = count > 1 ? count - 1 : nil
    }

    private func cancelEffectsOfRemovedNodes(in store: Store) {
        let present = Set(store.findAll(MachineNode<Feature>.self).map(\.id))
        for node in running.keys where !present.contains(node) {
            store.effects.cancel(id: MachineNode<Feature>.effectID(node))
            running[node] = nil
        }
    }
}
