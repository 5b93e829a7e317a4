import Substate

/// Undoes and redoes ``UndoableAction``s when ``Undo`` and ``Redo`` are dispatched.
///
/// For each undoable action it keeps the values of the model types the action names, from
/// before and after it, in a bounded history per undo context, so that, for example, a text
/// editor and a list undo separately. Undo and redo are actions themselves: they pass the rest
/// of the pipeline (loggers and recorders see them), then the undoer dispatches a
/// `Store.Restore` that puts the kept values back.
///
/// ```swift
/// let store = Store(model: App(), middleware: [ActionUndoer(limit: 50)])
/// store.update(TodoList.Add(title: "Write docs"))
/// store.update(Undo())   // the list is as before
/// store.update(Redo())   // and back again
/// ```
///
/// Undo puts the named models back as they were, including changes other actions made to them
/// in between; a new undoable action clears the redo history of its context.
@MainActor
public final class ActionUndoer: Middleware {
    private struct Entry {
        let before: [(location: ModelLocation, model: any Model)]
        let after: [(location: ModelLocation, model: any Model)]
    }

    private struct History {
        var undo: [Entry] = []
        var redo: [Entry] = []
    }

    /// The histories of one store, by context.
    private final class Histories {
        var byContext: [String: History] = [:]
    }

    private let limit: Int
    private var isUndoable = ActionTypeCheck { $0 is UndoableAction }

    /// Creates an undoer that keeps at most `limit` undoable actions per context.
    public init(limit: Int = 100) {
        self.limit = max(1, limit)
    }

    /// Whether ``Undo`` would change anything in the context of a store.
    ///
    /// Each store made from one middleware list keeps its own histories, so the question names
    /// the store.
    public func canUndo(in store: Store, context: String = "default") -> Bool {
        !(store.existingStorage(for: self, as: Histories.self)?.byContext[context]?.undo.isEmpty ?? true)
    }

    /// Whether ``Redo`` would change anything in the context of a store.
    public func canRedo(in store: Store, context: String = "default") -> Bool {
        !(store.existingStorage(for: self, as: Histories.self)?.byContext[context]?.redo.isEmpty ?? true)
    }

    public func handle(_ action: Action, store: Store, next: Next) {
        guard isUndoable(action) || isAction(action, Undo.self) || isAction(action, Redo.self) else {
            next(action)
            return
        }
        let histories = store.storage(for: self) { Histories() }
        switch action {
        case let undo as Undo:
            next(action)
            guard let entry = histories.byContext[undo.context]?.undo.popLast() else { return }
            histories.byContext[undo.context]!.redo.append(entry)
            store.update(Store.Restore(located: entry.before))
        case let redo as Redo:
            next(action)
            guard let entry = histories.byContext[redo.context]?.redo.popLast() else { return }
            histories.byContext[redo.context]!.undo.append(entry)
            store.update(Store.Restore(located: entry.after))
        case let undoable as UndoableAction:
            let types = Swift.type(of: undoable).undoableModels
            let before = snapshot(types, in: store)
            next(action)
            var history = histories.byContext[undoable.undoContext, default: History()]
            history.undo.append(Entry(before: before, after: snapshot(types, in: store)))
            if history.undo.count > limit { history.undo.removeFirst(history.undo.count - limit) }
            history.redo = []
            histories.byContext[undoable.undoContext] = history
        default:
            next(action)
        }
    }

    /// The models of the types, each with where it sits, so that undo puts each back in its
    /// place (under its own dictionary key, at its own index) whatever changed in between.
    private func snapshot(_ types: [any Model.Type], in store: Store) -> [(location: ModelLocation, model: any Model)] {
        var models: [(location: ModelLocation, model: any Model)] = []
        for type in types { models += all(type, in: store) }
        return models
    }

    private func all<M: Model>(_ type: M.Type, in store: Store) -> [(location: ModelLocation, model: any Model)] {
        store.locatedModelsUntracked(M.self).map { ($0.location, $0.model) }
    }
}
