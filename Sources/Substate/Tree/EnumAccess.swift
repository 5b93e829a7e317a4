#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How the store reaches the payload of an enum value in place, whatever the enum: one payload
/// case or several, `indirect` cases, generic enums such as `Result`.
///
/// It uses the enum's value witnesses, the functions the compiler emits for every enum: one
/// reads the current case's tag, one turns the value into its bare payload in place (clearing
/// tag bits the payload does not use), and one puts the tag back. Between the last two, the
/// payload sits at the enum's own address and is a valid value of its type, so the store
/// mutates it there, with no copy. An `indirect` payload lives in a heap box; it is made unique
/// before it is changed, as copy-on-write types are.
// @unchecked Sendable: the metadata address and value-witness functions are immutable runtime
// data, valid for the life of the process.
struct EnumAccess: @unchecked Sendable {
    private typealias GetTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
    private typealias Project = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
    private typealias Inject = @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void

    /// What the store needs of one case.
    struct Case: Sendable {
        let name: String
        /// The payload's type, for a case that has one the runtime can name.
        let payload: Any.Type?
        let hasPayload: Bool
        /// Present for `indirect` cases: reaches the box that holds the payload.
        let box: BoxAccess?
    }

    let cases: [Case]
    private let metadata: UnsafeRawPointer
    private let size: Int
    private let alignment: Int
    private let getTag: GetTag
    private let project: Project
    private let inject: Inject
    /// With one payload case, the payload already sits in place whenever that case is set:
    /// the other cases are told apart by bit patterns no payload value uses.
    private let isSinglePayload: Bool
    /// Compares each case, the first time a value of it is met, with what the runtime's
    /// reflection says of that value; a mismatch leaves the enum's values alone from then on.
    private let check: LayoutGuard.EnumCheck

    /// Reads the enum's value witnesses; `nil` when the type has none to offer.
    init?<E>(_ type: E.Type, cases: [Case], payloadCaseCount: Int) {
        guard let witnesses = RuntimeMetadata.enumWitnesses(of: E.self) else { return nil }
        self.cases = cases
        metadata = RuntimeMetadata.address(of: E.self)
        size = MemoryLayout<E>.size
        alignment = MemoryLayout<E>.alignment
        // Fact (value witnesses): the enum witnesses have these C signatures (`ValueWitness.def`), taking the value and its metadata.
        getTag = unsafeBitCast(witnesses.getTag, to: GetTag.self)
        project = unsafeBitCast(witnesses.project, to: Project.self)
        inject = unsafeBitCast(witnesses.inject, to: Inject.self)
        isSinglePayload = payloadCaseCount == 1
        check = LayoutGuard.EnumCheck(E.self, cases: cases)
    }

    /// The tag of the enum value's current case.
    @inline(__always)
    func tag(_ pointer: UnsafeRawPointer) -> Int {
        Int(getTag(pointer, metadata))
    }

    /// The tag of the value's current case, if the walk may go into its payload: not when the
    /// layout guard keeps the enum's values out, nor, with one payload case, when another case
    /// (one without a payload) is set.
    @inline(__always)
    private func reachableTag(_ pointer: UnsafeRawPointer) -> Int? {
        let tag = tag(pointer)
        guard check.admits(pointer, tag: tag), !isSinglePayload || tag == 0 else { return nil }
        return tag
    }

    /// Calls the body with the current case's tag and the address of its payload, for writing,
    /// then puts the case back. Cases without a payload are not passed to the body.
    @inline(__always)
    func withPayloadMutable(_ pointer: UnsafeMutableRawPointer, _ body: (Int, UnsafeMutableRawPointer) -> Void) {
        guard let tag = reachableTag(pointer) else { return }
        // Fact (single payload in place): with one payload case, that case is tag 0 and its payload sits at the enum's address.
        if isSinglePayload { return body(0, cases[0].box?.uniqueContents(pointer) ?? pointer) }
        // Fact (projected payload): after `destructiveProjectEnumData` the payload is a valid value of its type at the enum's address, until the tag is injected back.
        project(pointer, metadata)
        body(tag, cases[tag].box?.uniqueContents(pointer) ?? pointer)
        inject(pointer, UInt32(tag), metadata)
    }

