import Observation
import Synchronization

/// Holds an app's state tree, runs every action through the middleware pipeline and then
/// delivers it to every model in the tree.
///
/// The store lives on the main actor. ``update(_:)`` is synchronous: when it returns, the
/// action has passed the pipeline and every model has updated, so `find(_:)` shows the new
/// state. Actions dispatched while another is being handled (by middleware) are queued and
/// handled after it, in order. From other isolation domains, use ``send(_:)``.
///
/// ```swift
/// let store = Store(model: Counter(), middleware: [])
/// store.update(Counter.Increment())
/// store.find(Counter.self)?.value  // 1
/// ```
///
/// - Complexity: A dispatch visits each model of the tree once, O(models), with no copies of
///   the values walked. Models that declare ``Model/handledActions`` let the store skip whole
///   subtrees for actions they do not react to.
@MainActor
public final class Store: Observable {
    let root: AnyModelBox
    // The store is a coordinator: each concern's state is a part of its own (a value, so that
    // the dispatch reads its fields with no indirection), and only this file and the part's
    // own extension write it. The dispatch state is only touched on the main actor and never
    // across a suspension, so accesses cannot overlap; unchecked exclusivity keeps the parts
    // the dispatch reads off the per-action cost.

    /// The action being dispatched, its origin, and the actions waiting their turn.
    @exclusivity(unchecked) private var actionQueue = ActionQueue()
    /// The action types dispatched as they are, with no stamping or checks.
    let plainTypes = PlainActionTypes()
    /// The forms stamped actions were sent in, until the tree reduces them.
    @exclusivity(unchecked) private var unstampedForms = UnstampedForms()
    /// The root's tree and the registered ones, and the trees each action type reaches.
    @exclusivity(unchecked) private(set) var trees: ModelTrees
    /// Where the models of `Identifiable` types sit, for reads by id.
    @exclusivity(unchecked) var idIndex = IDIndex()
    /// The action types delivered down the path to one instance, and the walk that does it.
    @exclusivity(unchecked) var targeting: TargetedDelivery
    /// The reads observers depend on.
    var observation = ObservationTable() {
        didSet {
            updateHasListeners()
            updateTracking()
        }
    }
    /// The consumers of ``actions()`` and ``values(of:)``.
    var subscriptions = Subscriptions() { didSet { updateHasListeners() } }
    /// The observers registered with ``observeReductions(_:)``.
    var reductionObservers = ReductionObservers() { didSet { updateHasListeners() } }
    /// The diagnostics reported so far, and the checks made to find them.
    @exclusivity(unchecked) var ledger: DiagnosticLedger

    /// The middleware and the links between them.
    @exclusivity(unchecked) private var chain: MiddlewareChain

    /// Where the action being dispatched came from, for middleware that reports it (loggers).
    package var dispatchOrigin: Origin { actionQueue.origin }
    /// Whether a ``Shared`` field can occur in the state: its walks then run with the store's
    /// shared values at hand.
    @exclusivity(unchecked) private var hasShared = false
    /// Whether actions of a type can carry a ``Shared`` field, by type, and the last type asked.
    @exclusivity(unchecked) private var sharedCarriers: [ObjectIdentifier: Bool] = [:]
    @exclusivity(unchecked) private var lastCarrierCheck: (type: ObjectIdentifier, carries: Bool)?
    /// The one value of each shared key (see ``Shared``).
    let sharedValues = SharedValues()
    /// Whether anything listens to reductions: observers of reads, subscriptions or reduction
    /// observers (one flag, read by every dispatch, kept by the parts' `didSet`).
    @exclusivity(unchecked) private var hasListeners = false
    /// Whether the walk records what each action changes: while middleware asks for it or
    /// anything observes the store.
    @exclusivity(unchecked) private var isTracking = false
    /// Whether every action is also given, on a copy, to the models that routing skips, and a
    /// model that would change is reported (see ``ActionRouting``): on in test stores. Debug
    /// builds check the first action of each type whatever this says; release builds pay
    /// nothing while it is off.
    @exclusivity(unchecked) package var checksRoutingOfEveryAction = false
    private let registerType = ObjectIdentifier(Register.self)
    private let replaceType = ObjectIdentifier(Replace.self)
    private let restoreType = ObjectIdentifier(Restore.self)
    private let cancelEffectsType = ObjectIdentifier(CancelEffects.self)

