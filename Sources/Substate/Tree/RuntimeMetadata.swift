/// Reads what the layout builder needs from Swift's runtime type metadata: the kind of a type,
/// the cases of an enum with their payload types, the elements of a tuple, and the generic
/// arguments of a struct or an enum.
///
/// The layouts read here are part of Swift's stable ABI on Apple platforms and the same on
/// Linux; the standard library's own `Mirror` reads enum cases the same way. Everything is read
/// once per type, when its layout is built.
package enum RuntimeMetadata {
    package static let structKind = 0x200
    static let enumKind = 0x201
    package static let optionalKind = 0x202
    static let tupleKind = 0x301
    static let existentialKind = 0x303

    /// The kind word at the start of a type's metadata (struct, enum, optional, tuple...).
    package static func kind(_ type: Any.Type) -> Int {
        address(of: type).load(as: Int.self)
    }

    static func address(of type: Any.Type) -> UnsafeRawPointer {
        unsafeBitCast(type, to: UnsafeRawPointer.self)
    }

    /// One case of an enum, as its metadata describes it.
    package struct EnumCase {
        package let name: String
        /// The payload's type; `nil` for a case without one, or one the runtime cannot name.
        package let payload: Any.Type?
        package let hasPayload: Bool
        /// Whether the payload is kept in a heap box (`indirect`).
        package let isIndirect: Bool
    }

    /// The cases of an enum, indexed by the tag the runtime gives them: cases with a payload
    /// first, then the others, each group in declaration order.
    package static func enumCases(of type: Any.Type) -> [EnumCase]? {
        guard kind(type) == enumKind else { return nil }
        let metadata = address(of: type)
        let descriptor = metadata.load(fromByteOffset: wordSize, as: UnsafeRawPointer.self)
        guard let fields = relative(descriptor + 16) else { return nil }
        let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
        let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
        let genericArguments = metadata + 2 * wordSize
        return (0..<count).map { index in
            let record = fields + 16 + index * recordSize
            let flags = record.load(as: UInt32.self)
            let name = relative(record + 8).map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "?"
            let mangled = relative(record + 4)
            var payload: Any.Type?
            if let mangled {
                let bytes = mangled.assumingMemoryBound(to: UInt8.self)
                payload = _getTypeByMangledNameInContext(
                    bytes, UInt(mangledNameLength(bytes)), genericContext: descriptor,
                    genericArguments: genericArguments)
            }
            return EnumCase(name: name, payload: payload, hasPayload: mangled != nil, isIndirect: flags & 1 != 0)
        }
    }

    /// One element of a tuple.
    package struct TupleElement {
        package let label: String
        package let type: Any.Type
        package let offset: Int
    }

    /// The elements of a tuple type, with their labels (or positions) and byte offsets.
    package static func tupleElements(of type: Any.Type) -> [TupleElement]? {
        guard kind(type) == tupleKind else { return nil }
        let metadata = address(of: type)
        let count = metadata.load(fromByteOffset: wordSize, as: Int.self)
        let labels = metadata.load(fromByteOffset: 2 * wordSize, as: UnsafePointer<CChar>?.self)
        // Labels are one string, each followed by a space; unlabelled elements have empty ones.
        let names = labels.map {
            String(cString: $0).split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        }
        return (0..<count).map { index in
            let element = metadata + (3 + 2 * index) * wordSize
            let label = names.flatMap { index < $0.count && !$0[index].isEmpty ? $0[index] : nil } ?? "\(index)"
            // The offset is 32 bits wide followed by padding on some platforms and a full word on
            // Apple's; on these little-endian machines its low 32 bits are the value either way.
            return TupleElement(
                label: label, type: element.load(as: Any.Type.self),
                offset: Int(element.load(fromByteOffset: wordSize, as: UInt32.self)))
        }
    }

    /// The type arguments of a generic struct or enum (`Set<Leaf>` gives `[Leaf]`); empty for
    /// other types, and for generics whose parameters are not all plain types.
    package static func genericTypeArguments(of type: Any.Type) -> [Any.Type] {
        let kind = kind(type)
        guard kind == structKind || kind == enumKind || kind == optionalKind else { return [] }
        let metadata = address(of: type)
        let descriptor = metadata.load(fromByteOffset: wordSize, as: UnsafeRawPointer.self)
        let flags = descriptor.load(as: UInt32.self)
        guard flags & 0x80 != 0 else { return [] }
        // Struct and enum descriptors have seven 32-bit fields, then the generic header: two
        // relative pointers, then the parameter and requirement counts, then one byte per
        // parameter.
        let header = descriptor + 28 + 8
        let parameterCount = Int(header.load(as: UInt16.self))
        var arguments: [Any.Type] = []
        for index in 0..<parameterCount {
            let parameter = (header + 8).load(fromByteOffset: index, as: UInt8.self)
            // Only plain type parameters (kind 0) are read; packs and values are left alone.
            guard parameter & 0x3F == 0 else { return [] }
            if parameter & 0x80 != 0 {
                arguments.append(
                    metadata.load(fromByteOffset: (2 + arguments.count) * wordSize, as: Any.Type.self))
            }
        }
        return arguments
    }

    private static let wordSize = MemoryLayout<Int>.size

    /// Follows a 32-bit relative pointer; `nil` when it is zero.
    private static func relative(_ field: UnsafeRawPointer) -> UnsafeRawPointer? {
        let offset = field.load(as: Int32.self)
        return offset == 0 ? nil : field + Int(offset)
    }

    /// The length of a mangled name that may embed symbolic references, which can contain zeros.
    private static func mangledNameLength(_ name: UnsafePointer<UInt8>) -> Int {
        var length = 0
        while name[length] != 0 {
            switch name[length] {
            case 0x01...0x17: length += 4
            case 0x18...0x1F: length += MemoryLayout<UnsafeRawPointer>.size
            default: break
            }
            length += 1
        }
        return length
    }
}
