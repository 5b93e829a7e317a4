import Substate
import SubstateTestSupport
import XCTest

@MainActor
final class DifferentialTests: XCTestCase {
    /// Random trees and random actions: after every action the store's tree equals what the
    /// hand-written reference traversal computes.
    func testStoreMatchesTheReferenceReducerOnRandomTreesAndActions() async {
        let seeds: [UInt64] = [1, 2, 3, 42, 2026]
        let actionsPerSeed = 2_000
        var checked = 0
        for seed in seeds {
            var random = SplitMix64(seed: seed)
            var expected = RandomTree.sheet(&random)
            let store = Store(model: expected) { XCTFail("unexpected diagnostic: \($0)") }
            RandomTree.reference(&expected, Store.Start())
            XCTAssertEqual(store.find(RandomTree.Sheet.self), expected, "seed \(seed), after Start")
            for step in 0..<actionsPerSeed {
                let action = RandomTree.action(&random)
                store.update(action)
                RandomTree.reference(&expected, action)
                guard store.find(RandomTree.Sheet.self) == expected else {
                    XCTFail("seed \(seed), step \(step): the store diverged after \(action)")
                    return
                }
                checked += 1
            }
        }
        XCTAssertEqual(checked, 10_000)
    }
}
