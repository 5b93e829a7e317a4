/// Times contenders side by side: each round runs every contender once, in turn, so that
/// noise from a shared machine falls on all of them alike; each contender's fastest round
/// counts, since noise from other work on the machine only ever adds time.
struct Harness {
    var rounds = 15

    /// This harness with at least `minimum` rounds: for figures that are a difference of two
    /// timings of tens of nanoseconds, whose fastest rounds a few rounds on a busy machine leave
    /// to chance, and so their verdict.
    func withRounds(atLeast minimum: Int) -> Harness {
        Harness(rounds: max(rounds, minimum))
    }

    /// Nanoseconds per operation of each contender (its fastest round).
    func compare(_ contenders: [(name: String, ops: Int, run: (Int) -> Void)]) -> [String: Double] {
        for contender in contenders { contender.run(contender.ops) }  // warm up: layouts, caches
        var samples: [String: [Double]] = [:]
        let clock = ContinuousClock()
        for _ in 0..<rounds {
            for contender in contenders {
                let elapsed = clock.measure { contender.run(contender.ops) }
                samples[contender.name, default: []].append(nanoseconds(elapsed) / Double(contender.ops))
            }
        }
        return samples.mapValues { $0.min()! }
    }
}

func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

/// Keeps a value alive and observable so the optimizer cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {}

extension Harness {
    /// Like ``compare(_:)``, for contenders whose work is asynchronous.
    @MainActor
    func compareAsync(_ contenders: [(name: String, ops: Int, run: @MainActor (Int) async -> Void)]) async -> [String:
        Double]
    {
        for contender in contenders { await contender.run(contender.ops) }
        var samples: [String: [Double]] = [:]
        let clock = ContinuousClock()
        for _ in 0..<rounds {
            for contender in contenders {
                let start = clock.now
                await contender.run(contender.ops)
                samples[contender.name, default: []].append(
                    nanoseconds(start.duration(to: clock.now)) / Double(contender.ops))
            }
        }
        return samples.mapValues { $0.min()! }
    }
}