    let registrar = ObservationRegistrar()
    /// Records what each action changed while observers or middleware need to know.
    let changeLog: ChangeLog
    /// How many parts of the package asked for ``changes`` (see ``recordChanges()``).
    private var changeRecorders = 0
    /// How many parts watch the tree's structure (see ``watchStructure()``).
    private var structureWatchers = 0
    /// What the last action the tree reduced changed, in walk order, while the store records
    /// changes; empty otherwise.
    @exclusivity(unchecked) package private(set) var changes: [ModelChange] = []
    /// The actions ``send(_:)`` was given from any thread, with their tasks, until the main
    /// actor handles them.
    nonisolated let inbox = Mutex<[(action: any Action, ticket: StoreTask.Ticket)]>([])

    /// Runs the store's asynchronous work: effects, services and StateMachine nodes start it here.
    public let effects = EffectRuntime()

    /// What the store's shell reads from the outside world (a clock, random numbers, dates,
    /// UUIDs, the app's services); set when the store is made, production values by default.
    public let dependencies: Dependencies

    /// Diagnostics reported so far about the tree's shape and its models' behaviour.
    public var diagnostics: [Diagnostic] { ledger.reported }

    /// Whether the store's root screen was dismissed: an effect started for it, or for no
    /// model in particular, called `Send.dismiss()`, or a `Dismiss` of the root's type was sent.
    ///
    /// Nothing holds the root, so the store carries the dismissal out: every running effect is
    /// cancelled. A test of one screen alone asserts it, as TCA's `isDismissed`:
    ///
    /// ```swift
    /// await store.send(EditForm.DoneTapped())
    /// XCTAssertTrue(store.isDismissed)
    /// ```
    public private(set) var isDismissed = false

    /// Carries out the dismissal of the root screen.
    package func dismissRoot() {
        isDismissed = true
        effects.cancelAll()
    }

    /// Whether the action is a `Dismiss` of the root screen.
    func isRoot(dismissedBy action: any Action) -> Bool {
        (action as? any DismissRequest)?.matches(root.model) == true
    }

    /// Whether a dismissal would be carried out: the root is the screen, or a holder in some
    /// tree (a `Presented`, a stack, an optional field) holds one.
    func carriesOut(_ dismissal: any DismissRequest) -> Bool {
        if dismissal.matches(root.model) { return true }
        let query = ModelQuery(modelType: dismissal.screenType)
        for box in trees.all where query.mayContain(box.layout) {
            if box.withValue({ box.layout.carriesOut(dismissal, at: $0, query) }) { return true }
        }
        return false
    }

    /// Sets every optional field that holds a screen the dismissal matches to `nil`, in every
    /// tree; while tracking, records each tree it changed as one change, as store actions do.
    private func clearOptionals(dismissing dismissal: any DismissRequest, tracking: Bool) {
        let query = ModelQuery(modelType: dismissal.screenType)
        for (index, box) in trees.all.enumerated() where query.mayContain(box.layout) {
            let before: (any Model)? =
                tracking && box.withValue({ box.layout.carriesOut(dismissal, at: $0, query) }) ? box.model : nil
            let cleared = box.withMutableValue { box.layout.clearOptionals(dismissing: dismissal, at: $0, query) }
            guard cleared else { continue }
            idIndex.removeAll()
            if tracking {
                changeLog.recordTree(box: index, layout: box.layout, before: before, after: box.model)
            }
        }
    }

    /// Whether a dismissal would be carried out inside the model at a location: a holder at or
    /// below it (a `Presented`, a stack, an optional field) holds a screen it matches.
    func carriesOut(_ dismissal: any DismissRequest, within location: ModelLocation) -> Bool {
        guard let box = trees.tree(at: location.box) else { return false }
        let query = ModelQuery(modelType: dismissal.screenType)
        var found = false
        box.withValue { pointer in
            box.layout.resolve(pointer, location.steps[...]) { pointer, layout, isLast in
                if isLast { found = layout.carriesOut(dismissal, at: pointer, query) }
            }
        }
        return found
    }

