import Substate

// A tree of the same shape whose models declare the action types they react to, so the store
// routes each action only to the subtrees that can react.

struct RoutedItem: Model {
    static var handledActions: [any Action.Type]? { [Bump.self, Toggle.self, Reset.self] }
    var id: Int
    var count = 0
    var done = false
    mutating func update(action: Action) {
        switch action {
        case is Bump: count &+= 1
        case let toggle as Toggle where toggle.id == id: done.toggle()
        case is Reset: count = 0
        default: ()
        }
    }
}

struct RoutedFeature: Model {
    static var handledActions: [any Action.Type]? { [Bump.self, Reset.self] }
    var items: [RoutedItem]
    var total = 0
    mutating func update(action: Action) {
        switch action {
        case is Bump: total &+= 1
        case is Reset: total = 0
        default: ()
        }
    }
}

struct RoutedHeader: Model {
    static var handledActions: [any Action.Type]? { [ThemeChanged.self] }
    var dark = false
    mutating func update(action: Action) {
        if let theme = action as? ThemeChanged { dark = theme.dark }
    }
}

struct RoutedRoot: Model {
    static var handledActions: [any Action.Type]? { [Reset.self] }
    var header = RoutedHeader()
    var features: [RoutedFeature]
    var resets = 0
    mutating func update(action: Action) {
        if action is Reset { resets &+= 1 }
    }

    /// About `models` models: the root, its header, and 20 features holding items.
    init(models: Int) {
        let itemsPerFeature = (models - 2) / 20 - 1
        features = (0..<20).map { feature in
            RoutedFeature(items: (0..<itemsPerFeature).map { RoutedItem(id: feature * 100_000 + $0) })
        }
    }

    var modelCount: Int { 2 + features.reduce(0) { $0 + 1 + $1.items.count } }
}
