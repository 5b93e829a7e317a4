/// Tells of a model that routing skipped for an action but that changes when given it: its
/// layout, its value before and after, and whether it was skipped with the instance it sits in
/// (an action addressed to another instance of that instance's type).
typealias RoutingReport =
    @Sendable (TypeLayout, _ before: any Model, _ after: any Model, _ withInstance: Bool) ->
    Void

/// Compiles a ``TypeLayout`` into one composed ``Visit`` closure.
///
/// Each step is a closure that captures the next one, so a dispatch is a chain of direct
/// closure calls over raw pointers: no `Mirror`, no arrays of closures, no copies of the
/// values walked. Children run before their parent's own `update(action:)`, fields in
/// declaration order, elements in container order.
struct VisitorCompiler {
    enum Mode {
        /// Every model receives the action.
        case broadcast
        /// Only subtrees whose models react to this action type are walked.
        case routed(ObjectIdentifier)
        /// Only models that did not declare this action type receive it, on a copy of the tree,
        /// and any change they make is reported; with `everyModel`, every model does. With a
        /// target, the other instances of the target's type (an action addressed to one row
        /// skipped the others) receive it too, with everything inside them.
        case checking(
            ObjectIdentifier, report: RoutingReport, everyModel: Bool = false, target: SkippedInstances? = nil)
        /// As ``broadcast`` (with no action type) or ``routed(_:)``, and each model that changes
        /// is recorded in the log, with where it sits.
        case tracking(ObjectIdentifier?, ChangeLog)
    }

    let mode: Mode
    /// A model type whose instances, and everything inside them, the walk leaves out: the
    /// instances an action addressed to another instance of the type skips.
    let excluded: ObjectIdentifier?
    var cache: [VisitorKey: CompiledVisit]
    private var inProgress: [ObjectIdentifier: VisitorSlot] = [:]

    init(mode: Mode, cache: [VisitorKey: CompiledVisit] = [:], excluding excluded: ObjectIdentifier? = nil) {
        self.mode = mode
        self.cache = cache
        self.excluded = excluded
    }

    mutating func compile(_ layout: TypeLayout) -> Visit? {
        guard layout.holdsModels else { return nil }
        if let excluded, layout.typeID == excluded { return nil }
        let id = ObjectIdentifier(layout)
        let key: VisitorKey?
        switch mode {
        case .broadcast:
            key = VisitorKey(layout: id, action: nil, excluded: excluded)
        case .routed(let action):
            guard layout.reacts(to: action) else { return nil }
            key = VisitorKey(layout: id, action: action, excluded: excluded)
        case .checking:
            key = nil
        case .tracking(let action, _):
            if let action, !layout.reacts(to: action) { return nil }
            key = VisitorKey(layout: id, action: action, excluded: excluded)
        }
        if let key, let cached = cache[key] { return cached.visit }
        if let slot = inProgress[id] {
            // A recursive type: call through the slot, filled once this layout is compiled.
            // Trees of it are as deep as the data, so the walk makes sure it has stack left.
            return { pointer, action in DeepStack.withRoom { slot.visit?(pointer, action) } }
        }
        let slot = VisitorSlot()
        // A recursive type's visitor and its slot hold each other; a tracked visitor also holds
        // its store's log, so the log keeps its slots and empties them when the store goes.
        if case .tracking(_, let log) = mode { log.slots.append(slot) }
        inProgress[id] = slot
        let visit = checkingSkippedInstances(layout, build(layout))
        slot.visit = visit
        inProgress[id] = nil
        if let key { cache[key] = CompiledVisit(visit: visit) }
        return visit
    }

