import Substate

/// How the values of one type are written: made once per type by ``ValueFormatter``.
///
/// Plans are objects with one method each, so writing a value is a chain of direct calls on
/// objects that live as long as the process: a plan holds the plans of its parts strongly and
/// calls them through unowned references, which costs no reference counting per value. Plans
/// never change once made; the table that holds them is shared across threads.
class FormatPlan {
    /// Whether writing a value may go deeper: a value that cannot (a number, a string) is
    /// written without checking the stack left.
    let nests: Bool

    init(nests: Bool) {
        self.nests = nests
    }

    /// Writes the value at the address.
    func write(_ value: UnsafeRawPointer, into text: inout TextBuffer) {}

    /// Writes a part of a value through its plan, on a fresh stack if this one is nearly used up.
    @inline(__always)
    static func write(_ part: UnsafeRawPointer, with plan: FormatPlan, into text: inout TextBuffer) {
        if plan.nests {
            DeepStack.withRoom { plan.write(part, into: &text) }
        } else {
            plan.write(part, into: &text)
        }
    }
}

/// `Int`, in decimal.
final class IntFormatPlan: FormatPlan {
    init() { super.init(nests: false) }

    override func write(_ value: UnsafeRawPointer, into text: inout TextBuffer) {
        // Fact (typed address): this plan was built for the value's type, so a value of it is at this address.
        text.append(integer: value.load(as: Int.self))
    }
}

/// The other integer types, in decimal.
final class IntegerFormatPlan<Integer: BinaryInteger>: FormatPlan {
    init() { super.init(nests: false) }

    override func write(_ value: UnsafeRawPointer, into text: inout TextBuffer) {
        // Fact (typed address): this plan was built for the value's type, so a value of it is at this address.
        text.append(string: String(value.load(as: Integer.self)))
    }
}

/// `true` or `false`.
final class BoolFormatPlan: FormatPlan {
    init() { super.init(nests: false) }

    override func write(_ value: UnsafeRawPointer, into text: inout TextBuffer) {
        // Fact (typed address): this plan was built for the value's type, so a value of it is at this address.
        text.append(literal: value.load(as: Bool.self) ? "true" : "false")
    }
}

/// `Double`, as its `description` spells it.
final class DoubleFormatPlan: FormatPlan {
    init() { super.init(nests: false) }

    override func write(_ value: UnsafeRawPointer, into text: inout TextBuffer) {
        // Fact (typed address): this plan was built for the value's type, so a value of it is at this address.
        text.append(double: value.load(as: Double.self))
    }
}

/// A string, quoted as Swift source spells it.
final class StringFormatPlan: FormatPlan {
    init() { super.init(nests: false) }

    override func write(_ value: UnsafeRawPointer, into text: inout TextBuffer) {
        // Fact (typed address): this plan was built for the value's type, so a value of it is at this address.
        ValueFormatter.quote(value.assumingMemoryBound(to: String.self).pointee, into: &text)
    }
}

/// A value printed by its `description` (`Float`, `Character` quoted): the toolchain's scalars.
final class DescribedFormatPlan<Value>: FormatPlan {
    init() { super.init(nests: false) }

    override func write(_ value: UnsafeRawPointer, into text: inout TextBuffer) {
        // Fact (typed address): this plan was built for the value's type, so a value of it is at this address.
        text.append(string: ValueDump.leaf(value.load(as: Value.self)))
    }
}

/// A value reflected with `Mirror`: enums, classes, the toolchain's own types, existentials.
final class ReflectedFormatPlan<Value>: FormatPlan {
    init() { super.init(nests: true) }

    override func write(_ value: UnsafeRawPointer, into text: inout TextBuffer) {
        // Fact (typed address): this plan was built for the value's type, so a value of it is at this address.
        text.append(string: ValueLiteral.reflect(value.load(as: Value.self)))
    }
}

/// Writes nothing: a ``Redacted`` value's place says `<redacted>`.
final class RedactedFormatPlan: FormatPlan {
    init() { super.init(nests: false) }

    override func write(_ value: UnsafeRawPointer, into text: inout TextBuffer) {
        text.append(literal: "<redacted>")
    }
}

/// The stand-in for a recursive type's plan while that plan is being made: it finds the
/// finished plan when it first runs.
final class DeferredFormatPlan<Value>: FormatPlan {
    init() { super.init(nests: true) }

    override func write(_ value: UnsafeRawPointer, into text: inout TextBuffer) {
        ValueFormatter.plan(for: Value.self).write(value, into: &text)
    }
}
