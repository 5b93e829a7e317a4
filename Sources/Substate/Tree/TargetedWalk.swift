/// Delivers an action addressed to one instance (a ``TargetedAction`` to one row) down the path
/// to that instance, leaving out the other instances of its type.
///
/// Under routing, the rows an action is not addressed to would only compare ids and ignore it,
/// yet a walk that visits them costs the whole list. This walk goes down the path the store's id
/// index gives: at each level it runs the parts off the path as a routed walk that leaves the
/// instance type out, the part on the path by going down it, then the level's own model, so the
/// order is the walk's (children first, fields in declaration order). The instance itself, and
/// everything inside it, get the routed walk in full. What it costs is the path and the models
/// off it that take the action, not the rows.
///
/// Each level's visitors are compiled once per layout, action type and instance type, and kept;
/// those of a tracked walk capture the store's change log and push its entries as the tracked
/// walk does, so what the action changed is recorded with the same paths.
@MainActor
final class TargetedWalk {
    private struct LevelKey: Hashable {
        let layout: ObjectIdentifier
        let action: ObjectIdentifier
        /// The type left out; `nil` for the addressed instance's own walk, which leaves none out.
        let excluded: ObjectIdentifier?
        let tracked: Bool
    }

    private var levels: [LevelKey: PathLevel] = [:]
    /// Whole walks: of a tree leaving the instance type out, and of the addressed instance.
    private var visits: [LevelKey: CompiledVisit] = [:]
    private let log: ChangeLog

    init(log: ChangeLog) {
        self.log = log
    }

    /// Whether a walk can follow the steps down from a layout: through fields, enum cases,
    /// arrays and optionals (not dictionaries or `any Model` fields, whose walks go in full).
    static func canFollow(_ steps: [ModelLocation.Step], from layout: TypeLayout) -> Bool {
        var layout = layout
        var index = 0
        while index < steps.count {
            guard case .part(let part) = steps[index], layout.parts.indices.contains(part) else { return false }
            let next = layout.parts[part]
            if case .elements(let container) = next.access {
                guard container.kind != .dictionary, index + 1 < steps.count,
                    case .element = steps[index + 1]
                else { return false }
                index += 1
            }
            layout = next.child
            index += 1
        }
        return true
    }

    /// Delivers the action to a tree down the steps to the instance of the excluded type they
    /// lead to; with a log, records what changed in it, as a tracked walk does. The steps must
    /// be followable (``canFollow(_:from:)``) and lead to a value that is there.
    func walk(
        _ box: AnyModelBox, steps: [ModelLocation.Step], action: any Action, type: ObjectIdentifier,
        excluded: ObjectIdentifier, tracking: Bool
    ) {
        let walk = Walk(owner: self, action: action, type: type, excluded: excluded, tracking: tracking)
        box.withMutableValue { walk.visit(box.layout, $0, steps[...]) }
    }

    /// Delivers the action to a whole tree, leaving out every instance of the excluded type.
    func walkLeavingOut(
        _ box: AnyModelBox, action: any Action, type: ObjectIdentifier, excluded: ObjectIdentifier,
        tracking: Bool
    ) {
        guard let visit = compiled(box.layout, type: type, excluded: excluded, tracking: tracking) else { return }
        box.withMutableValue { visit($0, action) }
    }

    /// The walk of a layout routed for the action type, leaving the excluded type out, compiled
    /// once and kept (the process-wide cache of routed walks is behind a lock).
    private func compiled(_ layout: TypeLayout, type: ObjectIdentifier, excluded: ObjectIdentifier?, tracking: Bool)
        -> Visit?
    {
        let key = LevelKey(layout: ObjectIdentifier(layout), action: type, excluded: excluded, tracked: tracking)
        if let known = visits[key] { return known.visit }
        var compiler = compiler(for: type, excluded: excluded, tracking: tracking)
        let visit = compiler.compile(layout)
        if tracking { log.visitors = compiler.cache }
        visits[key] = CompiledVisit(visit: visit)
        return visit
    }

    private func compiler(for type: ObjectIdentifier, excluded: ObjectIdentifier?, tracking: Bool) -> VisitorCompiler {
        tracking
            ? VisitorCompiler(mode: .tracking(type, log), cache: log.visitors, excluding: excluded)
            : VisitorCompiler(mode: .routed(type), cache: [:], excluding: excluded)
    }

