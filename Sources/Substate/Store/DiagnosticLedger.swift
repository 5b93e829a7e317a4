/// The diagnostics a store reported, each once, and what it has checked to find them.
///
/// A diagnostic goes to the store's handler the first time it is found (a type's shape is
/// checked whenever a tree is put in place, a layout may fail in the middle of any action),
/// and is listed in ``Store/diagnostics``.
@MainActor
struct DiagnosticLedger {
    private let handler: @MainActor (Diagnostic) -> Void
    private var seen: Set<Diagnostic> = []
    /// Every diagnostic reported, in the order found.
    private(set) var reported: [Diagnostic] = []
    /// How many of the process's layout failures (see ``LayoutGuard``) the store has looked at.
    private(set) var layoutFailuresSeen = 0
    /// The action types whose routing was checked (debug builds check each on its first
    /// dispatch).
    private var routingChecked: Set<ObjectIdentifier> = []

    init(handler: @escaping @MainActor (Diagnostic) -> Void) {
        self.handler = handler
    }

    /// Reports the diagnostics not reported before.
    mutating func report(_ found: [Diagnostic]) {
        for diagnostic in found where seen.insert(diagnostic).inserted {
            reported.append(diagnostic)
            handler(diagnostic)
        }
    }

    /// The process's layout failures the store has not looked at yet, now counted as seen.
    ///
    /// Counted by the process's count, not by the failures returned: those of retired types
    /// are left out of them, and would otherwise be looked for again after every action.
    mutating func takeNewLayoutFailures() -> [LayoutGuard.Failure] {
        let count = LayoutGuard.count
        // A failure found meanwhile may be returned now and again next time: reports are
        // made once each.
        let failures = LayoutGuard.failures(from: layoutFailuresSeen)
        layoutFailuresSeen = count
        return failures
    }

    /// Whether the routing of an action type is checked for the first time now.
    mutating func checksRoutingFirst(of type: ObjectIdentifier) -> Bool {
        routingChecked.insert(type).inserted
    }
}
