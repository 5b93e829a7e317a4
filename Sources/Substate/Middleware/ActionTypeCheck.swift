/// Answers whether an action passes a check that depends only on its type (such as adopting
/// a protocol), asking the check once per action type.
///
/// A dynamic cast to a protocol costs tens of nanoseconds; middleware asks this instead on
/// every action, for a dictionary lookup.
package struct ActionTypeCheck {
    private let check: (any Action) -> Bool
    private var answers: [ObjectIdentifier: Bool] = [:]

    package init(_ check: @escaping (any Action) -> Bool) {
        self.check = check
    }

    package mutating func callAsFunction(_ action: any Action) -> Bool {
        let type = ObjectIdentifier(Swift.type(of: action))
        if let known = answers[type] { return known }
        let answer = check(action)
        answers[type] = answer
        return answer
    }
}

/// Whether an action is exactly of a given type, by comparing type identities.
package func isAction<A: Action>(_ action: any Action, _ type: A.Type) -> Bool {
    ObjectIdentifier(Swift.type(of: action)) == ObjectIdentifier(A.self)
}