    /// Carries out a dismissal addressed to one model inside that model alone: its models (the
    /// holders among them) receive the plain `Dismiss` of the screen, then its optional fields
    /// holding that screen are emptied, as for a `Dismiss` in the whole tree; while tracking,
    /// records the tree as one change.
    private func dismissInRow(_ dismissal: any RowDismissal, tracking: Bool) {
        guard let location = dismissal.rowLocation(in: self), let box = trees.tree(at: location.box) else { return }
        let inner = dismissal.screenDismissal
        let before: (any Model)? = tracking ? box.model : nil
        let query = ModelQuery(modelType: inner.screenType)
        let type = ObjectIdentifier(Swift.type(of: inner))
        box.withMutableValue { pointer in
            box.layout.resolveMutable(pointer, location.steps[...]) { row, layout in
                LayoutCache.visitor(for: layout, action: type, actionType: Swift.type(of: inner))?(row, inner)
                _ = layout.clearOptionals(dismissing: inner, at: row, query)
            }
        }
        idIndex.removeAll()
        if tracking { changeLog.recordTree(box: location.box, layout: box.layout, before: before, after: box.model) }
    }

    /// Whether the store replays a recorded log rather than running an app.
    ///
    /// A replaying store's actions were all recorded, including those effects and middleware
    /// produced, so it starts no effects (``EffectRuntime/run(id:cancelInFlight:priority:catch:_:)``
    /// does nothing) and its pipeline holds only middleware whose
    /// ``Middleware/runsDuringReplay`` is `true`.
    public let isReplaying: Bool

    /// Creates a store for a state tree, with middleware in the order actions pass it.
    ///
    /// The store sends ``Start`` through the pipeline before returning.
    ///
    /// - Parameters:
    ///   - model: The root of the state tree.
    ///   - middleware: The pipeline; each action passes it first to last, then reaches the tree.
    ///   - dependencies: What middleware, effects and services read from the outside world.
    ///   - onDiagnostic: Receives each ``Diagnostic`` once; by default they are printed to
    ///     standard error.
    public convenience init<Root: Model>(
        model: consuming Root, middleware: [any Middleware] = [], dependencies: Dependencies = Dependencies(),
        onDiagnostic: (@MainActor (Diagnostic) -> Void)? = nil
    ) {
        self.init(
            model: consume model, middleware: middleware, dependencies: dependencies, onDiagnostic: onDiagnostic,
            replaying: false)
    }

    /// Creates a store that is replaying a log when `replaying` is `true` (see ``isReplaying``).
    ///
    /// A replay passes `sendsStart: false`: the log holds the ``Start`` the recorded store sent,
    /// and replays it in its place, so that the state before it is the one recorded.
    package init<Root: Model>(
        model: consuming Root, middleware: [any Middleware], dependencies: Dependencies = Dependencies(),
        onDiagnostic: (@MainActor (Diagnostic) -> Void)?, replaying: Bool, sendsStart: Bool = true
    ) {
        self.dependencies = dependencies
        let log = ChangeLog()
        changeLog = log
        targeting = TargetedDelivery(log: log)
        let root = ModelBox(consume model)
        self.root = root
        isReplaying = replaying
        let middleware = replaying ? middleware.filter(\.runsDuringReplay) : middleware
        chain = MiddlewareChain(middleware: middleware)
        let onDiagnostic = onDiagnostic ?? { printToStandardError($0.description) }
        ledger = DiagnosticLedger(handler: onDiagnostic)
        trees = ModelTrees(root: root)
        let lifetime = StoreLifetime(onDiagnostic: onDiagnostic)
        self.lifetime = lifetime
        chain.link(to: self, lifetime: lifetime)
        effects.attach(to: self, lifetime: lifetime)
        reportShape(of: root)
        hasShared = root.holdsShared
        if sendsStart { dispatch(Start(), origin: .store) }
    }

