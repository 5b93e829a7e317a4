/// The trees a store walks, the root's and those of the models registered beside it, and
/// which of them actions of a type reach.
///
/// Middleware's models mostly take only their own actions (``Model/handledActions``), so most
/// of the app's actions skip the registered trees whole: the trees each action type reaches
/// are found once and kept, the last type's answer apart, to skip them with one comparison.
/// A location's tree index (``ModelLocation``) is its place in ``all``: 0 for the root.
@MainActor
struct ModelTrees {
    /// The models registered beside the root, in the order they were registered.
    private(set) var registered: [AnyModelBox] = []
    /// The root, then the registered models.
    private(set) var all: [AnyModelBox]
    /// Whether any model is registered beside the root.
    private(set) var hasRegistered = false
    private var routes: [ObjectIdentifier: [AnyModelBox]] = [:]
    private var lastRoute: (type: ObjectIdentifier, boxes: [AnyModelBox])?

    init(root: AnyModelBox) {
        all = [root]
    }

    /// The registered tree whose root is of a type, if any.
    func registered(ofType type: ObjectIdentifier) -> AnyModelBox? {
        registered.first { ObjectIdentifier($0.layout.type) == type }
    }

    /// The tree at an index of ``all``, or `nil` past the end.
    func tree(at index: Int) -> AnyModelBox? {
        all.indices.contains(index) ? all[index] : nil
    }

    /// Adds a registered tree after the others.
    mutating func register(_ box: AnyModelBox) {
        setRegistered(registered + [box])
    }

    /// Replaces the registered trees.
    mutating func setRegistered(_ boxes: [AnyModelBox]) {
        all = [all[0]] + boxes
        registered = boxes
        hasRegistered = !boxes.isEmpty
        routes.removeAll()
        lastRoute = nil
    }

    /// The registered trees that actions of a type reach.
    mutating func route(for type: ObjectIdentifier, of action: any Action) -> [AnyModelBox] {
        if let lastRoute, lastRoute.type == type { return lastRoute.boxes }
        let boxes: [AnyModelBox]
        if let known = routes[type] {
            boxes = known
        } else {
            boxes = registered.filter { $0.reaches(type, of: action) }
            routes[type] = boxes
        }
        lastRoute = (type, boxes)
        return boxes
    }
}
