/// The actions as they were sent, before the store stamped them (``StampedAction``,
/// ``StampedFromState``), each kept until the tree reduces its stamped form.
///
/// An alert's button holds its action as the feature wrote it, with nothing drawn yet; the
/// action the view sends is stamped when it is dispatched, so the two differ. While the tree
/// reduces a stamped action, ``current`` holds the form it was sent in, and ``AlertState``
/// compares its buttons with that form too, as the user wrote them.
///
/// Only `Equatable` actions that stamping changed are kept: no other kind can be a button's.
/// The store keeps at most ``capacity`` of them, the oldest going first, so a stamped action a
/// middleware swallows is not kept forever.
struct UnstampedForms {
    private var pending: [(stamped: any Action, unstamped: any Action)] = []
    /// How many forms the store keeps at once.
    static let capacity = 16

    /// The form the action the tree is reducing was sent in, when stamping changed it.
    @TaskLocal static var current: (any Action)?

    /// Whether no form is kept: the tree's reductions need not look.
    var isEmpty: Bool { pending.isEmpty }

    /// Keeps the form an action was sent in, until its stamped form is reduced; nothing when
    /// the action is not `Equatable` or stamping left it as it was.
    mutating func note(_ unstamped: any Action, stampedAs stamped: any Action) {
        guard valuesEqual(unstamped, stamped) == false else { return }
        if pending.count == Self.capacity { pending.removeFirst() }
        pending.append((stamped, unstamped))
    }

    /// The form the action was sent in, no longer kept; `nil` when the action was not stamped
    /// (or was changed since, by middleware).
    mutating func take(for action: any Action) -> (any Action)? {
        guard let index = pending.firstIndex(where: { valuesEqual($0.stamped, action) == true }) else { return nil }
        return pending.remove(at: index).unstamped
    }
}