    /// The middleware, first to last.
    var middleware: [any Middleware] { chain.middleware }
    let lifetime: StoreLifetime
    /// What each middleware instance keeps for this store alone (see ``storage(for:_:)``).
    var middlewareStorage: [MiddlewareStorageKey: AnyObject] = [:]

    isolated deinit {
        for middleware in middleware { middleware.storeWillRelease(self) }
        effects.cancelAll()
        abandonInbox()
        // Compiled tracked visitors capture the log, which keeps them: let both go.
        changeLog.releaseVisitors()
        // The last action's record may alone hold old levels of a deep tree.
        if !changes.isEmpty { dropChanges() }
        subscriptions.finishAll()
        // From here on, a kept `Next` or effect runtime must not reach this store.
        lifetime.release()
        chain.release()
    }

    /// Dispatches an action: it passes every middleware, then reaches every model.
    ///
    /// When called outside any dispatch, the action has been fully handled when this returns.
    /// When called during one (from middleware), it is queued and handled right after.
    public func update(_ action: Action) {
        dispatch(action, origin: actionQueue.isDispatching ? .middleware : .app)
    }

    /// Dispatches an action as coming from `origin`: a replay sends each recorded action with
    /// the origin it was recorded with, so that middleware watching the replay reports it.
    package func update(_ action: any Action, origin: Origin) {
        dispatch(action, origin: actionQueue.isDispatching ? .middleware : origin)
    }

    /// Dispatches an action that came from the given origin.
    @inline(__always)
    func dispatch(_ action: any Action, origin: Origin) {
        // Action types known to be plain cost one load and one comparison here.
        let type = ObjectIdentifier(Swift.type(of: action))
        let slot = PlainActionTypes.slot(of: type)
        guard plainTypes.contains(type, slot: slot) else {
            return dispatchStamping(action, type: type, slot: slot, origin: origin)
        }
        dispatchAsIs(action, type: type, origin: origin)
    }

    /// ``dispatch(_:origin:)`` for an action whose type is not known to be plain: stamped first
    /// if it is a ``StampedAction``.
    private func dispatchStamping(_ action: any Action, type: ObjectIdentifier, slot: Int, origin: Origin) {
        if let dismiss = action as? any DismissRequest, dismiss.matches(root.model) {
            // Nothing holds the root screen: the store carries the dismissal out.
            defer { dismissRoot() }
            return dispatchAsIs(action, type: type, origin: origin)
        }
        if let checked = action as? any DeliveryChecked, let reason = checked.undeliverable(in: self) {
            let name = typeName(Swift.type(of: action))
            return report(
                Diagnostic(
                    kind: .undeliverableAction, typeName: name, member: "\(action)",
                    message: "\(name) was dropped: \(reason)"))
        }
        // Stamping changes an action's values, never its type.
        let stampedAction = stamped(action, type: type, slot: slot)
        // An alert's button holds the action as it was sent (see `UnstampedForms`).
        if !plainTypes.contains(type, slot: slot) { unstampedForms.note(action, stampedAs: stampedAction) }
        dispatchAsIs(stampedAction, type: type, origin: origin)
    }

    @inline(__always)
    private func dispatchAsIs(_ action: any Action, type: ObjectIdentifier, origin: Origin) {
        if actionQueue.isDispatching {
            actionQueue.enqueue(action, origin: origin)
            return
        }
        if chain.reducesDirectly {
            actionQueue.begin(from: origin)
            reduce(action, type: type)
            if actionQueue.hasWaiting { drainQueue() }
            actionQueue.end()
            return
        }
        guard let head = chain.head else { return }
        run(action, from: head, origin: origin)
    }

    /// Runs an action from a link of the chain on; outside a dispatch, this starts one (the
    /// action then counts as released by middleware unless said otherwise) and handles every
    /// action queued meanwhile.
    func run(_ action: any Action, from link: ChainLink, origin: Origin = .middleware) {
        if actionQueue.isDispatching {
            link.run(action)
            return
        }
        actionQueue.begin(from: origin)
        link.run(action)
        if actionQueue.hasWaiting { drainQueue() }
        actionQueue.end()
    }

