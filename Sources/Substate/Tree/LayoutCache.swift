import Synchronization

/// The process-wide cache of layouts and compiled visitors, keyed by type.
///
/// It is a pure cache of facts about types (which never change while a process runs), so it is
/// shared by every store; a `Mutex` guards it because layouts may be asked for from any thread.
enum LayoutCache {
    private struct Storage: ~Copyable {
        var layouts: [ObjectIdentifier: TypeLayout] = [:]
        var visitors: [VisitorKey: CompiledVisit] = [:]
    }

    private static let storage = Mutex(Storage())

    /// The layout of a type, built on first use; given a value of the type, the layouts built
    /// for it are checked against it first (see ``LayoutGuard``).
    static func layout<T>(for type: T.Type, checking value: UnsafePointer<T>? = nil) -> TypeLayout {
        storage.withLock { storage in
            if let layout = storage.layouts[ObjectIdentifier(T.self)] { return layout }
            var builder = LayoutBuilder(layouts: storage.layouts)
            let layout = builder.layout(T.self)
            builder.finish(checking: value.map { $0.pointee }, root: layout)
            storage.layouts = builder.layouts
            return layout
        }
    }

    /// The visitor that delivers actions to every model at or below the layout (when `action` is
    /// `nil`), or only to those that react to the given action type; `nil` when there is nothing
    /// to visit.
    static func visitor(
        for layout: TypeLayout, action: ObjectIdentifier?, actionType: (any Action.Type)? = nil
    ) -> Visit? {
        // A walk is compiled for an action type before it first reaches a nested routing.
        if let actionType { ActionOwners.register(actionType) }
        // Returned inside a `CompiledVisit`: a closure returned through the generic `withLock`
        // would be reabstracted, and every dispatch would call it through two thunks.
        let compiled = storage.withLock { storage in
            var compiler = VisitorCompiler(mode: action.map { .routed($0) } ?? .broadcast, cache: storage.visitors)
            let visit = compiler.compile(layout)
            storage.visitors = compiler.cache
            return CompiledVisit(visit: visit)
        }
        return compiled.visit
    }
}

/// Identifies a compiled visitor: a layout, the action type it is routed for, and the model
/// type whose instances it leaves out (see ``VisitorCompiler/excluded``).
struct VisitorKey: Hashable {
    let layout: ObjectIdentifier
    let action: ObjectIdentifier?
    var excluded: ObjectIdentifier? = nil
}
