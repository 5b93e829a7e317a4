import Foundation
import Substate
import SubstateMachine

// What several benchmarks share: the rows of the long lists, the features of the state machine
// figures, and a folder for the benchmarks that write files.

/// Flips the `done` of the row with its id: the one action the long lists of the logger and
/// observation figures receive.
struct ToggleRow: Action { let id: Int }

/// A row of a long list, which a ``ToggleRow`` with its id flips.
protocol ListRow: Model, Identifiable<Int> {
    var done: Bool { get set }
}

extension ListRow {
    mutating func update(action: Action) {
        if let toggle = action as? ToggleRow, toggle.id == id { done.toggle() }
    }
}

/// A feature of the state machine figures: its inputs change its state, and it runs no effects.
protocol EffectFreeMachine: StateMachine where IOEffect == NoEffect, IOResult == Never {}

/// The effect of a feature that runs none.
enum NoEffect: Sendable { case none }

extension EffectFreeMachine {
    static func reduceIOResult(_ state: State, _ ioResult: Never) -> Transition {}

    func runIOEffect(_ ioEffect: NoEffect) -> IOResultStream { .init { $0.finish() } }
}

/// A folder of its own under the temporary directory, for a benchmark that writes files; the
/// benchmark removes it when it is done.
func scratchDirectory(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("substate-bench-\(name)-\(getpid())")
}
