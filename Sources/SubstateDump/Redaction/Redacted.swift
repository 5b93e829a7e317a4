import Foundation
import Substate

/// A field that must not reach a recorded log: a password, a token.
///
/// In the log it is written as `{"$redacted":true}`, unless it is empty (an empty string or
/// collection, `nil`), which holds no secret and is written as it is; everywhere else (saving with
/// `ModelSaver`, the app's own encoding) it encodes as its value. Loggers, state diffs and
/// printed values show it as `<redacted>`. It works in actions and in
/// models at any depth. Replaying a value that was really redacted is refused with a clear
/// error unless the app supplies a substitute value for its type; empty values need none.
///
/// ```swift
/// struct SignIn: Action, Codable {
///     let user: String
///     @Redacted var password: String
/// }
///
/// let replay = try Replay.run(log, as: App.self, substitutes: RedactionSubstitutes().with("test-password"))
/// ```
@propertyWrapper
public struct Redacted<Value: Codable & Sendable>: Codable, Sendable {
    public var wrappedValue: Value

    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    public func encode(to encoder: any Encoder) throws {
        // An empty value (an empty string or collection, `nil`) holds no secret: it is written
        // as it is, and replaying it needs no substitute.
        if encoder.userInfo[RedactionContext.redacting] as? Bool == true, !isEmptyValue(wrappedValue) {
            var container = encoder.container(keyedBy: MarkerKey.self)
            try container.encode(true, forKey: .redacted)
        } else {
            try wrappedValue.encode(to: encoder)
        }
    }

    public init(from decoder: any Decoder) throws {
        if let marker = try? decoder.container(keyedBy: MarkerKey.self),
            (try? marker.decode(Bool.self, forKey: .redacted)) == true
        {
            let substitutes = decoder.userInfo[RedactionContext.substitutes] as? RedactionSubstitutes
            guard let substitute = substitutes?.value(for: Value.self) else {
                throw RedactedValueError(type: String(describing: Value.self))
            }
            wrappedValue = substitute
        } else {
            wrappedValue = try Value(from: decoder)
        }
    }

    enum MarkerKey: String, CodingKey {
        case redacted = "$redacted"
    }
}

extension Redacted: Equatable where Value: Equatable {}

/// A redacted field describes and reflects itself as `<redacted>`, so that the loggers, state
/// diffs and test failure messages, which read values through their mirrors, never show it
/// either. The app reads the value itself as usual.
extension Redacted: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "<redacted>" }
    public var debugDescription: String { "<redacted>" }
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
extension Redacted: Hashable where Value: Hashable {}

/// Values that stand in for redacted fields when a log is replayed, one per value type.
public struct RedactionSubstitutes: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    public init() {}

    /// These substitutes, plus one for fields of the value's type.
    public func with<Value: Sendable>(_ value: Value) -> RedactionSubstitutes {
        var copy = self
        copy.values[ObjectIdentifier(Value.self)] = value
        return copy
    }

    /// Whether no substitute was given.
    var isEmpty: Bool { values.isEmpty }

    func value<Value>(for type: Value.Type) -> Value? {
        values[ObjectIdentifier(Value.self)] as? Value
    }
}

/// A redacted field was decoded with no substitute for its type.
public struct RedactedValueError: Error, CustomStringConvertible {
    public let type: String
    public var description: String { "a redacted \(type) needs a substitute (pass substitutes: to replay it)" }
}

/// The `userInfo` keys by which encoders writing a log ask ``Redacted`` to leave values out,
/// and decoders replaying one hand it substitutes.
package enum RedactionContext {
    package static let redacting = CodingUserInfoKey(rawValue: "org.substate.redacting")!
    package static let substitutes = CodingUserInfoKey(rawValue: "org.substate.substitutes")!

    /// An encoder for logs: sorted keys when `sorted`, redacted fields left out.
    package static func encoder(sorted: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        if sorted { encoder.outputFormatting = [.sortedKeys] }
        encoder.userInfo[redacting] = true
        return encoder
    }

    /// A decoder for replays, with substitutes for redacted fields.
    package static func decoder(_ substitutes: RedactionSubstitutes) -> JSONDecoder {
        let decoder = JSONDecoder()
        if !substitutes.isEmpty { decoder.userInfo[self.substitutes] = substitutes }
        return decoder
    }
}

/// Whether a value is empty: an empty string or collection, or `nil`.
private func isEmptyValue(_ value: Any) -> Bool {
    if let collection = value as? any Collection { return collection.isEmpty }
    if let optional = value as? any EmptiableOptional { return optional.isNone }
    return false
}

private protocol EmptiableOptional {
    var isNone: Bool { get }
}

extension Optional: EmptiableOptional {
    fileprivate var isNone: Bool { self == nil }
}
