import Substate

/// A ``StateMachine`` feature's place in the model tree: its state, and the id that inputs and
/// results are addressed to.
///
/// A node is a model like any other: a field, an array element, an optional, or the store's
/// root. ``Input`` actions reach it and are reduced by the feature's `reduceInput`; the
/// results of its effects come back as ``Result`` actions, addressed to this node only, and are
/// reduced by `reduceIOResult`. Both pass the whole pipeline, so loggers see them and parent
/// models react to them like any action. Models inside the feature's state are updated too,
/// before the node.
///
/// ```swift
/// struct App: Model {
///     var login = MachineNode<Login>(Login.State())
///     var downloads: [MachineNode<Download>] = []   // give each an id
/// }
///
/// let store = Store(model: App(), middleware: [StateMachineRunner(Login(api: .live))])
/// store.update(MachineNode<Login>.Input(.didTapLoginButton))
/// store.update(MachineNode<Download>.Input(.pause, to: "file-2"))   // one instance
/// ```
public struct MachineNode<Feature: StateMachine>: Model {
    /// The feature's state.
    public var state: Feature.State
    /// The node's id, and what tells this node from a fresh node given the same id: when one
    /// replaces the other, the replaced node's effects are cancelled.
    @usableFromInline let instance: NodeInstance

    /// The node's identity; results of its effects are addressed to it.
    @inlinable
    public var id: NodeID { instance.id }

    /// Creates a node; `id` defaults to the feature's type name.
    public init(_ state: Feature.State, id: NodeID? = nil) {
        self.state = state
        instance = NodeInstance(id: id ?? NodeID(String(describing: Feature.self)))
    }

    /// An input for the nodes of this feature: all of them, or the one with the given id.
    public struct Input: Action {
        public let input: Feature.Input
        /// The node addressed, or `nil` for every node of the feature.
        public let target: NodeID?
        @usableFromInline let outbox = Outbox()

        // Inlinable, so that an app's code builds its inputs with no run-time generic lookups.
        @inlinable
        public init(_ input: Feature.Input, to target: NodeID? = nil) {
            self.input = input
            self.target = target
        }
    }

    /// A result of an effect, addressed to the node whose effect produced it.
    public struct Result: Action {
        public let ioResult: Feature.IOResult
        public let node: NodeID
        @usableFromInline let outbox = Outbox()

        @inlinable
        public init(_ ioResult: Feature.IOResult, node: NodeID) {
            self.ioResult = ioResult
            self.node = node
        }
    }

    public static var handledActions: [any Action.Type]? { [Input.self, Result.self] }

    /// The effect id under which a node's effects run, to cancel them with
    /// `Store.CancelEffects`.
    public static func effectID(_ node: NodeID) -> EffectID {
        EffectID("\(String(reflecting: Feature.self))#\(node)")
    }

    public mutating func update(action: Action) {
        // Fact (scoped pointer): the node is reached only inside the closure, as the
        // `MachineNode<Feature>` it is (`isArray: false`).
        withUnsafeMutablePointer(to: &self) {
            Feature._update(nodesAt: UnsafeMutableRawPointer($0), action: action, isArray: false)
        }
    }

    @inlinable
    mutating func take(_ transition: Feature.Transition, outbox: Outbox) {
        if let next = transition.0 { state = next }
        if let effect = transition.1 { outbox.post(effect, from: instance) }
    }

    /// An array of nodes hands the action to the feature's own loop of transitions.
    public static func _updateElements(at pointer: UnsafeMutableRawPointer, action: any Action) {
        Feature._update(nodesAt: pointer, action: action, isArray: true)
    }
}

extension MachineNode: Equatable where Feature.State: Equatable {
    /// Nodes are equal when their ids and states are.
    public static func == (lhs: MachineNode, rhs: MachineNode) -> Bool { lhs.id == rhs.id && lhs.state == rhs.state }
}

extension MachineNode: Codable where Feature.State: Codable {
    private enum CodingKeys: String, CodingKey { case state, id }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try container.decode(Feature.State.self, forKey: .state), id: try container.decode(NodeID.self, forKey: .id)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(state, forKey: .state)
        try container.encode(id, forKey: .id)
    }
}

// A node's actions are Codable where the feature's types are, so that sessions with StateMachine
// features can be recorded and replayed; the compiler writes both. The actions' outbox, which
// carries effects from the reduce to the runner, belongs to one dispatch and is not encoded.

extension MachineNode.Input: Codable where Feature.Input: Codable {
    private enum CodingKeys: String, CodingKey { case input, target }
}

extension MachineNode.Result: Codable where Feature.IOResult: Codable {
    private enum CodingKeys: String, CodingKey { case ioResult, node }
}

extension MachineNode: CustomReflectable {
    /// The node as loggers and diffs show it: its state and id, not its instance number.
    public var customMirror: Mirror { Mirror(self, children: ["state": state, "id": id], displayStyle: .struct) }
}

extension MachineNode.Input: CustomReflectable {
    /// The input as loggers show it: what it carries and to whom, not its outbox.
    public var customMirror: Mirror {
        Mirror(self, children: ["input": input, "target": target as Any], displayStyle: .struct)
    }
}

extension MachineNode.Result: CustomReflectable {
    /// The result as loggers show it: what it carries and to whom, not its outbox.
    public var customMirror: Mirror {
        Mirror(self, children: ["ioResult": ioResult, "node": node], displayStyle: .struct)
    }
}

extension MachineNode: ServedModel {
    package static func missingMiddleware(in middleware: [any Middleware]) -> String? {
        guard !middleware.contains(where: { $0 is StateMachineRunner<Feature> }) else { return nil }
        let feature = typeName(Feature.self)
        return
            "MachineNode<\(feature)> is in the tree, but no StateMachineRunner<\(feature)> is in the middleware list: the effects its transitions ask for would be dropped. Add StateMachineRunner(\(feature)(...))."
    }
}

extension MachineNode: InstanceEffects.Identified {
    /// A node's effects stay with it wherever it moves, and end when a fresh node given the
    /// same id replaces it.
    package var instanceIdentity: AnyHashable { instance.number }
}
