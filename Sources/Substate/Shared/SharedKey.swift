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
    /// `true` for the key a ``Shared/init(value:)`` made up, which no other code can name: it is
    /// encoded only when set, so keyed values read and write as before.
    let keyless: Bool?

    /// Creates a key with a name. Keys with the same name and value type name one value.
    public init(_ name: String) {
        self.name = name
        self.element = nil
        self.keyless = nil
    }

    init(name: String, element: String?, keyless: Bool? = nil) {
        self.name = name
        self.element = element
        self.keyless = keyless
    }

    /// Whether the key was made up for a value shared without a key.
    var isKeyless: Bool { keyless == true }

    /// A key no other value has, for ``Shared/init(value:)``.
    ///
    /// Inside a store's walk the store names it, in the order values are made, so a replay of the
    /// same actions makes the same names; elsewhere (an app's initial state, a model an effect
    /// or a view builds) the name is 128 random bits, which no store, saved file or log made in
    /// another run can hold already.
    static func makeKeyless() -> SharedKey {
        let name =
            SharedValues.current?.nextKeylessName()
            ?? {
                var generator = SystemRandomNumberGenerator()
                let high = generator.next() as UInt64
                let low = generator.next() as UInt64
                return "value-" + String(high, radix: 16) + "-" + String(low, radix: 16)
            }()
        return SharedKey(name: name, element: nil, keyless: true)
    }

    public var description: String { element.map { "\(name)[id: \($0)]" } ?? name }
}

extension SharedKey: Codable {}
