import Substate

@testable import SubstateMiddleware

/// Records, as "name@ms", the actions that reach the tree and when, as the last middleware.
@MainActor
final class Arrivals: Middleware {
    let clock: TestClock
    var log: [String] = []
    init(_ clock: TestClock) { self.clock = clock }
    func handle(_ action: Action, store: Store, next: Next) {
        if let named = action as? Named {
            let ms =
                clock.now.offset.components.seconds * 1000 + clock.now.offset.components.attoseconds
                / 1_000_000_000_000_000
            log.append("\(named.name)@\(ms)")
        }
        next(action)
    }
}

protocol Named: Action { var name: String { get } }

struct Hint: Named, DelayedAction {
    let name: String
    var delay: Duration = .milliseconds(100)
    var delayKey: String? = nil
}

struct Query: Named, DebouncedAction {
    let name: String
    var debounce = Debounce(.milliseconds(100))
}

struct Scroll: Named, ThrottledAction {
    let name: String
    var throttle = Throttle(.milliseconds(100))
}

struct Plain: Named { let name: String }

/// Dispatches actions at given times on a manual clock, then lets the clock run out.
@MainActor
func play(_ timeline: [(ms: Int, action: any Action)], on store: Store, clock: TestClock) {
    var now = 0
    for (ms, action) in timeline {
        clock.advance(by: .milliseconds(ms - now))
        now = ms
        store.update(action)
    }
    clock.run()
}

struct Leaf: Model, Equatable {
    var received: [String] = []
    mutating func update(action: Action) { if let named = action as? Named { received.append(named.name) } }
}
