import Foundation
import Substate
@_spi(Reflection) import Swift

/// Which types a value's bytes identify, while the value they were read from is alive.
///
/// A value of such a type holds plain bytes and references to copy-on-write buffers only (the
/// package's fact *bytes mean change*): two values with the same bytes share every buffer, and
/// a shared buffer is copied before it is written, so they are equal. A reference to a class
/// instance breaks this (the instance can change while the reference stays), as do
/// existentials and closures, so types holding one are not covered; nor are types the runtime
/// cannot describe field by field. A raw pointer (`UnsafePointer`, `Unmanaged`) is plain bytes to
/// the runtime and is trusted like any other; state that is `Codable` does not hold one.
enum ByteIdentity {
    /// Whether equal bytes of two live values of `type` mean equal values.
    static func covers(_ type: Any.Type) -> Bool {
        var visiting: Set<ObjectIdentifier> = []
        return covers(type, visiting: &visiting)
    }

    /// Value types of the standard library and Foundation whose insides are buffers they copy
    /// before writing, or plain bytes.
    private static let valueTypes: Set<ObjectIdentifier> = [
        ObjectIdentifier(String.self), ObjectIdentifier(Substring.self), ObjectIdentifier(Character.self),
        ObjectIdentifier(Data.self), ObjectIdentifier(URL.self), ObjectIdentifier(Date.self),
        ObjectIdentifier(Decimal.self), ObjectIdentifier(UUID.self),
    ]

    /// The generic containers whose elements, keys and values are all that they hold.
    private static let containerPrefixes = [
        "Swift.Array<", "Swift.ContiguousArray<", "Swift.Set<", "Swift.Dictionary<", "Swift.Optional<",
    ]

    private static func covers(_ type: Any.Type, visiting: inout Set<ObjectIdentifier>) -> Bool {
        let id = ObjectIdentifier(type)
        if valueTypes.contains(id) || isPlain(type) { return true }
        // A type met again while its own fields are looked at (through a buffer or an
        // indirect case) is answered by the fields around it.
        guard visiting.insert(id).inserted else { return true }
        defer { visiting.remove(id) }
        let kind = RuntimeMetadata.kind(type)
        let name = String(reflecting: type)
        if kind == RuntimeMetadata.optionalKind || containerPrefixes.contains(where: { name.hasPrefix($0) }) {
            let arguments = RuntimeMetadata.genericTypeArguments(of: type)
            return !arguments.isEmpty && arguments.allSatisfy { covers($0, visiting: &visiting) }
        }
        if kind == RuntimeMetadata.enumKind {
            guard let cases = RuntimeMetadata.enumCases(of: type) else { return false }
            return cases.allSatisfy { item in
                guard item.hasPayload else { return true }
                guard let payload = item.payload else { return false }
                return covers(payload, visiting: &visiting)
            }
        }
        if kind == RuntimeMetadata.structKind || kind == RuntimeMetadata.tupleKind {
            var fields: [Any.Type] = []
            // Strict: a field the runtime cannot describe makes the answer no.
            let described = _forEachField(of: type, options: _EachFieldOptions(rawValue: 0)) { _, _, field, _ in
                fields.append(field)
                return true
            }
            return described && fields.allSatisfy { covers($0, visiting: &visiting) }
        }
        return false
    }

    /// Whether the type is bytes alone, with no references at all.
    private static func isPlain(_ type: Any.Type) -> Bool {
        func plain<T>(_: T.Type) -> Bool { _isPOD(T.self) }
        return _openExistential(type, do: plain)
    }
}
