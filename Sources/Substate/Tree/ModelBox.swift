/// Owns one tree of models (the store's root, or a model registered by middleware) and
/// delivers actions to it in place.
@MainActor
class AnyModelBox {
    let layout: TypeLayout
    /// Where the tree lives, fixed for the box's lifetime: read by lookups that know its type.
    let address: UnsafeRawPointer

    init(layout: TypeLayout, address: UnsafeRawPointer) {
        self.layout = layout
        self.address = address
    }

    /// The tree's current value.
    var model: any Model { fatalError("abstract") }

    /// Delivers an action to every model of the tree that should receive it.
    func reduce(_ action: any Action, type: ObjectIdentifier) { fatalError("abstract") }

    /// Whether an action of the type reaches any model of the tree.
    func reaches(_ type: ObjectIdentifier, of action: any Action) -> Bool { fatalError("abstract") }

    /// Delivers an action as ``reduce(_:type:)`` does, recording in the log each model that
    /// changed.
    func reduce(_ action: any Action, type: ObjectIdentifier, tracking log: ChangeLog) { fatalError("abstract") }

    /// Walks a copy of the tree with the action, reporting models that change although they
    /// did not declare the action type. The store's own tree is left untouched.
    func checkRouting(
        _ action: any Action, type: ObjectIdentifier, skipping: SkippedInstances?, report: @escaping RoutingReport
    ) {
        fatalError("abstract")
    }

    /// Brings every ``Shared`` field of the tree up to date with the current shared values,
    /// updating nothing else; while tracking, records the models whose fields changed.
    func syncShared(tracking log: ChangeLog?) { fatalError("abstract") }

    /// Whether a ``Shared`` field can occur in the tree (or an `any Model` that may hold one).
    var holdsShared: Bool {
        layout.hasExistentialBelow || layout.reachable.contains { $0.model?.isShared == true }
    }

    /// Calls the body with the tree's address, for reading.
    func withValue<R>(_ body: (UnsafeRawPointer) -> R) -> R { fatalError("abstract") }

    /// Calls the body with the tree's address, for writing.
    func withMutableValue<R>(_ body: (UnsafeMutableRawPointer) -> R) -> R { fatalError("abstract") }
}

/// The concrete box for a root of type `Root`.
@MainActor
final class ModelBox<Root: Model>: AnyModelBox {
    // The tree lives at a fixed address for the box's lifetime, so dispatch walks it through a
    // plain pointer: no exclusivity bookkeeping, no closure around each walk.
    private let value: UnsafeMutablePointer<Root>
    /// Whether some model of the tree declares `handledActions`, so routing can prune.
    let usesRouting: Bool
    private let broadcast: Visit?
    /// Whether the root is a model with no models below it, taking every action: its `update`
    /// is then called directly, with no compiled visitor in between.
    private let isLoneModel: Bool
    // Routing caches, only touched on the main actor and never across a suspension.
    @exclusivity(unchecked) private var routed: [ObjectIdentifier: CompiledVisit] = [:]
    @exclusivity(unchecked) private var lastType: ObjectIdentifier?
    @exclusivity(unchecked) private var lastVisit: Visit?

    init(_ value: consuming Root) {
        // Fact (fixed box address): the tree is allocated once here and freed only in deinit, so its address never changes.
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: consume value)
        let layout = LayoutCache.layout(for: Root.self, checking: self.value)
        usesRouting = layout.reachable.contains { $0.model?.handledActions != nil }
        broadcast = LayoutCache.visitor(for: layout, action: nil)
        isLoneModel = !usesRouting && layout.isLeafModel
        super.init(layout: layout, address: UnsafeRawPointer(self.value))
    }

    isolated deinit {
        // Swift frees a nested value recursively, and on an 8 MB stack a chain of arrays of
        // models overflows past about 50,000 levels. A tree of recursive types is freed on a
        // helper thread with a large stack instead.
        // Fact (fixed box address): the tree was allocated and initialized once, in init; it is freed once, here.
        if layout.reachesRecursive {
            DeepStack.onFreshStack { _ = value.deinitialize(count: 1) }
        } else {
            value.deinitialize(count: 1)
        }
        value.deallocate()
    }

    override var model: any Model { value.pointee }

    override func reduce(_ action: any Action, type: ObjectIdentifier) {
        if isLoneModel { return Root._update(at: UnsafeMutableRawPointer(value), action: action) }
        visit(for: type, of: action)?(UnsafeMutableRawPointer(value), action)
    }

    override func reaches(_ type: ObjectIdentifier, of action: any Action) -> Bool {
        visit(for: type, of: action) != nil
    }

    /// The walk that delivers actions of the type, `nil` when none of the tree's models takes them.
    @inline(__always)
    private func visit(for type: ObjectIdentifier, of action: any Action) -> Visit? {
        if !usesRouting { return broadcast }
        if type == lastType { return lastVisit }
        let visit = routedVisit(for: type, actionType: Swift.type(of: action))
        lastType = type
        lastVisit = visit
        return visit
    }

    /// The walk routed for an action type, compiled once and kept.
    private func routedVisit(for type: ObjectIdentifier, actionType: (any Action.Type)?) -> Visit? {
        if let cached = routed[type] { return cached.visit }
        let visit = LayoutCache.visitor(for: layout, action: type, actionType: actionType)
        routed[type] = CompiledVisit(visit: visit)
        return visit
    }

    override func reduce(_ action: any Action, type: ObjectIdentifier, tracking log: ChangeLog) {
        let visit = VisitorCompiler.trackedVisitor(
            for: layout, action: usesRouting ? type : nil, log: log, actionType: Swift.type(of: action))
        visit?(UnsafeMutableRawPointer(value), action)
    }

    override func syncShared(tracking log: ChangeLog?) {
        let pointer = UnsafeMutableRawPointer(value)
        if let log {
            VisitorCompiler.trackedVisitor(for: layout, action: SharedSync.type, log: log)?(pointer, SharedSync())
            return
        }
        routedVisit(for: SharedSync.type, actionType: nil)?(pointer, SharedSync())
    }

    override func checkRouting(
        _ action: any Action, type: ObjectIdentifier, skipping: SkippedInstances?, report: @escaping RoutingReport
    ) {
        guard usesRouting else { return }
        ActionOwners.register(Swift.type(of: action))
        var compiler = VisitorCompiler(mode: .checking(type, report: report, target: skipping))
        guard let visit = compiler.compile(layout) else { return }
        var copy = value.pointee
        // Fact (walk-scoped addresses): the copy's address is walked only inside the closure.
        withUnsafeMutablePointer(to: &copy) { visit(UnsafeMutableRawPointer($0), action) }
    }

    override func withValue<R>(_ body: (UnsafeRawPointer) -> R) -> R {
        body(UnsafeRawPointer(value))
    }

    override func withMutableValue<R>(_ body: (UnsafeMutableRawPointer) -> R) -> R {
        body(UnsafeMutableRawPointer(value))
    }
}

/// Makes a box for a model whose type is known only at run time.
@MainActor
func makeBox(_ model: any Model) -> AnyModelBox {
    func open<M: Model>(_ model: M) -> AnyModelBox { ModelBox(model) }
    return open(model)
}