    private mutating func build(_ layout: TypeLayout) -> Visit? {
        if let existential = layout.existential { return existentialVisit(existential) }
        var steps: [Step] = []
        // Kept in `CompiledVisit`s: a closure stored as a dictionary's value is reabstracted,
        // and every call would go through conversion thunks.
        var cases: [Int: CompiledVisit] = [:]
        for (index, part) in layout.parts.enumerated() {
            guard let child = compile(part.child) else { continue }
            if case .tracking(_, let log) = mode {
                let visit = trackedPartVisit(part, index, child, log)
                if case .enumCase(let tag, _) = part.access {
                    cases[tag] = CompiledVisit(visit: visit)
                } else {
                    steps.append(Step(offset: 0, visit: visit))
                }
                continue
            }
            switch part.access {
            case .field(_, let offset): steps.append(Step(offset: offset, visit: child))
            case .elements(let container):
                steps.append(Step(offset: 0, visit: elementsVisit(container, part.child, child)))
            case .enumCase(let tag, _): cases[tag] = CompiledVisit(visit: child)
            }
        }
        if let access = layout.enumAccess, !cases.isEmpty {
            steps.append(Step(offset: 0, visit: enumVisit(access, cases)))
        }
        // Not `Optional.flatMap`: a closure passed through a generic is reabstracted, and every
        // call to the model's update would go through two conversion thunks.
        var tail: Visit? = nil
        if let model = layout.model { tail = modelStep(model, layout) }
        return chain(steps, then: tail)
    }

    /// The visitor of an enum: it visits the payload of the current case in place, if that
    /// case's payload can hold models.
    private func enumVisit(_ access: EnumAccess, _ cases: [Int: CompiledVisit]) -> Visit {
        if cases.count == 1, let tag = cases.keys.first, let visit = cases[tag]?.visit {
            return { pointer, action in
                access.withPayloadMutable(pointer) { current, payload in
                    if current == tag { visit(payload, action) }
                }
            }
        }
        let table = (0..<access.cases.count).map { cases[$0] ?? CompiledVisit(visit: nil) }
        return { pointer, action in
            access.withPayloadMutable(pointer) { tag, payload in table[tag].visit?(payload, action) }
        }
    }

    /// The visitor of one part in a tracked walk: it keeps the log's path in step with the walk.
    private func trackedPartVisit(_ part: Part, _ index: Int, _ child: @escaping Visit, _ log: ChangeLog) -> Visit {
        // Fact (layouts live forever): the layout cache never lets go of a layout or a part, so an unretained reference to one stays valid.
        let layout = Unmanaged.passUnretained(part.child)
        switch part.access {
        case .field(_, let offset):
            return { pointer, action in
                log.push(ChangeLog.Entry(kind: .part, index: index, value: pointer + offset, layout: layout))
                child(pointer + offset, action)
                log.pop()
            }
        case .enumCase:
            return { pointer, action in
                log.push(ChangeLog.Entry(kind: .part, index: index, value: pointer, layout: layout))
                child(pointer, action)
                log.pop()
            }
        case .elements(let container):
            // Fact (layouts live forever): the layout cache never lets go of a layout or a part, so an unretained reference to one stays valid.
            let part = Unmanaged.passUnretained(part)
            let visitElements: Visit
            let element = part.takeUnretainedValue().child
            if container.kind == .array, element.isLeafModel, element.buffers.isEmpty, let model = element.model {
                // An array of models with nothing below them: one loop of updates, then only
                // the elements that changed are recorded.
                let leaf = model.trackedLeafArray
                visitElements = { pointer, action in leaf(pointer, action, log, element) }
            } else {
                visitElements = container.makeIndexedVisit { pointer, action, index in
                    log.setElement(index, pointer)
                    child(pointer, action)
                }
            }
            return { pointer, action in
                log.push(ChangeLog.Entry(kind: .part, index: index, value: pointer, layout: nil))
                log.push(
                    ChangeLog.Entry(
                        kind: .element, index: 0, value: pointer, layout: layout, container: pointer, part: part))
                visitElements(pointer, action)
                if log.hasUnresolvedKeys { log.resolveKeys() }
                log.pop()
                log.pop()
            }
        }
    }

    private var isChecking: Bool {
        if case .checking = mode { return true }
        return false
    }