    fileprivate func level(_ layout: TypeLayout, type: ObjectIdentifier, excluded: ObjectIdentifier, tracking: Bool)
        -> PathLevel
    {
        let key = LevelKey(layout: ObjectIdentifier(layout), action: type, excluded: excluded, tracked: tracking)
        if let known = levels[key] { return known }
        var compiler = compiler(for: type, excluded: excluded, tracking: tracking)
        let level = compiler.pathLevel(layout)
        if tracking { log.visitors = compiler.cache }
        levels[key] = level
        return level
    }

    /// The routed walk of the addressed instance's layout, leaving nothing out.
    fileprivate func whole(_ layout: TypeLayout, type: ObjectIdentifier, tracking: Bool) -> Visit? {
        compiled(layout, type: type, excluded: nil, tracking: tracking)
    }

    /// One delivery down a path.
    @MainActor
    private struct Walk {
        let owner: TargetedWalk
        let action: any Action
        let type: ObjectIdentifier
        let excluded: ObjectIdentifier
        let tracking: Bool

        func visit(_ layout: TypeLayout, _ pointer: UnsafeMutableRawPointer, _ steps: ArraySlice<ModelLocation.Step>) {
            guard layout.isRecursive else { return visitLevel(layout, pointer, steps) }
            DeepStack.withRoom { visitLevel(layout, pointer, steps) }
        }

        private func visitLevel(
            _ layout: TypeLayout, _ pointer: UnsafeMutableRawPointer, _ steps: ArraySlice<ModelLocation.Step>
        ) {
            guard case .part(let index)? = steps.first else {
                // The addressed instance: it and everything inside it, as routing says.
                owner.whole(layout, type: type, tracking: tracking)?(pointer, action)
                return
            }
            let level = owner.level(layout, type: type, excluded: excluded, tracking: tracking)
            for before in 0..<index { level.parts[before].visit?(pointer, action) }
            down(layout.parts[index], index, layout, level.children[index].visit, pointer, steps.dropFirst())
            for after in (index + 1)..<level.parts.count { level.parts[after].visit?(pointer, action) }
            level.model?(pointer, action)
        }

        /// Goes down the part on the path, keeping the log's path in step as a tracked walk does.
        /// The elements beside the one on the path get `beside`, the part's walk leaving the
        /// instance type out (`nil` when nothing in them takes the action: rows of the type).
        private func down(
            _ part: Part, _ index: Int, _ layout: TypeLayout, _ beside: Visit?, _ pointer: UnsafeMutableRawPointer,
            _ rest: ArraySlice<ModelLocation.Step>
        ) {
            let log = owner.log
            // Fact (layouts live forever): the layout cache never lets go of a layout or a part, so an unretained reference to one stays valid.
            let child = Unmanaged.passUnretained(part.child)
            switch part.access {
            case .field(_, let offset):
                if tracking {
                    log.push(ChangeLog.Entry(kind: .part, index: index, value: pointer + offset, layout: child))
                }
                visit(part.child, pointer + offset, rest)
                if tracking { log.pop() }
            case .enumCase(let tag, _):
                layout.enumAccess?.withPayloadMutable(pointer) { current, payload in
                    guard current == tag else { return }
                    if tracking { log.push(ChangeLog.Entry(kind: .part, index: index, value: payload, layout: child)) }
                    visit(part.child, payload, rest)
                    if tracking { log.pop() }
                }
            case .elements(let container):
                guard let step = rest.first, case .element(let position) = step else { return }
                if tracking {
                    log.push(ChangeLog.Entry(kind: .part, index: index, value: pointer, layout: nil))
                    log.push(
                        ChangeLog.Entry(
                            kind: .element, index: 0, value: pointer, layout: child, container: pointer,
                            // Fact (layouts live forever): the layout cache never lets go of a layout or a part, so an unretained reference to one stays valid.
                            part: Unmanaged.passUnretained(part)))
                }
                if let beside {
                    var current = 0
                    container.forEachMutable(pointer) { element in
                        if tracking { log.setElement(current, UnsafeRawPointer(element)) }
                        if current == position {
                            visit(part.child, element, rest.dropFirst())
                        } else {
                            beside(element, action)
                        }
                        current += 1
                    }
                } else {
                    container.elementMutable(pointer, step) { element in
                        if tracking { log.setElement(position, UnsafeRawPointer(element)) }
                        visit(part.child, element, rest.dropFirst())
                    }
                }
                if tracking {
                    log.pop()
                    log.pop()
                }
            }
        }
    }
}
