import Substate

/// Dispatches follow-up actions, declared rather than coded: those a ``TriggeringAction`` or
/// ``MultipleTriggeringAction`` names, and those its ``Trigger`` rules describe.
///
/// Follow-ups are dispatched right after the action reached the tree, in order: first what the
/// action names, then the rules in the order given. A replacing rule sends its action in place
/// of the original. Triggered actions pass the whole pipeline with the origin `middleware`, so a
/// recorded log holds them; a replaying store leaves the trigger out, and nothing is triggered
/// twice. Actions that keep triggering one another are stopped at `depthLimit` levels, with a
/// `Diagnostic` of kind `triggerLoop`, never a hang.
///
/// ```swift
/// let store = Store(model: App(), middleware: [
///     ActionTrigger([.after(Login.Succeeded.self, dispatch: { succeeded, _ in Profile.Load(user: succeeded.user) })]),
/// ])
/// ```
@MainActor
public final class ActionTrigger: Middleware {
    private let rules: [ObjectIdentifier: [Trigger]]
    private let depthLimit: Int
    /// The follow-ups one store was handed and has not yet passed back, with their depth, in
    /// order.
    private final class Chain {
        var pending: [(type: ObjectIdentifier, depth: Int)] = []
        var head = 0
    }

    /// How many follow-ups all stores have still to pass back: while none, an action's depth is
    /// 0 without a look at its store's chain.
    private var outstanding = 0
    private var isTriggering = ActionTypeCheck { $0 is TriggeringAction || $0 is MultipleTriggeringAction }

    /// Creates a trigger with rules.
    ///
    /// - Parameters:
    ///   - rules: What follows or replaces actions, in the order they apply.
    ///   - depthLimit: How many levels of actions triggering actions are allowed.
    public init(_ rules: [Trigger] = [], depthLimit: Int = 32) {
        self.rules = Dictionary(grouping: rules, by: \.type)
        self.depthLimit = max(1, depthLimit)
    }

    public func handle(_ action: Action, store: Store, next: Next) {
        let type = ObjectIdentifier(Swift.type(of: action))
        let depth = outstanding == 0 ? 0 : depth(of: type, in: store)
        let rules = self.rules.isEmpty ? [] : self.rules[type] ?? []
        // Most actions name no follow-up and no rule is about them: they only pass.
        guard !rules.isEmpty || isTriggering(action) else { return next(action) }
        let context = TriggerContext(store: store)
        if let replacing = rules.first(where: { $0.kind == .replace && $0.condition(action, context) }),
            let replacement = replacing.make(action, context)
        {
            next(replacement)
            follow(replacement, depth: depth, store: store)
            return
        }
        next(action)
        follow(action, depth: depth, store: store)
    }

    /// Dispatches the follow-ups of an action that reached the tree.
    private func follow(_ action: any Action, depth: Int, store: Store) {
        var followUps: [any Action] = []
        if isTriggering(action) {
            if let triggering = action as? TriggeringAction, let trigger = triggering.trigger {
                followUps.append(trigger)
            }
            if let multiple = action as? MultipleTriggeringAction { followUps += multiple.triggers }
        }
        let context = TriggerContext(store: store)
        let rules = self.rules.isEmpty ? [] : self.rules[ObjectIdentifier(Swift.type(of: action))] ?? []
        for rule in rules where rule.kind == .follow {
            guard rule.condition(action, context) else { continue }
            if let work = rule.work {
                store.effects.run { send in
                    if let result = try await work(action, send.dependencies) { await send(result) }
                }
            } else if let followUp = rule.make(action, context) {
                followUps.append(followUp)
            }
        }
        guard !followUps.isEmpty else { return }
        let chain = store.storage(for: self) { Chain() }
        guard depth < depthLimit else { return reportLoop(action, chain: chain, store: store) }
        for followUp in followUps {
            chain.pending.append((ObjectIdentifier(Swift.type(of: followUp)), depth + 1))
            outstanding += 1
            store.update(followUp)
        }
    }

    /// The depth of an action: that of the follow-up it is, or 0 for an action of its own.
    /// Follow-ups come back in the order they were dispatched, as the store queues actions.
    private func depth(of type: ObjectIdentifier, in store: Store) -> Int {
        guard let chain = store.existingStorage(for: self, as: Chain.self), chain.head < chain.pending.count,
            chain.pending[chain.head].type == type
        else { return 0 }
        let depth = chain.pending[chain.head].depth
        chain.head += 1
        outstanding -= 1
        if chain.head == chain.pending.count {
            chain.pending.removeAll(keepingCapacity: true)
            chain.head = 0
        }
        return depth
    }

    /// Forgets a store's follow-ups: the chain was stopped, or the store is going.
    private func drop(_ chain: Chain) {
        outstanding -= chain.pending.count - chain.head
        chain.pending.removeAll()
        chain.head = 0
    }

    public func storeWillRelease(_ store: Store) {
        if let chain = store.existingStorage(for: self, as: Chain.self) { drop(chain) }
    }

    private func reportLoop(_ action: any Action, chain: Chain, store: Store) {
        drop(chain)
        let name = typeName(Swift.type(of: action))
        store.report(
            Diagnostic(
                kind: .triggerLoop, typeName: name, member: "",
                message:
                    "ActionTrigger stopped a chain of \(depthLimit) actions triggering one another, at \(name); a TriggeringAction or a Trigger rule loops."
            ))
    }
}