    private func drainQueue() {
        guard let head = chain.head else { return }
        while let next = actionQueue.takeNext() { head.run(next) }
    }

    /// Asks the store to record what each action changes, from now on (see ``changes``).
    ///
    /// Middleware that shows or reacts to changes calls it once; recording costs a copy and a
    /// byte comparison per model the action reaches, so a store records only while someone
    /// reads the record: such middleware, or observers.
    package func recordChanges() {
        changeRecorders += 1
        isTracking = true
    }

    /// Asks the store to record which models each action changed, with no copies of their
    /// values, until ``stopWatchingStructure()``: a part that keeps places in the tree (the
    /// instances' effects) learns from it which places an action may have emptied or moved.
    package func watchStructure() {
        structureWatchers += 1
        updateTracking()
    }

    /// Ends one ``watchStructure()``.
    package func stopWatchingStructure() {
        structureWatchers = Swift.max(0, structureWatchers - 1)
        updateTracking()
    }

    private func updateTracking() {
        isTracking = changeRecorders > 0 || !observation.isEmpty || structureWatchers > 0
    }

    /// The end of the pipeline: applies store-level actions, then delivers the action to the tree.
    ///
    /// Inlined where an action arrives, so that the common case (an app action, nothing
    /// recording changes, no registered trees) hands the action to the tree without another
    /// copy of it.
    @inline(__always)
    func reduce(_ action: any Action) {
        reduce(action, type: ObjectIdentifier(Swift.type(of: action)))
    }

    /// ``reduce(_:)`` for an action whose type is known.
    @inline(__always)
    private func reduce(_ action: any Action, type: ObjectIdentifier) {
        #if DEBUG
            // Debug builds check each action type's routing on its first dispatch (see below).
            reduceInFull(action, type: type)
        #else
            // Registered trees the action type does not reach (a logger's state, for an app
            // action) leave the action plain: the last type's route is one comparison away.
            let isPlain =
                !isTracking && !hasShared && changes.isEmpty && !checksRoutingOfEveryAction
                && targeting.isUsual(type, action) && type != registerType
                && type != replaceType && type != restoreType && type != cancelEffectsType
                && (!trees.hasRegistered || trees.route(for: type, of: action).isEmpty)
                // A type that is not plain (a dismissal, a stamped action) is reduced in full: a
                // dismissal may empty optional fields, an alert compares a stamped action's
                // unstamped form with its buttons.
                && plainTypes.contains(type, slot: PlainActionTypes.slot(of: type))
            guard isPlain else { return reduceInFull(action, type: type) }
            reducePlain(action, type: type)
        #endif
    }

    /// Delivers an app action to the root tree when nothing records changes.
    @inline(__always)
    private func reducePlain(_ action: any Action, type: ObjectIdentifier) {
        root.reduce(action, type: type)
        if LayoutGuard.count != ledger.layoutFailuresSeen { reportUnreadableLayouts() }
        if hasListeners { notifyListeners(of: action) }
    }

