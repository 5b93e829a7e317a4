/// One model that an action changed: where it sits, and its value before and after.
///
/// The store notes these while it walks the tree (see ``Store/changes``), for observation and
/// for middleware that shows what changed. A model's own `update(action:)` is compared before
/// and after, so a change recorded for a parent is what the parent did itself: its children had
/// already updated (and are recorded on their own) when its value was copied.
///
/// A class: a change is handed from the walk to the store, to observation and to middleware,
/// and each hand-over of a struct holding two `any Model` values copies both through their
/// value witnesses, where a reference is one count.
// @unchecked Sendable: every field is a constant, the layout is immutable once published, the
// paths are complete once the change is handed over, and models are Sendable.
package final class ModelChange: @unchecked Sendable {
    /// A model above the changed one, whose value therefore changed too.
    struct Ancestor {
        let type: ObjectIdentifier
        let id: AnyHashable?
    }

    /// The paths of the action's changes, shared by all of them, and this change's entry there.
    let paths: ChangePaths
    let index: Int
    /// How many levels below its tree's root the model sits.
    let depth: Int
    let layout: TypeLayout
    /// The model before the change; `nil` when it appeared (a model registered), or when the
    /// store kept no copy of it (a large model tracked for observers only, see
    /// ``ChangeLog/keepsValues``).
    package let before: (any Model)?
    /// The model after the change.
    package let after: (any Model)?
    /// The models above this one that no change before it in the record already listed.
    let ancestors: [Ancestor]
    /// The indices of the model's layout parts (the ways down to models below it) whose bytes
    /// changed, or `nil` when any of them may have: only models below those parts can have
    /// appeared, disappeared or moved.
    let changedParts: [Int]?

    init(
        paths: ChangePaths, index: Int, depth: Int, layout: TypeLayout, before: (any Model)?, after: (any Model)?,
        ancestors: [Ancestor], changedParts: [Int]?
    ) {
        (self.paths, self.index, self.depth, self.layout) = (paths, index, depth, layout)
        (self.before, self.after) = (before, after)
        (self.ancestors, self.changedParts) = (ancestors, changedParts)
    }

    /// Where the model sits.
    package var location: ModelLocation { paths.location(of: index) }

    /// The names of the model's stored fields, in declaration order, as its layout keeps them
    /// (read once per type); `nil` for a model that is not a struct.
    package var fieldNames: [String]? { layout.fieldNames }

    /// The tree the model is in: 0 for the store's root, then 1 + a registered model's index;
    /// the same as `location.box`, without working out the whole location.
    package var box: Int { paths.box(of: index) }

    /// The model types below this model whose membership (which models there are, and where)
    /// the change may have altered.
    var regroupedTypes: Set<ObjectIdentifier> {
        guard let changedParts else { return below }
        var types: Set<ObjectIdentifier> = []
        for index in changedParts where layout.parts.indices.contains(index) {
            types.formUnion(layout.parts[index].child.modelTypes)
        }
        return types
    }

    /// The model types strictly below the model, for a change that may touch all of them.
    private var below: Set<ObjectIdentifier> {
        var types: Set<ObjectIdentifier> = []
        for part in layout.parts { types.formUnion(part.child.modelTypes) }
        return types
    }

    /// The `id` of the model before and after, when its type is `Identifiable`.
    var ids: (before: AnyHashable?, after: AnyHashable?) {
        func id(_ model: (any Model)?) -> AnyHashable? {
            guard let model, let identity = layout.model?.identity else { return nil }
            // Fact (scoped pointer): `identity` reads the model through the pointer only inside the
            // closure, as the model type its layout names.
            func open<M: Model>(_ model: M) -> AnyHashable { withUnsafePointer(to: model) { identity($0) } }
            return open(model)
        }
        return (id(before), id(after))
    }

    /// Whether models that can only be known from values (`any Model` fields) may have
    /// appeared or disappeared below the model.
    var mayRegroupExistentials: Bool {
        guard let changedParts else { return layout.hasExistentialBelow }
        return changedParts.contains { layout.parts.indices.contains($0) && layout.parts[$0].child.hasExistentialBelow }
    }
}
