import Synchronization

/// Diagnostics: what the store finds wrong with its trees' shapes, values and routing, each
/// reported once through its ``DiagnosticLedger``, the one state this file writes.
extension Store {
    /// Gives the action, on a copy of each tree, to the models that routing skipped for it, and
    /// reports each model type that would have changed (see ``ActionRouting``).
    func checkRouting(_ action: any Action, type: ObjectIdentifier) {
        let actionName = typeName(Swift.type(of: action))
        let changed = Mutex<[(TypeLayout, String?, Bool)]>([])
        let skipped = targeting.lastSkipped
        for box in trees.all {
            box.checkRouting(action, type: type, skipping: skipped) { layout, before, after, withInstance in
                let field = Self.changedField(before, after)
                changed.withLock { $0.append((layout, field, withInstance)) }
            }
        }
        report(
            changed.withLock { $0 }.map { layout, field, withInstance in
                let what = field.map { "\(layout.name).\($0)" } ?? layout.name
                if let skipped, withInstance {
                    let target = skipped.layout.name
                    let place = layout.typeID == skipped.type ? "" : ", inside another \(target),"
                    return Diagnostic(
                        kind: .undeclaredAction, typeName: layout.name, member: actionName,
                        message:
                            "\(what)\(place) changed in response to \(actionName) addressed to \(target) \(skipped.id.base), which routing delivers to that \(target) alone and what it holds, so that change is lost. To change other \(target) models too, handle \(actionName) in the model that holds them, or send an action that is not a TargetedAction."
                    )
                }
                let fix =
                    layout.model?.routesNested == true
                    ? "Declare \(actionName) inside \(layout.name) or a model below it, or list it: ActionRouting.nestedActions(plus: [\(actionName).self])."
                    : "Add \(actionName).self to \(layout.name)'s routing (its handledActions or ActionRouting.only list)."
                return Diagnostic(
                    kind: .undeclaredAction, typeName: layout.name, member: actionName,
                    message:
                        "\(what) changed in response to \(actionName), which \(layout.name)'s routing does not deliver to it, so that change is lost. \(fix)"
                )
            })
    }

    /// The first stored field whose printed value differs between two values of one model type.
    nonisolated static func changedField(_ before: any Model, _ after: any Model) -> String? {
        let old = Mirror(reflecting: before).children
        let new = Mirror(reflecting: after).children
        for (oldChild, newChild) in zip(old, new)
        where String(reflecting: oldChild.value) != String(reflecting: newChild.value) {
            return oldChild.label
        }
        return nil
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
