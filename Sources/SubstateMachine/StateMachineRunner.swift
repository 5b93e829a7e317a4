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
/// - Complexity: An input or result whose nodes asked for effects costs one scan of this
///   feature's nodes, to find where they are. While effects run, each action checks the place
///   of each node that has some, as for every effect that belongs to a place in the tree.
@MainActor
public final class StateMachineRunner<Feature: StateMachine>: Middleware {
    /// The feature value whose `runIOEffect` runs the effects, when the runner was made with
    /// one; `nil` when it makes one per store from that store's dependencies.
    public let feature: Feature?
    private let makeFeature: (@MainActor (Dependencies) -> Feature)?
    /// Whether a node's new effect cancels that node's running ones first.
    public let cancelsInFlight: Bool
    private let inputType = ObjectIdentifier(MachineNode<Feature>.Input.self)
    private let resultType = ObjectIdentifier(MachineNode<Feature>.Result.self)
    /// Where inputs and results keep their outbox.
    private let inputOutboxOffset = MemoryLayout<MachineNode<Feature>.Input>.offset(of: \.outbox)!
    private let resultOutboxOffset = MemoryLayout<MachineNode<Feature>.Result>.offset(of: \.outbox)!

    /// What the runner keeps for one store: each store made from one middleware list runs its
    /// own nodes' effects.
    @MainActor
    private final class Nodes {
        var reportedDuplicates: Set<NodeID> = []
        /// The feature value made from this store's dependencies, by the first effect it runs.
        var feature: Feature?
    }
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
        if ObjectIdentifier(Swift.type(of: action)) == ObjectIdentifier(Store.Start.self) {
            // The runner acts on what reached the tree, wherever it sits in the list: an input a
            // debouncer let through later, by a `next` the runner never saw, still runs its effect.
            let nodes = store.storage(for: self) { Nodes() }
            // The store owns this observer and calls it only while alive, and nothing here holds
            // the store: strong captures of the runner and its nodes make no cycle, and a weak
            // one would move every retain of them onto the runtime's slow path.
            store.observeReductions { [self, nodes, unowned(unsafe) store] action, _ in
                self.reduced(action, nodes: nodes, in: store)
            }
        }
        next(action)
    }

    private func reduced(_ action: any Action, nodes: Nodes, in store: Store) {
        let type = ObjectIdentifier(Swift.type(of: action))
        if type == inputType || type == resultType {
            let outbox = Self.outbox(of: action, at: type == inputType ? inputOutboxOffset : resultOutboxOffset)
            if !outbox.isEmpty { start(outbox.drain(), nodes: nodes, in: store) }
        } else if converts(action, type) {
            forward(action, in: store)
        }
    }

    /// The outbox an input or a result of this feature carries, read at its offset in the
    /// action: a cast, to the action's generic type or to a protocol, would look the type or
    /// the conformance up in the runtime's caches on every action.
    private nonisolated static func outbox(of action: any Action, at offset: Int) -> Outbox {
        func read<A: Action>(_ action: A) -> Outbox {
            withUnsafePointer(to: action) {
                // Fact (field offsets): the caller checked that the action's type is the one
                // `offset` was measured in, with `MemoryLayout.offset(of:)`.
                UnsafeRawPointer($0).load(fromByteOffset: offset, as: Outbox.self)
            }
        }
        return read(action)
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

    /// Starts the effects the nodes posted, each belonging to the node that asked: it is
    /// cancelled when that node leaves the tree or a fresh node with its id replaces it, so
    /// that an old node's stream never feeds the new one. A node that is already gone starts
    /// nothing.
    private func start(
        _ posted: [(node: NodeInstance, effect: any Sendable)], nodes: Nodes, in store: Store
    ) {
        let located = store.locatedModelsUntracked(MachineNode<Feature>.self)
        reportDuplicateIDs(located.lazy.map(\.model.id), nodes: nodes, in: store)
        var places: [UInt64: (location: ModelLocation, model: MachineNode<Feature>)] = [:]
        for place in located where places[place.model.instance.number] == nil {
            places[place.model.instance.number] = place
        }
        let feature = self.feature ?? nodes.feature ?? makeFeature!(store.dependencies)
        nodes.feature = feature
        let effects = InstanceEffects.of(store)
        for (instance, effect) in posted {
            guard let effect = effect as? Feature.IOEffect, let (location, model) = places[instance.number] else {
                continue
            }
            let node = instance.id
            // A node's effects run under its effect id, which `Store.CancelEffects` reaches, and
            // which names that node's effects alone for `cancelsInFlight`.
            effects.start(
                belongingTo: model, at: location, in: store, id: MachineNode<Feature>.effectID(node),
                cancelInFlight: cancelsInFlight, within: InstanceEffects.Instance(model, at: location), catch: nil
            ) { send in
                for await result in feature.results(of: effect) {
                    await send(MachineNode<Feature>.Result(result, node: node))
                }
            }
        }
    }

    /// Reports, once per id, nodes of this feature that share an id: each would take every
    /// result addressed to it.
    private func reportDuplicateIDs(_ ids: some Sequence<NodeID>, nodes: Nodes, in store: Store) {
        var seen: Set<NodeID> = []
        for id in ids where !seen.insert(id).inserted {
            guard nodes.reportedDuplicates.insert(id).inserted else { continue }
            let feature = typeName(Feature.self)
            store.report(
                Diagnostic(
                    kind: .duplicateNodeID, typeName: "MachineNode<\(feature)>", member: id.name,
                    message:
                        "Two MachineNode<\(feature)> nodes have the id \"\(id)\": both take every input and result addressed to it. Give each node its own id."
                ))
        }
    }
}
