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
    /// The effects each node has running, by token, with the instance of the node that asked.
    private var running: [NodeID: (instance: UInt64, tokens: Set<Int>)] = [:]
    private var nextToken = 0
    private let inputType = ObjectIdentifier(MachineNode<Feature>.Input.self)
    private let resultType = ObjectIdentifier(MachineNode<Feature>.Result.self)
    private var observation: Store.ReductionObservation?
    private var reportedDuplicates: Set<NodeID> = []
    /// Per action type, whether it converts to this feature's events; the last type asked
    /// about is kept aside, since consecutive actions usually share a type.
    private var converts: [ObjectIdentifier: Bool] = [:]
    private var lastChecked: (type: ObjectIdentifier, converts: Bool)?

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
        if observation == nil {
            // The runner acts on what reached the tree, wherever it sits in the list: an input a
            // debouncer let through later, by a `next` the runner never saw, still runs its effect.
            observation = store.observeReductions { [weak self, unowned store] action, _ in
                self?.reduced(action, in: store)
            }
        }
        next(action)
    }

    private func reduced(_ action: any Action, in store: Store) {
        let type = ObjectIdentifier(Swift.type(of: action))
        if type == inputType || type == resultType, let outbox = (action as? any OutboxCarrier)?.outbox {
            if !outbox.isEmpty {
                reportDuplicateIDs(in: store)
                for (node, instance, effect) in outbox.drain() {
                    if let effect = effect as? Feature.IOEffect {
                        start(effect, for: node, instance: instance, in: store)
                    }
                }
            }
        }
        if type != inputType, type != resultType, self.converts(action, type) { forward(action, in: store) }
        if !running.isEmpty { cancelEffectsOfGoneNodes(in: store) }
    }

    private func converts(_ action: any Action, _ type: ObjectIdentifier) -> Bool {
        if let lastChecked, lastChecked.type == type { return lastChecked.converts }
        func matches<C: StateMachineEventConvertible>(_ type: C.Type) -> Bool {
            C.Input.self == Feature.Input.self && C.IOResult.self == Feature.IOResult.self
        }
        let answer =
            converts[type] ?? (Swift.type(of: action) as? any StateMachineEventConvertible.Type).map { matches($0) }
            ?? false
        converts[type] = answer
        lastChecked = (type, answer)
        return answer
    }

    /// An action of the app's own that converts to this feature's event (the TCA-SM document's
    /// gradual adoption) reaches the feature: its input goes to every node of the feature, its
    /// result to each node, as the actions nodes take, right after it.
    private func forward(_ action: any Action, in store: Store) {
        func event<C: StateMachineEventConvertible>(_ action: C) -> StateMachineEvent<Feature.Input, Feature.IOResult>?
        {
            C.map(action) as? StateMachineEvent<Feature.Input, Feature.IOResult>
        }
        guard let convertible = action as? any StateMachineEventConvertible, let event = event(convertible) else {
            return
        }
        switch event {
        case .input(let input):
            store.update(MachineNode<Feature>.Input(input))
        case .ioResult(let result):
            for node in store.lookupAll(MachineNode<Feature>.self) {
                store.update(MachineNode<Feature>.Result(result, node: node.id))
            }
        }
    }

    private func start(_ effect: Feature.IOEffect, for node: NodeID, instance: UInt64, in store: Store) {
        if cancelsInFlight, running[node] != nil {
            store.effects.cancel(id: MachineNode<Feature>.effectID(node))
            running[node] = nil
        }
        nextToken += 1
        let token = nextToken
        running[node, default: (instance, [])].tokens.insert(token)
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
        running[node]?.tokens.remove(token)
        if running[node]?.tokens.isEmpty == true { running[node] = nil }
    }

    /// Cancels the effects of nodes that left the tree, and of nodes replaced by a fresh node
    /// with the same id, so that an old node's stream never feeds the new one.
    private func cancelEffectsOfGoneNodes(in store: Store) {
        var present: [NodeID: Set<UInt64>] = [:]
        for node in store.lookupAll(MachineNode<Feature>.self) { present[node.id, default: []].insert(node.instance) }
        for (node, entry) in running where present[node]?.contains(entry.instance) != true {
            store.effects.cancel(id: MachineNode<Feature>.effectID(node))
            running[node] = nil
        }
    }

    /// Reports, once per id, nodes of this feature that share an id: each would take every
    /// result addressed to it.
    private func reportDuplicateIDs(in store: Store) {
        var seen: Set<NodeID> = []
        for node in store.lookupAll(MachineNode<Feature>.self) where !seen.insert(node.id).inserted {
            guard reportedDuplicates.insert(node.id).inserted else { continue }
            let feature = typeName(Feature.self)
            store.report(
                Diagnostic(
                    kind: .duplicateNodeID, typeName: "MachineNode<\(feature)>", member: node.id.name,
                    message:
                        "Two MachineNode<\(feature)> nodes have the id \"\(node.id)\": both take every input and result addressed to it. Give each node its own id."
                ))
        }
    }
}
