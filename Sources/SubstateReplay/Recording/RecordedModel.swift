import Substate

/// Marks a `Codable` model whose state `ModelRecorder` writes into the log.
public protocol RecordedModel: Model, Codable {}
