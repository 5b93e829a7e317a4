/// The action types a store knows are plain: neither stamped (``StampedAction``,
/// ``StampedFromState``, an action addressed to a screen), nor checked for delivery, nor a
/// dismissal. Such an action is dispatched as it is.
///
/// Every dispatch asks, so the answer costs one load and one comparison: each type has one of
/// a few slots, chosen by its metadata's address, holding the last plain type seen there (0
/// for none). A type that shares its slot with another plain type is asked about again, never
/// answered wrongly. The slots are allocated with the store and freed with it.
struct PlainActionTypes: ~Copyable {
    private static let slotCount = 16
    private let slots: UnsafeMutablePointer<UInt>

    init() {
        slots = UnsafeMutablePointer<UInt>.allocate(capacity: Self.slotCount)
        slots.initialize(repeating: 0, count: Self.slotCount)
    }

    deinit {
        // The slots hold plain integers: nothing to deinitialize.
        slots.deallocate()
    }

    /// The slot of an action type.
    @inline(__always)
    static func slot(of type: ObjectIdentifier) -> Int {
        Int(truncatingIfNeeded: UInt(bitPattern: type) >> 4) & (slotCount - 1)
    }

    /// Whether the type is known to be plain; `slot` is ``slot(of:)`` of it.
    @inline(__always)
    func contains(_ type: ObjectIdentifier, slot: Int) -> Bool {
        // `slot` is masked to the slots' count.
        slots[slot] == UInt(bitPattern: type)
    }

    /// Notes the type as plain, in place of the type its slot held.
    func insert(_ type: ObjectIdentifier, slot: Int) {
        // `slot` is masked to the slots' count.
        slots[slot] = UInt(bitPattern: type)
    }
}
