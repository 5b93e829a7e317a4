import Substate

// A node's actions are Codable where the feature's types are (the node itself is, beside its
// declaration), so that sessions with StateMachine features can be recorded and replayed. The actions' outbox, which
// carries effects from the reduce to the runner, belongs to one dispatch and is not encoded.

extension MachineNode.Input: Codable where Feature.Input: Codable {
    private enum CodingKeys: String, CodingKey { case input, target }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try container.decode(Feature.Input.self, forKey: .input),
            to: try container.decodeIfPresent(NodeID.self, forKey: .target))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(input, forKey: .input)
        try container.encodeIfPresent(target, forKey: .target)
    }
}

extension MachineNode.Result: Codable where Feature.IOResult: Codable {
    private enum CodingKeys: String, CodingKey { case ioResult, node }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try container.decode(Feature.IOResult.self, forKey: .ioResult),
            node: try container.decode(NodeID.self, forKey: .node))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ioResult, forKey: .ioResult)
        try container.encode(node, forKey: .node)
    }
}
