import Substate

// The Substate document's models: a counter with a nested sub-counter, and a generic tracker
// reused under two screens. Public, so that the program and the tests share them.

public struct Counter: Codable, Equatable {
    public var value = 0
    public var subCounter = SubCounter()
    public init(value: Int = 0, subCounter: SubCounter = SubCounter()) {
        self.value = value
        self.subCounter = subCounter
    }
}

extension Counter {
    public struct Increment: Action, Codable { public init() {} }
    public struct Decrement: Action, Codable { public init() {} }
    public struct Reset: Action, Codable {
        public let to: Int
        public init(to: Int) { self.to = to }
    }
}

extension Counter: State {
    public mutating func update(action: Action) {
        switch action {
        case is Increment: value += 1
        case is Decrement: value -= 1
        case let reset as Reset: value = reset.to
        default: ()
        }
    }
}

public struct SubCounter: State, Codable, Equatable {
    public var value = 0

    public init(value: Int = 0) { self.value = value }

    public struct Increment: Action, Codable { public init() {} }
    public struct Decrement: Action, Codable { public init() {} }

    public mutating func update(action: Action) {
        switch action {
        case is Increment: value += 1
        case is Decrement: value -= 1
        default: ()
        }
    }
}

/// Counts taps on the screen it is generic over; one type per screen, found by type.
public struct Tracker<Screen>: State, Codable, Equatable {
    public var clicks = 0

    public init(clicks: Int = 0) { self.clicks = clicks }

    public struct Tap: Action, Codable { public init() {} }

    public mutating func update(action: Action) {
        if action is Tap { clicks += 1 }
    }
}

public struct NewsScreen: State, Codable, Equatable {
    public var tracker = Tracker<NewsScreen>()
    public init() {}
}

public struct ProductsScreen: State, Codable, Equatable {
    public var tracker = Tracker<ProductsScreen>()
    public init() {}
}

/// The program's root: no wiring between the parts, each model finds its own actions.
public struct CounterApp: State, Codable, Equatable {
    public var counter = Counter()
    public var news = NewsScreen()
    public var products = ProductsScreen()
    /// Derived from the children, which are always updated before their parent.
    public var totalClicks = 0

    public init() {}

    public mutating func update(action: Action) {
        totalClicks = news.tracker.clicks + products.tracker.clicks
    }
}
