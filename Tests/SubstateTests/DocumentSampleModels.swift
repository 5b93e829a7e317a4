import Substate

// The models of the Substate document's Models, Nesting and Stores sections, as written there.

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

struct Tracker<Screen>: State {
    var clicks = 0
}

struct NewsScreen: State {
    var tracker = Tracker<NewsScreen>()
}

struct ProductsScreen: State {
    var tracker = Tracker<ProductsScreen>()
}

extension Counter {
    static let zero = Counter(value: 0)
    static let random = Counter(value: .random(in: 1...100))
}
