// A program with one planted data race, for CI to run under the thread sanitizer with the
// project's suppressions (`.ci/tsan.supp`): two threads set a field of one model value, held in
// a class outside any store, through `BindingAction.apply(to:)`, with nothing ordering the
// writes. The sanitizer must report it, naming `plantedRaceWrite`; if it does not, the
// suppressions hide real races and CI fails. No test runs it, and it refuses to run in a build
// without the thread sanitizer, where nothing would watch the race.
//
// Usage: substate-race-child
import Foundation
import Substate

/// A model whose `update` applies bindings, as a form's model does.
struct Gauge: Model, Equatable {
    var level = 0

    mutating func update(action: Action) {
        applyBinding(action)
    }
}

/// Holds a model outside any store, with no lock: the mistake the sanitizer must catch.
final class Unguarded: @unchecked Sendable {
    var gauge = Gauge()
}

/// The planted race: each thread sets the field through the library, unordered with the other.
@inline(never)
func plantedRaceWrite(_ unguarded: Unguarded, _ set: BindingAction<Gauge>) {
    unguarded.gauge.update(action: set)
}

guard dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil else {
    let message = "substate-race-child: built without the thread sanitizer; run .build-tsan/debug/substate-race-child\n"
    FileHandle.standardError.write(Data(message.utf8))
    exit(2)
}

let unguarded = Unguarded()
// Made before the threads start, so that nothing the library locks runs between the writes.
let sets = [BindingAction(\Gauge.level, 1), BindingAction(\Gauge.level, 2)]
let finished = DispatchSemaphore(value: 0)
for set in sets {
    Thread {
        for _ in 0..<1_000 { plantedRaceWrite(unguarded, set) }
        finished.signal()
    }.start()
}
for _ in sets { finished.wait() }
print("substate-race-child: level \(unguarded.gauge.level)")