    /// Calls the body with the current case's tag and the address of its payload, for reading.
    ///
    /// The value itself is never written: with several payload cases, the payload is read from
    /// a bitwise copy, so other threads reading the same value (a copy handed to a background
    /// task shares its storage) never see it change.
    @inline(__always)
    func withPayload(_ pointer: UnsafeRawPointer, _ body: (Int, UnsafeRawPointer) -> Void) {
        guard let tag = reachableTag(pointer) else { return }
        // Fact (single payload in place): with one payload case, that case is tag 0 and its payload sits at the enum's address.
        if isSinglePayload { return body(0, cases[0].box?.contents(pointer) ?? pointer) }
        // Fact (projected payload): projecting a bitwise copy gives the payload without writing the shared value; the copy is never destroyed, so nothing is released twice.
        withUnsafeTemporaryAllocation(byteCount: size, alignment: alignment) { scratch in
            let copy = scratch.baseAddress!
            copy.copyMemory(from: pointer, byteCount: size)
            project(copy, metadata)
            body(tag, cases[tag].box?.contents(copy) ?? UnsafeRawPointer(copy))
        }
    }
}

/// Reaches the payload of an `indirect` case, which the enum keeps in a heap box.
///
/// A box is a heap object: two words of header (its metadata and reference counts), then the
/// payload at the next multiple of the payload's alignment.
struct BoxAccess: Sendable {
    /// Where the payload starts in a box.
    private let contentsOffset: Int
    /// Replaces the box at the address with a new box holding a copy of the payload.
    private let copyBox: @Sendable (UnsafeMutableRawPointer) -> Void

    init<Payload>(_ type: Payload.Type) {
        // Fact (indirect box): a box is a heap object, two words of header, then the payload at the next multiple of its alignment.
        let header = 2 * MemoryLayout<Int>.size
        let alignment = MemoryLayout<Payload>.alignment
        let offset = (header + alignment - 1) / alignment * alignment
        contentsOffset = offset
        copyBox = { slot in
            let old = slot.load(as: UnsafeMutableRawPointer.self)
            let box = allocateBox(Payload.self)
            (box + offset).assumingMemoryBound(to: Payload.self)
                .initialize(to: (old + offset).assumingMemoryBound(to: Payload.self).pointee)
            slot.storeBytes(of: box, as: UnsafeMutableRawPointer.self)
            Unmanaged<AnyObject>.fromOpaque(old).release()
        }
    }

    /// The payload in the box referenced at the address, for reading.
    // Fact (indirect box): the case's payload slot holds one pointer to the box.
    func contents(_ slot: UnsafeRawPointer) -> UnsafeRawPointer {
        slot.load(as: UnsafeRawPointer.self) + contentsOffset
    }

    /// The payload in the box referenced at the address, for writing: a box shared with other
    /// copies of the value is copied first, so they keep their payload.
    func uniqueContents(_ slot: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
        // Fact (indirect box): the case's payload slot holds one strong reference to the box.
        if !isKnownUniquelyReferenced(&slot.assumingMemoryBound(to: AnyObject.self).pointee) {
            copyBox(slot)
        }
        return slot.load(as: UnsafeMutableRawPointer.self) + contentsOffset
    }
}

/// Allocates a heap box for a value of the type, as the compiler does for `indirect` cases,
/// with the runtime's own function; its contents are left uninitialised.
private func allocateBox<T>(_ type: T.Type) -> UnsafeMutableRawPointer {
    // The runtime returns the box and the address of its contents; the box comes back in the
    // first return register, which is all a C function type can describe.
    typealias AllocateBox = @convention(c) (UnsafeRawPointer) -> UnsafeMutableRawPointer
    // Fact (indirect box): `swift_allocBox(metadata)` returns the new box first, with a retain count of one.
    let allocate = unsafeBitCast(UnsafeRawPointer(bitPattern: runtimeAllocateBox)!, to: AllocateBox.self)
    return allocate(RuntimeMetadata.address(of: T.self))
}

/// The address of the runtime's `swift_allocBox`, looked up once.
private let runtimeAllocateBox: UInt = {
    #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
        let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    guard let symbol = dlsym(everywhere, "swift_allocBox") else {
        fatalError("the Swift runtime has no swift_allocBox")
    }
    return UInt(bitPattern: symbol)
}()
