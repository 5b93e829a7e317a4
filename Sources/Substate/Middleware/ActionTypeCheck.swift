/// Answers whether an action passes a check that depends only on its type (such as adopting
/// a protocol), asking the check once per action type.
///
/// A dynamic cast to a protocol costs tens of nanoseconds; middleware asks this instead on
/// every action, for a load and a comparison.
package struct ActionTypeCheck {
    @usableFromInline let check: (any Action) -> Bool
    /// The last answers, each in the slot its type's address picks (as the store's plain types
    /// are kept): the address with the answer in its lowest bit, which type metadata, being
    /// aligned, leaves free; 0 for an empty slot. An app dispatches a few types most of the
    /// time, and a hit here costs no hashing.
    @usableFromInline var slots = [UInt](repeating: 0, count: Self.slotCount)
    /// Every answer, for the types whose slot another type holds.
    @usableFromInline var answers: [ObjectIdentifier: Bool] = [:]

    @usableFromInline static var slotCount: Int { 16 }

    package init(_ check: @escaping (any Action) -> Bool) {
        self.check = check
    }

    @inlinable
    package mutating func callAsFunction(_ action: any Action) -> Bool {
        self(action, type: ObjectIdentifier(Swift.type(of: action)))
    }

    /// The answer for an action whose type the caller has already taken.
    @inlinable
    package mutating func callAsFunction(_ action: any Action, type: ObjectIdentifier) -> Bool {
        let bits = UInt(bitPattern: type)
        let slot = Int(truncatingIfNeeded: bits >> 4) & (Self.slotCount - 1)
        let known = slots[slot]
        if known & ~1 == bits { return known & 1 != 0 }
        return answer(action, type: type, slot: slot)
    }

    @usableFromInline mutating func answer(_ action: any Action, type: ObjectIdentifier, slot: Int) -> Bool {
        let answer: Bool
        if let known = answers[type] {
            answer = known
        } else {
            answer = check(action)
            answers[type] = answer
        }
        let bits = UInt(bitPattern: type)
        if bits & 1 == 0 { slots[slot] = bits | (answer ? 1 : 0) }
        return answer
    }
}

/// Whether an action is exactly of a given type, by comparing type identities.
@inlinable
package func isAction<A: Action>(_ action: any Action, _ type: A.Type) -> Bool {
    ObjectIdentifier(Swift.type(of: action)) == ObjectIdentifier(A.self)
}

/// The type of an action as its existential holds it: ``isAction(_:_:)``'s comparison without
/// asking the runtime for the dynamic type, which middleware pays on every action. It differs
/// from the dynamic type only for an instance of a class, so it answers for comparisons with
/// struct and enum types, such as the store's own actions.
@inlinable
package func heldActionType<Held: Action>(of action: Held) -> ObjectIdentifier {
    ObjectIdentifier(Held.self)
}