    /// ``reduce(_:)`` for every case: store actions, change recording, registered trees.
    private func reduceInFull(_ action: any Action, type: ObjectIdentifier) {
        let tracking = isTracking
        if type == registerType || type == replaceType || type == restoreType {
            applyStoreAction(action, type: type, tracking: tracking)
        } else if type == cancelEffectsType, let cancel = action as? CancelEffects {
            effects.cancel(id: cancel.id)
        }
        // The last action's record goes before this walk: its values share the tree's buffers,
        // and a buffer held twice is copied by the first write into it.
        if !changes.isEmpty { dropChanges() }
        let isPlainType = plainTypes.contains(type, slot: PlainActionTypes.slot(of: type))
        // The form a stamped action was sent in, for the alerts whose buttons hold it.
        if !isPlainType, !unstampedForms.isEmpty, let unstamped = unstampedForms.take(for: action) {
            UnstampedForms.$current.withValue(unstamped) { walkSharing(action, type: type, tracking: tracking) }
        } else {
            walkSharing(action, type: type, tracking: tracking)
        }
        // Models change only themselves: an optional field holding a dismissed screen is emptied
        // here, once every model (its holder included) has seen the dismissal.
        if !isPlainType, let dismissal = action as? any DismissRequest {
            clearOptionals(dismissing: dismissal, tracking: tracking)
        } else if !isPlainType, let dismissal = action as? any RowDismissal {
            dismissInRow(dismissal, tracking: tracking)
        }
        if tracking {
            changes = changeLog.take()
            if !idIndex.isEmpty { idIndex.forget(after: changes) }
        }
        // The safety net of routing: after the real dispatch, on a copy of each tree.
        #if DEBUG
            if ledger.checksRoutingFirst(of: type) || checksRoutingOfEveryAction { checkRouting(action, type: type) }
        #else
            if checksRoutingOfEveryAction { checkRouting(action, type: type) }
        #endif
        if LayoutGuard.count != ledger.layoutFailuresSeen { reportUnreadableLayouts() }
        if hasListeners { notifyListeners(of: action) }
    }

    /// ``walk(_:type:tracking:)`` with the store's shared values at hand when the state can hold
    /// a ``Shared`` field, the fields the walk reached before a shared value changed brought up
    /// to date after it.
    private func walkSharing(_ action: any Action, type: ObjectIdentifier, tracking: Bool) {
        guard hasShared else { return walk(action, type: type, tracking: tracking) }
        SharedValues.$current.withValue(sharedValues) {
            walk(action, type: type, tracking: tracking)
            // Fields the walk reached before a shared value changed hold the old value; fields
            // that joined the tree during the walk (made by a model, or carried by the action)
            // hold the value they were made with, and the walk may be past them.
            if sharedValues.takeChanged() || carriesSharedFields(action, type: type) {
                syncSharedFields(tracking: tracking)
            }
        }
    }

    /// Whether actions of the type can carry a ``Shared`` field (inside a screen they push, a
    /// model they put in place), which the tree may hold once the action is reduced; asked
    /// once per type, from the type's layout.
    private func carriesSharedFields(_ action: any Action, type: ObjectIdentifier) -> Bool {
        if type == lastCarrierCheck?.type { return lastCarrierCheck!.carries }
        let carries =
            sharedCarriers[type]
            ?? {
                func check<A: Action>(_: A) -> Bool { LayoutCache.layout(for: A.self).mayHoldShared }
                let carries = check(action)
                sharedCarriers[type] = carries
                return carries
            }()
        lastCarrierCheck = (type, carries)
        return carries
    }

    /// Delivers an action to the root tree and the registered trees that take it; while
    /// tracking, records in the change log what each model changed.
    private func walk(_ action: any Action, type: ObjectIdentifier, tracking: Bool) {
        if !targeting.isUsual(type, action) {
            if tracking { changeLog.keepsValues = changeRecorders > 0 }
            return walkTargeted(action, type: type, tracking: tracking)
        }
        targeting.lastSkipped = nil
        if tracking {
            changeLog.keepsValues = changeRecorders > 0
            changeLog.start(box: 0, root: root.address, layout: root.layout)
            root.reduce(action, type: type, tracking: changeLog)
            if trees.hasRegistered {
                for (index, box) in trees.registered.enumerated() {
                    changeLog.start(box: index + 1, root: box.address, layout: box.layout)
                    box.reduce(action, type: type, tracking: changeLog)
                }
            }
        } else {
            root.reduce(action, type: type)
            if trees.hasRegistered {
                for box in trees.route(for: type, of: action) { box.reduce(action, type: type) }
            }
        }
    }

    /// Brings every ``Shared`` field up to date with the shared values, running no model's
    /// `update`; while tracking, records the fields that changed in the change log, after the
    /// walk's own changes.
    private func syncSharedFields(tracking: Bool) {
        guard tracking else {
            for box in trees.all { box.syncShared(tracking: nil) }
            return
        }
        changeLog.keepsValues = changeRecorders > 0
        for (index, box) in trees.all.enumerated() {
            changeLog.start(box: index, root: box.address, layout: box.layout)
            box.syncShared(tracking: changeLog)
        }
    }

