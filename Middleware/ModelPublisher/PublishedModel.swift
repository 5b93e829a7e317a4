import Substate

/// Marks a model whose values ``ModelPublisher`` hands to outside code.
public protocol PublishedModel: Model, Equatable {}