    /// In a check of an action addressed to one instance, the visitor of the instances' type:
    /// the addressed instance is checked as routing says, every other one in full.
    private func checkingSkippedInstances(_ layout: TypeLayout, _ visit: Visit?) -> Visit? {
        guard case .checking(let action, let report, _, let target?) = mode, layout.typeID == target.type,
            let identity = layout.model?.identity
        else { return visit }
        var whole = VisitorCompiler(mode: .checking(action, report: report, everyModel: true))
        guard let skipped = whole.compile(layout) else { return visit }
        return { pointer, action in
            if identity(UnsafeRawPointer(pointer)) == target.id {
                visit?(pointer, action)
            } else {
                skipped(pointer, action)
            }
        }
    }

    /// The visitors of one level of a walk down a path (see ``TargetedWalk``): each part's
    /// visitor, applied at the level's own address, and the model's own step. Enum cases have
    /// none: only the case on the path is set.
    mutating func pathLevel(_ layout: TypeLayout) -> PathLevel {
        var parts: [CompiledVisit] = []
        var children: [CompiledVisit] = []
        for (index, part) in layout.parts.enumerated() {
            let child = compile(part.child)
            children.append(CompiledVisit(visit: child))
            guard let child else {
                parts.append(CompiledVisit(visit: nil))
                continue
            }
            if case .enumCase = part.access {
                parts.append(CompiledVisit(visit: nil))
            } else if case .tracking(_, let log) = mode {
                parts.append(CompiledVisit(visit: trackedPartVisit(part, index, child, log)))
            } else if case .field(_, let offset) = part.access {
                parts.append(CompiledVisit(visit: { pointer, action in child(pointer + offset, action) }))
            } else if case .elements(let container) = part.access {
                parts.append(CompiledVisit(visit: elementsVisit(container, part.child, child)))
            }
        }
        return PathLevel(parts: parts, children: children, model: layout.model.flatMap { modelStep($0, layout) })
    }

    /// The visitor of a container's elements. Arrays and optionals of models use visitors
    /// compiled in the model's own module for its type, which need no run-time generic lookups;
    /// an array of models with no models below them becomes a single loop of `update` calls.
    private func elementsVisit(_ container: ContainerAccess, _ element: TypeLayout, _ visit: @escaping Visit) -> Visit {
        guard let model = element.model else { return container.makeVisit(visit) }
        switch container.kind {
        case .array:
            // A leaf that got this far receives the action unchanged, unless it is being checked.
            if element.isLeafModel, !isChecking { return model.updateArray }
            return model.arrayVisitor(visit)
        case .optional:
            return model.optionalVisitor(visit)
        case .contiguousArray, .dictionary:
            return container.makeVisit(visit)
        }
    }

    private func modelStep(_ model: ModelWitness, _ layout: TypeLayout) -> Visit? {
        switch mode {
        case .broadcast:
            return model.update
        case .routed(let action):
            if action == SharedSync.type { return model.isShared ? model.update : nil }
            return layout.modelTakes(action) ? model.update : nil
        case .checking(let action, let report, let everyModel, _):
            // Only models that routing skips are run, and watched: the others are delivered the
            // action for real, and running them twice could repeat what they post.
            guard everyModel || !layout.modelTakes(action) else { return nil }
            return { pointer, action in
                let before = model.read(pointer)
                model.update(pointer, action)
                if !model.isUnchanged(before, UnsafeRawPointer(pointer)) {
                    report(layout, before, model.read(pointer), everyModel)
                }
            }
        case .tracking(let action, let log):
            if action == SharedSync.type, !model.isShared { return nil }
            if let action, !layout.modelTakes(action) { return nil }
            let update = model.trackedUpdate
            return { pointer, action in update(pointer, action, log, layout) }
        }
    }

