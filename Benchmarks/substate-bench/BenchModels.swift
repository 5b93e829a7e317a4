import Substate

// The benchmark tree: a root with feature models, each holding nested, optional and
// array-of-item models; every update is a realistic switch over a few action types. None of
// them declares its action types, so every action reaches every model. The models look alike
// on purpose: each one's own switch is what the dispatch figures time, and sharing code among
// them would change what they measure.

struct Bump: Action {}
struct Toggle: Action { let id: Int }
struct Rename: Action { let id: Int; let title: String }
struct Reset: Action {}
struct ThemeChanged: Action { let dark: Bool }

struct Item: Model {
    var id: Int
    var title = "item"
    var done = false
    var count = 0

    mutating func update(action: Action) {
        switch action {
        case is Bump: count &+= 1
        case let toggle as Toggle where toggle.id == id: done.toggle()
        case let rename as Rename where rename.id == id: title = rename.title
        case is Reset: count = 0
        default: ()
        }
    }
}

struct Detail: Model {
    var views = 0
    var expanded = false
    mutating func update(action: Action) {
        switch action {
        case is Bump: views &+= 1
        case is Reset: views = 0
        case let toggle as Toggle where toggle.id == -1: expanded.toggle()
        default: ()
        }
    }
}

struct FeatureSettings: Model {
    var limit = 10
    var sorted = false
    mutating func update(action: Action) {
        switch action {
        case is Reset: limit = 10
        case let toggle as Toggle where toggle.id == -2: sorted.toggle()
        case is Bump: limit &+= 0
        default: ()
        }
    }
}

struct Feature: Model {
    var items: [Item]
    var detail: Detail? = Detail()
    var settings = FeatureSettings()
    var total = 0
    mutating func update(action: Action) {
        switch action {
        case is Bump: total &+= 1
        case is Reset: total = 0
        case let rename as Rename where rename.id == -3: items.removeAll()
        default: ()
        }
    }
}

struct Header: Model {
    var dark = false
    var title = "Substate"
    mutating func update(action: Action) {
        switch action {
        case let theme as ThemeChanged: dark = theme.dark
        case let rename as Rename where rename.id == -4: title = rename.title
        case is Reset: dark = false
        default: ()
        }
    }
}

struct Root: Model {
    var header = Header()
    var features: [Feature]
    var dispatches = 0
    mutating func update(action: Action) {
        switch action {
        case is Bump, is Reset: dispatches &+= 1
        case let theme as ThemeChanged where theme.dark: dispatches &+= 2
        default: ()
        }
    }

    /// A tree of about `models` models: the root, its header, and features of three models plus items.
    init(models: Int) {
        let features = models <= 10 ? 1 : models <= 100 ? 4 : models <= 1_000 ? 10 : 20
        let itemsPerFeature = max(1, (models - 2) / features - 3)
        self.features = (0..<features).map { feature in
            Feature(items: (0..<itemsPerFeature).map { Item(id: feature * 100_000 + $0) })
        }
    }

    var modelCount: Int { 2 + features.reduce(0) { $0 + 3 + $1.items.count } }
}

/// One model's `update` called by hand with an existential action, kept out of line as a
/// store's call into a model is.
@inline(never)
func handWrittenCall(_ item: inout Item, _ action: any Action) {
    item.update(action: action)
}

/// The physical limit: each model's `update` called in place, children first, by hand.
func handWrittenUpdate(_ root: inout Root, _ action: Action) {
    root.header.update(action: action)
    root.features.withUnsafeMutableBufferPointer { features in
        for index in features.indices {
            features[index].items.withUnsafeMutableBufferPointer { items in
                for item in items.indices { items[item].update(action: action) }
            }
            features[index].detail?.update(action: action)
            features[index].settings.update(action: action)
            features[index].update(action: action)
        }
    }
    root.update(action: action)
}
