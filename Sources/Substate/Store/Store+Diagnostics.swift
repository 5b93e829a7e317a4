import Synchronization

/// Diagnostics: what the store finds wrong with its trees' shapes, values and routing, each
/// reported once through its ``DiagnosticLedger``, the one state this file writes.
extension Store {
    func checkRouting(_ action: any Action, type: ObjectIdentifier) {
        let actionName = typeName(Swift.type(of: action))
        let changed = Mutex<[TypeLayout]>([])
        for box in trees.all {
            box.checkRouting(action, type: type) { layout in changed.withLock { $0.append(layout) } }
        }
        report(
            changed.withLock { $0 }.map { layout in
                Diagnostic(
                    kind: .undeclaredAction, typeName: layout.name, member: actionName,
                    message:
                        "\(layout.name) changed in response to \(actionName), which its handledActions does not list; the store does not deliver \(actionName) to it, so that change is lost. Add \(actionName).self to \(layout.name).handledActions."
                )
            })
    }

    func reportShape(of box: AnyModelBox) {
        report(box.layout.reachable.flatMap(\.diagnostics))
        // Models that need a middleware, checked against the list (a replaying store keeps
        // only the middleware that watches, and needs none of them).
        if !isReplaying {
            for layout in box.layout.reachable {
                guard let served = layout.type as? any ServedModel.Type,
                    let missing = served.missingMiddleware(in: middleware)
                else { continue }
                report([
                    Diagnostic(kind: .missingMiddleware, typeName: layout.name, member: "", message: missing)
                ])
            }
        }
        report(ShapeAudit.typeDiagnostics(box.layout))
        auditValues(of: box)
        reportUnreadableLayouts()
    }

    /// Reports the types of this store's trees whose layouts were found unreadable since it
    /// last looked: enums are checked as their values are first walked, so one may fail in
    /// the middle of any action. With `any Model` fields, whose types are known only from
    /// values, every failure is reported.
    func reportUnreadableLayouts() {
        let failures = ledger.takeNewLayoutFailures()
        guard !failures.isEmpty else { return }
        let layouts = (trees.all).map(\.layout)
        let anyType = layouts.contains { $0.hasExistentialBelow }
        let types = Set(layouts.flatMap { $0.reachable.map(\.typeID) })
        report(failures.filter { anyType || types.contains($0.type) }.map(\.diagnostic))
    }

    /// Reports the existentials in a tree's current value that hold models; called whenever
    /// values are put back wholesale, since a replaced value may hide a model the old did not.
    func auditValues(of box: AnyModelBox) {
        box.withValue { report(ShapeAudit.valueDiagnostics(in: $0, layout: box.layout)) }
    }

    /// Reports a diagnostic found by middleware, once per store.
    package func report(_ diagnostic: Diagnostic) {
        report([diagnostic])
    }

    func report(_ found: [Diagnostic]) {
        ledger.report(found)
    }
}
