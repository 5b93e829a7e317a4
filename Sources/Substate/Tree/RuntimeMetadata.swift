import SubstateRuntimeSupport
@_spi(Reflection) import Swift

/// Reads what the layout builder needs from Swift's runtime type metadata that the standard
/// library does not hand out: the kind of a type, the cases of an enum with their payload
/// types, the generic arguments of a struct or an enum, and an enum's value witnesses.
///
/// Struct fields and tuple elements come from the standard library's own reflection
/// (`_forEachFieldWithKeyPath`, `_forEachField`), which reads the same records as `Mirror`.
/// Everything else the walker reads directly is read here, once per type, when its layout is
/// built. Each read, and where its layout is defined (`include/swift/ABI/Metadata.h`,
/// `MetadataValues.h` and `docs/ABI/TypeMetadata.rst` in the Swift repository):
///
/// | read | where | signed on arm64e |
/// | --- | --- | --- |
/// | kind word | metadata + 0 (`TargetMetadata::Kind`) | no (a class's is its isa; never followed) |
/// | value witness table | metadata − 1 word (`TargetTypeMetadataHeader::ValueWitnesses`) | yes, process-independent data key |
/// | enum flags, witnesses | table + 10 words (`flags`), + 10 words + 8 (`getEnumTag`, `destructiveProjectEnumData`, `destructiveInjectEnumTag`) | functions: yes, function key |
/// | type context descriptor | metadata + 1 word (`TargetValueMetadata::Description`) | yes, process-independent data key (swiftlang/swift#67168) |
/// | field descriptor | descriptor + 16, relative (`TargetTypeContextDescriptor::Fields`) | no (relative offsets) |
/// | field records | field descriptor + 16, `FieldRecordSize` at + 10, `NumFields` at + 12 (`reflection/Records.h`) | no |
/// | case flags, payload type name, case name | record + 0, + 4 relative, + 8 relative (`FieldRecord`) | no |
/// | generic parameter header | descriptor + 28 + 8 (`GenericContextDescriptorHeader`) | no |
/// | generic arguments | metadata + 2 words (`TargetStructMetadata`/`TargetEnumMetadata` generic argument offset) | no (metadata pointers) |
///
/// Every pointer loaded from metadata goes through ``stripped(_:)`` or ``callable(_:)``, which
/// remove pointer-authentication bits where the platform signs them (the `SubstateRuntimeSupport`
/// C target, using `ptrauth_strip`) and do nothing elsewhere. What a wrong read would produce
/// is caught by ``LayoutGuard`` before any model is walked through it.
package enum RuntimeMetadata {
    package static let structKind = 0x200
    package static let enumKind = 0x201
    package static let optionalKind = 0x202
    package static let tupleKind = 0x301
    static let existentialKind = 0x303

    /// The kind word at the start of a type's metadata (struct, enum, optional, tuple...).
    package static func kind(_ type: Any.Type) -> Int {
        // Fact (kind word): a type's metadata starts with its kind (`TargetMetadata::Kind`).
        address(of: type).load(as: Int.self)
    }

    /// The address of a type's metadata. Metatype values are plain metadata pointers, never
    /// signed.
    static func address(of type: Any.Type) -> UnsafeRawPointer {
        // Fact (metatype is metadata): a metatype value is the address of the type's metadata.
        unsafeBitCast(type, to: UnsafeRawPointer.self)
    }

    /// A data pointer loaded from metadata, without the signature the platform may have put on it.
    static func stripped(_ pointer: UnsafeRawPointer) -> UnsafeRawPointer {
        substate_strip_data_pointer(pointer)!
    }

    /// A function pointer loaded from metadata, ready to be called as a C function pointer.
    static func callable(_ pointer: UnsafeRawPointer) -> UnsafeRawPointer {
        substate_callable_function_pointer(pointer)!
    }

    /// The type context descriptor of a struct or an enum.
    private static func descriptor(of metadata: UnsafeRawPointer) -> UnsafeRawPointer {
        // Fact (case records): a struct's or enum's metadata holds its type context descriptor in its second word.
        stripped(metadata.load(fromByteOffset: wordSize, as: UnsafeRawPointer.self))
    }

    /// An enum's value witnesses that read its tag, turn it into its bare payload, and put
    /// the tag back; `nil` when the type's value witness table has no enum witnesses.
    static func enumWitnesses(of type: Any.Type) -> (
        getTag: UnsafeRawPointer, project: UnsafeRawPointer, inject: UnsafeRawPointer
    )? {
        // Fact (value witnesses): the value witness table is the word before the metadata; its flags are at word 10.
        let table = stripped(address(of: type).load(fromByteOffset: -wordSize, as: UnsafeRawPointer.self))
        let flags = table.load(fromByteOffset: 10 * wordSize, as: UInt32.self)
        let hasEnumWitnesses: UInt32 = 0x0020_0000
        guard flags & hasEnumWitnesses != 0 else { return nil }
        // After the eight witness functions, the size, stride, flags and extra inhabitant
        // count (two words and two 32-bit fields), the three enum witnesses follow.
        let base = 10 * wordSize + 8
        func function(_ offset: Int) -> UnsafeRawPointer {
            callable(table.load(fromByteOffset: offset, as: UnsafeRawPointer.self))
        }
        return (function(base), function(base + wordSize), function(base + 2 * wordSize))
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
        let descriptor = descriptor(of: metadata)
        // Fact (case records): the field descriptor is a relative pointer at descriptor + 16, its records as `reflection/Records.h` lays them out.
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

    /// The elements of a tuple type, with their labels (or positions) and byte offsets, as the
    /// standard library's reflection gives them.
    package static func tupleElements(of type: Any.Type) -> [TupleElement]? {
        guard kind(type) == tupleKind else { return nil }
        var elements: [TupleElement] = []
        _ = _forEachField(of: type, options: tupleOptions) { name, offset, elementType, _ in
            // Unlabelled elements are named by position, `.0`, `.1`...
            var label = String(cString: name)
            if label.hasPrefix(".") { label.removeFirst() }
            elements.append(TupleElement(label: label, type: elementType, offset: offset))
            return true
        }
        return elements
    }

    /// The type arguments of a generic struct or enum (`Set<Leaf>` gives `[Leaf]`); empty for
    /// other types, and for generics whose parameters are not all plain types.
    package static func genericTypeArguments(of type: Any.Type) -> [Any.Type] {
        let kind = kind(type)
        guard kind == structKind || kind == enumKind || kind == optionalKind else { return [] }
        let metadata = address(of: type)
        let descriptor = descriptor(of: metadata)
        // Fact (case records): a type context descriptor starts with its 32-bit flags; bit 7 says it is generic.
        let flags = descriptor.load(as: UInt32.self)
        guard flags & 0x80 != 0 else { return [] }
        // Struct and enum descriptors have seven 32-bit fields, then the generic header: two
        // relative pointers, then the parameter and requirement counts, then one byte per
        // parameter.
        // Fact (generic arguments): the generic header follows the descriptor's seven fields; the arguments follow the metadata's two words.
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

    /// Keeps the reflection going past elements it cannot describe; spelled by value because
    /// the standard library declares the option as a mutable static.
    private static let tupleOptions = _EachFieldOptions(rawValue: 1 << 1)

    /// Follows a 32-bit relative pointer; `nil` when it is zero.
    private static func relative(_ field: UnsafeRawPointer) -> UnsafeRawPointer? {
        // Fact (case records): the runtime's relative pointers are 32-bit offsets from their own address.
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