    /// Tells reduction observers, observers of changed models and subscribers of the action.
    private func notifyListeners(of action: any Action) {
        if !reductionObservers.isEmpty {
            // A copy: an observer may add or remove observers.
            let observers = reductionObservers
            observers.tell(action, origin: actionQueue.origin)
        }
        if !observation.isEmpty { notifyObservers(of: changes) }
        if !subscriptions.isEmpty {
            // A copy: a consumer may end its sequence.
            let consumers = subscriptions
            consumers.deliver(action, from: self)
        }
    }

    /// Lets go of the last action's record. Its old values may alone hold old levels of a
    /// recursive tree, as deep as the tree: those are freed where the stack can take it (see
    /// ``DeepRelease``).
    private func dropChanges() {
        var record: [ModelChange] = []
        // Moved, not copied: a copy left here could be the last one, and free it all here.
        swap(&record, &changes)
        // A loop, not `contains(where:)`: a closure written here is checked to run on the main
        // actor each time it is called.
        var reachesRecursive = false
        for index in record.indices where record[index].layout.reachesRecursive {
            reachesRecursive = true
            break
        }
        if reachesRecursive { DeepRelease.release(consume record) }
    }

    /// Applies ``Register``, ``Replace`` or ``Restore``; while tracking, records each tree's
    /// value before and after as one change, since values are put back wholesale.
    private func applyStoreAction(_ action: any Action, type: ObjectIdentifier, tracking: Bool) {
        let before = tracking ? trees.all.map(\.model) : []
        if type == registerType, let register = action as? Register {
            self.register(register.model)
        } else if type == replaceType, let replace = action as? Replace {
            let placed = self.replace(with: replace.model)
            if hasShared { reseedSharedValues(from: placed ? [replace.model] : []) }
        } else if let restore = action as? Restore {
            let placed: Bool
            if let locations = restore.locations, locations.count == restore.models.count {
                placed = self.restore(restore.models, at: locations)
            } else {
                placed = self.restore(restore.models)
            }
            if hasShared { reseedSharedValues(from: placed ? restore.models : []) }
        }
        guard tracking else { return }
        for (index, box) in trees.all.enumerated() {
            changeLog.recordTree(
                box: index, layout: box.layout, before: before.indices.contains(index) ? before[index] : nil,
                after: box.model)
        }
    }

    /// The store's whole state: the root tree's value, then each registered model's, in the
    /// order they were registered.
    package var treeValues: [any Model] { trees.all.map(\.model) }

    /// Puts back the whole state as ``treeValues`` read it, with no action: no model's `update`
    /// runs and no middleware sees it, so time travel shows a state the app had rather than
    /// one that also reduced a `Replace`. Models registered since are dropped; observers are
    /// told of what changed.
    package func setTreeValues(_ values: [any Model]) {
        precondition(!actionQueue.isDispatching, "a store's state is put back between actions, not during one")
        guard let first = values.first else { return }
        let tracking = isTracking
        let before = tracking ? treeValues : []
        if !changes.isEmpty { dropChanges() }
        root.withMutableValue { _ = root.layout.model?.assign($0, first) }
        var boxes: [AnyModelBox] = []
        for value in values.dropFirst() {
            let type = ObjectIdentifier(Swift.type(of: value))
            if let box = trees.registered(ofType: type) {
                box.withMutableValue { _ = box.layout.model?.assign($0, value) }
                boxes.append(box)
            } else {
                boxes.append(makeBox(value))
            }
        }
        trees.setRegistered(boxes)
        idIndex.removeAll()
        hasShared = trees.all.contains { $0.holdsShared }
        if hasShared { reseedSharedValues(from: []) }
        guard tracking else { return }
        for (index, box) in trees.all.enumerated() {
            changeLog.recordTree(
                box: index, layout: box.layout, before: before.indices.contains(index) ? before[index] : nil,
                after: box.model)
        }
        changes = changeLog.take()
        if !observation.isEmpty { notifyObservers(of: changes) }
    }

