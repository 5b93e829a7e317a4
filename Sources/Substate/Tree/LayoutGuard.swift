import Synchronization

/// Checks the layouts the walker builds against what the runtime's own reflection (`Mirror`,
/// the runtime's case names) says of real values, so that a wrong metadata read becomes a
/// diagnostic instead of a crash or a walk through the wrong bytes.
///
/// The walker reads enum cases and value witnesses from metadata itself (see
/// ``RuntimeMetadata``), so every enum is checked where its values are used: each case, the
/// first time a value of it is met, by ``EnumCheck``. Struct fields and tuple elements come from
/// the standard library's reflection, which reads the same records as `Mirror`; they are
/// checked against the values at hand when a layout is first built for a store's tree
/// (``checkFields(of:value:)``). A type that fails is treated as opaque: its values are left
/// alone and its models are not walked.
///
/// What was found is a fact about a type, true for the whole process, so it is kept
/// process-wide like the layouts themselves; each store reports the failures that concern its
/// own tree.
enum LayoutGuard {
    private static let failures = Mutex<[Failure]>([])
    /// How many failures were found so far; read after each walk to learn of new ones cheaply.
    private static let failureCount = Atomic<Int>(0)

    /// A type whose layout disagreed with the runtime's reflection.
    struct Failure: Sendable {
        let type: ObjectIdentifier
        let diagnostic: Diagnostic
    }

    /// How many failures have been found in this process.
    static var count: Int { failureCount.load(ordering: .acquiring) }

    /// Types whose failures are no longer reported: those a test planted on purpose.
    private static let retired = Mutex<Set<ObjectIdentifier>>([])

    /// The failures found from the given index on.
    static func failures(from index: Int) -> [Failure] {
        let found = failures.withLock { Array($0[min(index, $0.count)...]) }
        let retired = retired.withLock { $0 }
        return retired.isEmpty ? found : found.filter { !retired.contains($0.type) }
    }

    /// Stops reporting the failures of types a test made fail on purpose, so that stores made
    /// by later tests, whose trees may hold any model in an existential, do not report them.
    static func retire(_ types: [Any.Type]) {
        retired.withLock { $0.formUnion(types.map(ObjectIdentifier.init)) }
    }

    /// Keeps a failure found while walking, for the stores whose trees hold the type.
    static func record(_ type: Any.Type, _ what: String) {
        let failure = Failure(type: ObjectIdentifier(type), diagnostic: diagnostic(type, what))
        failures.withLock { $0.append(failure) }
        failureCount.add(1, ordering: .releasing)
    }

    /// The diagnostic that names a type whose layout disagreed, and what differed.
    static func diagnostic(_ type: Any.Type, _ what: String) -> Diagnostic {
        let name = typeName(type)
        return Diagnostic(
            kind: .unreadableLayout, typeName: name, member: "",
            message:
                "the store could not read the layout of \(name) on this platform: \(what). The models inside values of \(name) are left alone: they receive no actions and are not found. Please report this with the platform and Swift version."
        )
    }

    /// The check of one enum type's layout, case by case.
    ///
    /// The state is a bit set read on every use of the enum's layout: one bit per case checked
    /// and passed (cases past the 62nd share one bit), and one bit once the type has failed.
    final class EnumCheck: Sendable {
        private let state = Atomic<UInt64>(0)
        private let compare: @Sendable (UnsafeRawPointer, Int) -> String?
        private let type: Any.Type
        private static let failed: UInt64 = 1 << 63

        init<E>(_ type: E.Type, cases: [EnumAccess.Case]) {
            self.type = E.self
            compare = { pointer, tag in
                // Fact (typed address): the layout that led to this address was built for this type, so a value of it is there.
                LayoutGuard.enumMismatch(pointer.assumingMemoryBound(to: E.self).pointee, tag: tag, cases: cases)
            }
        }

