import Substate

/// Marks an action that ``ActionPublisher`` hands to outside code.
public protocol PublishedAction: Action {}
