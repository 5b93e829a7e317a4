import Observation
import Substate

extension SharedKey where Value == Int {
    static var benchCount: Self { SharedKey("benchCount") }
}

/// A screen that shows the shared count.
struct SharedHolder: Model, Equatable {
    static let routing = ActionRouting.nestedActions
    @Shared(.benchCount) var count = 0
}

/// The screen that writes it, beside N holders.
struct SharedWriter: Model, Equatable {
    static let routing = ActionRouting.nestedActions
    @Shared(.benchCount) var count = 0
    struct Increment: Action {}

    mutating func update(action: Action) {
        if action is Increment { count &+= 1 }
    }
}

struct SharedApp: Model, Equatable {
    static let routing = ActionRouting.nestedActions
    var writer = SharedWriter()
    var holders: [SharedHolder]

    init(holders: Int) {
        self.holders = Array(repeating: SharedHolder(), count: holders)
    }
}

/// One write to a shared value held by N models, against copying the value into each holder by
/// hand; and the same write with N observers reading it, against none.
@MainActor
enum SharedValueBenchmarks {
    static func write(harness: Harness) -> [Figure] {
        var figures: [Figure] = []
        for holders in [100, 1_000, 10_000] {
            let store = Store(model: SharedApp(holders: holders))
            let observed = Store(model: SharedApp(holders: holders))
            var hand = (writer: 0, holders: Array(repeating: 0, count: holders))
            let increment = SharedWriter.Increment()
            let ops = max(20, 200_000 / holders)
            var times = harness.withRounds(atLeast: 10).compare([
                ("store", ops, { ops in for _ in 0..<ops { store.update(increment) } }),
                (
                    "hand", ops,
                    { ops in
                        for _ in 0..<ops {
                            hand.writer &+= 1
                            for index in hand.holders.indices { hand.holders[index] = hand.writer }
                        }
                    }
                ),
            ])
            blackHole(hand)
            // Observers are told once each, so every timed write gets N fresh ones, registered
            // before the clock starts.
            var observedTimes: [Double] = []
            let clock = ContinuousClock()
            for round in 0...harness.withRounds(atLeast: 10).rounds {
                let told = Counter()
                for holder in 0..<holders { observe(observed, holder, told) }
                let start = clock.now
                observed.update(increment)
                let elapsed = nanoseconds(start.duration(to: clock.now))
                if round > 0 { observedTimes.append(elapsed) }
                precondition(told.value == holders, "every observer must be told")
            }
            times["observed"] = observedTimes.min()!
            figures.append(
                Figure(
                    name: "one shared write among \(holders) holders vs copying it into each by hand",
                    value: times["store"]! / times["hand"]!, unit: "x", target: holders == 1_000 ? 2 : .infinity,
                    detail: "\(Report.format(times["store"]!, 0)) ns vs \(Report.format(times["hand"]!, 0)) ns"))
            figures.append(
                Figure(
                    name: "the same write with \(holders) observers vs none",
                    value: times["observed"]! / times["store"]!, unit: "x", target: holders == 1_000 ? 2 : .infinity,
                    detail: "\(Report.format(times["observed"]!, 0)) ns vs \(Report.format(times["store"]!, 0)) ns"))
        }
        return figures
    }

    /// How many observers were told.
    // @unchecked Sendable: written only on the main actor, where the observers are told.
    final class Counter: @unchecked Sendable {
        var value = 0
    }

    /// An observer of one holder's count, as the view showing that holder does.
    private static func observe(_ store: Store, _ holder: Int, _ told: Counter) {
        withObservationTracking {
            _ = store.find(SharedApp.self, \.holders[holder].count)
        } onChange: {
            MainActor.assumeIsolated { told.value += 1 }
        }
    }
}