    private func existentialVisit(_ existential: ExistentialAccess) -> Visit {
        switch mode {
        case .broadcast:
            return { pointer, action in
                existential.withOpenedMutable(pointer) { model, layout in
                    LayoutCache.visitor(for: layout, action: nil)?(model, action)
                }
            }
        case .routed(let actionType):
            return { pointer, action in
                existential.withOpenedMutable(pointer) { model, layout in
                    LayoutCache.visitor(for: layout, action: actionType, actionType: Swift.type(of: action))?(
                        model, action)
                }
            }
        case .checking:
            let mode = self.mode
            return { pointer, action in
                existential.withOpenedMutable(pointer) { model, layout in
                    var compiler = VisitorCompiler(mode: mode)
                    if let visit = compiler.compile(layout) { visit(model, action) }
                }
            }
        case .tracking(let actionType, let log):
            return { pointer, action in
                existential.withOpenedMutable(pointer) { model, layout in
                    guard
                        let visit = VisitorCompiler.trackedVisitor(
                            for: layout, action: actionType, log: log, actionType: Swift.type(of: action))
                    else {
                        return
                    }
                    // Fact (layouts live forever): the layout cache never lets go of a layout or a part, so an unretained reference to one stays valid.
                    log.push(
                        ChangeLog.Entry(kind: .opened, index: 0, value: model, layout: Unmanaged.passUnretained(layout))
                    )
                    visit(model, action)
                    log.pop()
                }
            }
        }
    }

    /// The tracked visitor of a layout, compiled once per log and kept in it.
    static func trackedVisitor(
        for layout: TypeLayout, action: ObjectIdentifier?, log: ChangeLog, actionType: (any Action.Type)? = nil
    ) -> Visit? {
        let key = VisitorKey(layout: ObjectIdentifier(layout), action: action, excluded: nil)
        if let cached = log.visitors[key] { return cached.visit }
        if let actionType { ActionOwners.register(actionType) }
        var compiler = VisitorCompiler(mode: .tracking(action, log), cache: log.visitors)
        let visit = compiler.compile(layout)
        log.visitors = compiler.cache
        log.visitors[key] = CompiledVisit(visit: visit)
        return visit
    }

    /// Fuses the steps into nested closures, each calling the next.
    private func chain(_ steps: [Step], then tail: Visit?) -> Visit? {
        var result = tail
        for item in steps.reversed() {
            let offset = item.offset
            let step = item.visit
            let visit: Visit
            switch (result, offset) {
            case (let rest?, 0):
                visit = { pointer, action in
                    step(pointer, action)
                    rest(pointer, action)
                }
            case (let rest?, _):
                visit = { pointer, action in
                    step(pointer + offset, action)
                    rest(pointer, action)
                }
            case (nil, 0):
                visit = step
            case (nil, _):
                visit = { pointer, action in step(pointer + offset, action) }
            }
            result = visit
        }
        return result
    }
}

/// A compiled visitor as stored in collections. Closures kept directly in arrays or
/// dictionaries are stored at their most general abstraction, and every later call would go
/// through conversion thunks; a struct field keeps the closure's own calling convention.
struct CompiledVisit: Sendable {
    let visit: Visit?
}

/// The instances a check of an addressed action gives the action to in full: those of a type
/// but the one with the id.
// @unchecked Sendable: the id is a model's id, and models are Sendable; AnyHashable, which
// holds it, is not marked so.
struct SkippedInstances: @unchecked Sendable {
    /// The layout of the instances' type.
    let layout: TypeLayout
    let id: AnyHashable

    var type: ObjectIdentifier { layout.typeID }
}

/// One level of a walk down a path: the visitor of each part of the level's layout (`nil` where
/// nothing below it takes the action), the visitor of one value of each part (an element
/// beside the one on the path), and the level's model's own step.
struct PathLevel: Sendable {
    let parts: [CompiledVisit]
    let children: [CompiledVisit]
    let model: Visit?
}

/// One step of a compiled walk: a visitor and the byte offset it applies at.
struct Step {
    let offset: Int
    let visit: Visit
}

/// Holds the visitor of a recursive type until its compilation finishes.
// @unchecked Sendable: written during compilation, before any walk reads it, and emptied only
// when the store that walks with it is released.
final class VisitorSlot: @unchecked Sendable {
    var visit: Visit?
}
