/// Names a value that several models share: every ``Shared`` field with the same key, anywhere
/// in one store's tree, holds the same value.
///
/// Declare keys once, typed by their value, so that call sites read as names:
///
/// ```swift
/// extension SharedKey where Value == [SyncUp] {
///     static var syncUps: Self { SharedKey("syncUps") }
/// }
/// ```
///
/// A key is a name, not storage: the value lives in the store, so two stores never share it.
public struct SharedKey<Value: Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// The key's name, as the log and the loggers show it.
    public let name: String
    /// The id of one element of the named array, as text, for a key derived with
    /// ``Shared/subscript(id:)``.
    public let element: String?

    /// Creates a key with a name. Keys with the same name and value type name one value.
    public init(_ name: String) {
        self.name = name
        self.element = nil
    }

    init(name: String, element: String?) {
        self.name = name
        self.element = element
    }

    public var description: String { element.map { "\(name)[id: \($0)]" } ?? name }
}

extension SharedKey: Codable {}