    /// Registers models beside the root with no action, for state a test declares beside the
    /// one it tests: no middleware sees them arrive, and their ``Shared`` fields give their
    /// keys the values every other field then takes.
    package func placeBeside(_ models: [any Model]) {
        precondition(!actionQueue.isDispatching, "models are placed beside the root between actions, not during one")
        for model in models { register(model) }
        if hasShared { reseedSharedValues(from: models) }
    }

    /// The models registered beside the root, in the order they were registered.
    package var besideValues: [any Model] { trees.registered.map(\.model) }

    /// Starts the shared values again from models put back wholesale, whose fields hold the
    /// values to keep; then from the first field of each other key the trees hold.
    private func reseedSharedValues(from models: [any Model]) {
        sharedValues.removeAll()
        SharedValues.$current.withValue(sharedValues) {
            for model in models {
                // A copy: only the values its fields give the table are kept.
                var seed = model
                SharedValues.syncFields(of: &seed)
            }
            for box in trees.all { box.syncShared(tracking: nil) }
        }
    }

    private func updateHasListeners() {
        hasListeners = !observation.isEmpty || !subscriptions.isEmpty || !reductionObservers.isEmpty
    }

    private func register(_ model: any Model) {
        let type = ObjectIdentifier(Swift.type(of: model))
        guard trees.registered(ofType: type) == nil else { return }
        let box = makeBox(model)
        trees.register(box)
        reportShape(of: box)
        if box.holdsShared { hasShared = true }
    }

    /// Puts the model in place of every model of its type; `false` when there was none.
    private func replace(with model: any Model) -> Bool {
        let query = ModelQuery(modelType: ObjectIdentifier(Swift.type(of: model)))
        var placed = false
        for box in trees.all where query.mayContain(box.layout) {
            box.withMutableValue { pointer in
                box.layout.searchMutable(pointer, query) { pointer, layout in
                    if layout.model?.assign(pointer, model) == true { placed = true }
                    return false
                }
            }
            auditValues(of: box)
        }
        return placed
    }

    /// Puts models back in the order ``findAll(_:)`` lists them; `false` when none found a place.
    private func restore(_ models: [any Model]) -> Bool {
        var placed = false
        var byType: [ObjectIdentifier: [any Model]] = [:]
        var order: [ObjectIdentifier] = []
        for model in models {
            let type = ObjectIdentifier(Swift.type(of: model))
            if byType[type] == nil { order.append(type) }
            byType[type, default: []].append(model)
        }
        for type in order {
            let values = byType[type]!
            let query = ModelQuery(modelType: type)
            var index = 0
            for box in trees.all where query.mayContain(box.layout) {
                box.withMutableValue { pointer in
                    box.layout.searchMutable(pointer, query) { pointer, layout in
                        guard index < values.count else { return false }
                        if layout.model?.assign(pointer, values[index]) == true { placed = true }
                        // The values list the nested models of this type too, as findAll does;
                        // they came back inside the value just put back.
                        var nested = -1
                        // Fact (scoped pointer): `pointer` is the model just put back, inside its tree's
                        // `withMutableValue`; the search only reads it.
                        _ = layout.search(UnsafeRawPointer(pointer), query) { _, _, _ in
                            nested += 1
                            return true
                        }
                        index += 1 + nested
                        return false
                    }
                }
            }
        }
        for box in trees.all { auditValues(of: box) }
        return placed
    }

    /// Puts each model back at its location; one whose location leads nowhere now is skipped.
    /// `false` when none found its place.
    private func restore(_ models: [any Model], at locations: [ModelLocation]) -> Bool {
        let boxes = trees.all
        var placed = false
        for (model, location) in zip(models, locations) where boxes.indices.contains(location.box) {
            let box = boxes[location.box]
            box.withMutableValue { pointer in
                box.layout.resolveMutable(pointer, location.steps[...]) { target, layout in
                    if layout.model?.assign(target, model) == true { placed = true }
                }
            }
        }
        for box in boxes { auditValues(of: box) }
        return placed
    }

}