        /// Whether the walker may go into the enum value at the address, whose tag it read as
        /// `tag`: the case has been checked (now, if this is its first value) and agreed.
        @inline(__always)
        func admits(_ pointer: UnsafeRawPointer, tag: Int) -> Bool {
            let bit: UInt64 = 1 << UInt64(min(tag, 62))
            let state = state.load(ordering: .relaxed)
            if state & bit != 0 && state & Self.failed == 0 { return true }
            return firstUse(pointer, tag: tag, bit: bit)
        }

        @inline(never)
        private func firstUse(_ pointer: UnsafeRawPointer, tag: Int, bit: UInt64) -> Bool {
            let current = state.load(ordering: .acquiring)
            if current & Self.failed != 0 { return false }
            if current & bit != 0 { return true }
            if let mismatch = compare(pointer, tag) {
                let (previous, _) = state.bitwiseOr(Self.failed, ordering: .acquiringAndReleasing)
                if previous & Self.failed == 0 { LayoutGuard.record(type, mismatch) }
                return false
            }
            state.bitwiseOr(bit, ordering: .releasing)
            return true
        }
    }

    /// What differs between the layout's reading of an enum value and the runtime's: the case
    /// name, whether the case has a payload, the payload's type. `nil` when they agree.
    static func enumMismatch<E>(_ value: E, tag: Int, cases: [EnumAccess.Case]) -> String? {
        guard tag >= 0, tag < cases.count else {
            return "a value's case number is \(tag), and the layout knows \(cases.count) cases"
        }
        let expected = cases[tag]
        let name = runtimeCaseName(value).map { String(cString: $0) }
        if let name, name != expected.name {
            return "the runtime names a value's case \(name), and the layout reads case \(tag) as \(expected.name)"
        }
        // A custom mirror says what its author chose; only the runtime's own reflection counts.
        guard !(value is any CustomReflectable) else { return nil }
        let payload = Mirror(reflecting: value).children.first
        if (payload != nil) != expected.hasPayload {
            return
                "case \(expected.name) has \(payload != nil ? "a" : "no") payload, and the layout reads it with\(expected.hasPayload ? "" : "out") one"
        }
        if let payload, let declared = expected.payload, hasExactDynamicType(declared),
            Swift.type(of: payload.value) != declared
        {
            return
                "the payload of case \(expected.name) is a \(typeName(Swift.type(of: payload.value))), and the layout reads a \(typeName(declared))"
        }
        return nil
    }

    /// Whether every value of the type has the type itself as its dynamic type (no
    /// existentials, classes or metatypes, whose values may be of other types).
    private static func hasExactDynamicType(_ type: Any.Type) -> Bool {
        switch RuntimeMetadata.kind(type) {
        case RuntimeMetadata.structKind, RuntimeMetadata.enumKind, RuntimeMetadata.optionalKind,
            RuntimeMetadata.tupleKind:
            true
        default: false
        }
    }

    /// What differs between the stored fields a struct's (or a tuple's) layout was built from
    /// and the children `Mirror` gives a value of it: their number, names and order. `nil`
    /// when they agree, or when the type chose its own mirror.
    static func fieldMismatch(_ names: [String], value: Any) -> String? {
        guard !(value is any CustomReflectable) else { return nil }
        let labels = Mirror(reflecting: value).children.map { $0.label ?? "" }
        guard labels != names else { return nil }
        if labels.count != names.count {
            return
                "Mirror finds \(labels.count) stored fields (\(list(labels))), and the layout \(names.count) (\(list(names)))"
        }
        return "Mirror finds the stored fields \(list(labels)), and the layout \(list(names))"
    }

    private static func list(_ names: [String]) -> String {
        names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}

/// The name the runtime gives the case of an enum value, from the same reflection records
/// `print` uses; `nil` when the type has none.
@_silgen_name("swift_EnumCaseName")
private func runtimeCaseName<T>(_ value: T) -> UnsafePointer<CChar>?
