import Foundation
import Substate

/// Writes values as ``ValueLiteral`` does, through a plan made once per type from the
/// runtime's records of its fields, instead of reflecting each value with `Mirror`: loggers
/// format every action, and a struct's fields are read straight from memory at their offsets.
///
/// Structs, tuples, arrays, optionals, dictionaries, sets, strings and numbers have plans
/// (see ``FormatPlan``); enums, classes and anything unusual are written through `Mirror`.
enum ValueFormatter {
    /// The plans made so far, by type.
    private static let plans = TypeTable<FormatPlan>()
    /// Makes plans one thread at a time.
    private static let making = PlanMaking()

    /// The value on one line.
    static func describe(_ value: Any) -> String {
        var text = TextBuffer()
        write(value, into: &text)
        return text.string
    }

    /// Writes the value on one line.
    static func write(_ value: Any, into text: inout TextBuffer) {
        func open<T>(_ value: T) {
            // Fact (scoped pointer): the copy's address is read only inside the closure, by the plan made for `T`.
            withUnsafePointer(to: value) {
                FormatPlan.write(UnsafeRawPointer($0), with: plan(for: T.self), into: &text)
            }
        }
        _openExistential(value, do: open)
    }

    /// A string as Swift source spells it. Plain text (printable ASCII without quotes or
    /// backslashes, most of what apps log) is quoted as it is; anything else as
    /// `debugDescription` escapes it.
    static func quote(_ string: String, into text: inout TextBuffer) {
        var string = string
        let plain = string.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) else { return false }
            text.append(UInt8(ascii: "\""))
            text.append(bytes)
            text.append(UInt8(ascii: "\""))
            return true
        }
        if !plain { text.append(string: string.debugDescription) }
    }

    /// The plan for a type, made on first use.
    ///
    /// Plans are made one thread at a time. A recursive type reaches itself while its plan is
    /// being made: it finds a stand-in, which looks the finished plan up when it runs. Only the
    /// thread making the plan sees the stand-in; another thread asking meanwhile waits for the
    /// finished plan.
    static func plan<T>(for type: T.Type) -> FormatPlan {
        let id = ObjectIdentifier(T.self)
        if let known = plans[id] { return known }
        return making.run {
            if let known = plans[id] { return known }
            if let standIn = making.inProgress[id] { return standIn }
            making.inProgress[id] = DeferredFormatPlan<T>()
            let made = make(T.self)
            making.inProgress[id] = nil
            plans[id] = made
            return made
        }
    }

    /// The plan of a type given as a metatype value.
    static func plan(forAny type: Any.Type) -> FormatPlan {
        func open<T>(_: T.Type) -> FormatPlan { plan(for: T.self) }
        return _openExistential(type, do: open)
    }

    private static func make<T>(_ type: T.Type) -> FormatPlan {
        if T.self == String.self { return StringFormatPlan() }
        if T.self == Int.self { return IntFormatPlan() }
        if T.self == Bool.self { return BoolFormatPlan() }
        if T.self == Double.self { return DoubleFormatPlan() }
        if let integer = T.self as? any BinaryInteger.Type { return integerPlan(integer) }
        if T.self == Float.self || T.self == Character.self { return DescribedFormatPlan<T>() }
        if let plannable = T.self as? any PlannedFormatting.Type { return plannable.formattingPlan() }
        let kind = RuntimeMetadata.kind(T.self)
        let reflective = T.self is any CustomReflectable.Type
        if kind == RuntimeMetadata.structKind, !reflective, !isLibraryType(T.self), let plan = structPlan(T.self) {
            return plan
        }
        if let elements = RuntimeMetadata.tupleElements(of: T.self) {
            return StructFormatPlan(
                name: "",
                fields: elements.map {
                    (
                        label: $0.label.allSatisfy(\.isNumber) ? "" : $0.label, offset: $0.offset,
                        plan: plan(forAny: $0.type)
                    )
                })
        }
        // Enums, classes, the toolchain's own types, existentials: through Mirror.
        return ReflectedFormatPlan<T>()
    }

    private static func integerPlan<I: BinaryInteger>(_: I.Type) -> FormatPlan {
        IntegerFormatPlan<I>()
    }

    /// A struct's fields, read at their offsets (or through their key paths, for weak and
    /// unowned fields), labelled as the source spells them; `nil` when a field has no key path
    /// (the struct is then reflected).
    private static func structPlan<T>(_ type: T.Type) -> FormatPlan? {
        let fields = StructFields.of(T.self) {
            keyPath -> (part: (offset: Int, plan: FormatPlan)?, wrapperStorage: Bool)? in
            guard let field = keyPath as? any FieldFormatting, let part = field.formatPart(from: T.self) else {
                return nil
            }
            return (part.hidden ? nil : (part.offset, part.plan), part.wrapperStorage)
        }
        guard let fields else { return nil }
        return StructFormatPlan(
            name: typeName(T.self), fields: fields.map { (label: $0.label, offset: $0.part.offset, plan: $0.part.plan) }
        )
    }
}

/// A key path to a field, which makes the field's part of its struct's plan.
protocol FieldFormatting {
    func formatPart<R>(from root: R.Type) -> (offset: Int, plan: FormatPlan, hidden: Bool, wrapperStorage: Bool)?
}

extension KeyPath: FieldFormatting {
    /// The field's part of its struct's plan. A field is read at its offset, except one that
    /// may be a weak or unowned reference (a class or an optional), which its key path reads
    /// as it must be read.
    func formatPart<R>(from root: R.Type) -> (offset: Int, plan: FormatPlan, hidden: Bool, wrapperStorage: Bool)? {
        guard let path = self as? KeyPath<R, Value> else { return nil }
        let wrapperStorage = Value.self is any PropertyWrapperStorage.Type
        if Value.self is any HiddenFromLogs.Type { return (0, RedactedFormatPlan(), true, wrapperStorage) }
        let plan = ValueFormatter.plan(for: Value.self)
        if !StructFields.mayHoldReference(Value.self), let offset = MemoryLayout<R>.offset(of: path) {
            return (offset, plan, false, wrapperStorage)
        }
        return (0, KeyPathFieldFormatPlan(path, value: plan), false, wrapperStorage)
    }
}

/// Makes plans one thread at a time; making one plan makes its parts' plans, on the same
/// thread, so the lock is recursive.
// @unchecked Sendable: `inProgress` is read and written only inside `run`, under the lock.
private final class PlanMaking: @unchecked Sendable {
    private let lock = NSRecursiveLock()
    /// Stand-ins for the plans being made, seen only by the thread making them.
    var inProgress: [ObjectIdentifier: FormatPlan] = [:]

    func run<R>(_ body: () -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
