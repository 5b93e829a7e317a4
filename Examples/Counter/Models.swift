import Substate

// The Substate document's models: a counter with a nested sub-counter, and a generic tracker
// reused under two screens.

struct Counter {
    var value = 0
    var subCounter = SubCounter()
}

extension Counter {
    struct Increment: Action {}
    struct Decrement: Action {}
    struct Reset: Action { let to: Int }
}

extension Counter: State {
    mutating func update(action: Action) {
        switch action {
        case is Increment: value += 1
        case is Decrement: value -= 1
        case let reset as Reset: value = reset.to
        default: ()
        }
    }
}

struct SubCounter: State {
    var value = 0

    struct Increment: Action {}
    struct Decrement: Action {}

    mutating func update(action: Action) {
        switch action {
        case is Increment: value += 1
        case is Decrement: value -= 1
        default: ()
        }
    }
}

/// Counts taps on the screen it is generic over; one type per screen, found by type.
struct Tracker<Screen>: State {
    var clicks = 0

    struct Tap: Action {}

    mutating func update(action: Action) {
        if action is Tap { clicks += 1 }
    }
}

struct NewsScreen: State {
    var tracker = Tracker<NewsScreen>()
}

struct ProductsScreen: State {
    var tracker = Tracker<ProductsScreen>()
}

/// The program's root: no wiring between the parts, each model finds its own actions.
struct App: State {
    var counter = Counter()
    var news = NewsScreen()
    var products = ProductsScreen()
    /// Derived from the children, which are always updated before their parent.
    var totalClicks = 0

    mutating func update(action: Action) {
        totalClicks = news.tracker.clicks + products.tracker.clicks
    }
}
