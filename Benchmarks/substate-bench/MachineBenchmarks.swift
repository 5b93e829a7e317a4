import Substate
import SubstateMachine

/// A small feature whose inputs change its state without effects.
struct Tally: EffectFreeMachine {
    struct State: Sendable {
        var count = 0
        var isOn = false
    }
    enum Input: Sendable {
        case add(Int)
        case toggle
    }

    static func reduceInput(_ state: State, _ input: Input) -> Transition {
        var state = state
        switch input {
        case .add(let amount): state.count &+= amount
        case .toggle: state.isOn.toggle()
        }
        return nextState(state)
    }
}

/// A feature with a realistic transition: a switch over a few inputs, with guards.
struct Player: EffectFreeMachine {
    struct State: Sendable {
        var track = 0
        var position = 0
        var volume = 5
        var isPlaying = false
    }
    enum Input: Sendable {
        case play, pause
        case seek(Int)
        case volume(Int)
        case next
    }

    static func reduceInput(_ state: State, _ input: Input) -> Transition {
        var state = state
        switch input {
        case .play:
            guard !state.isPlaying else { return identity }
            state.isPlaying = true
        case .pause:
            guard state.isPlaying else { return identity }
            state.isPlaying = false
        case .seek(let position): state.position = max(0, position)
        case .volume(let volume): state.volume = min(10, max(0, volume))
        case .next:
            state.track &+= 1
            state.position = 0
        }
        return nextState(state)
    }
}

struct Nodes<Feature: StateMachine>: Model {
    var nodes: [MachineNode<Feature>]
}

/// Inputs dispatched to a tree of StateMachine nodes, against calling `reduceInput` directly.
@MainActor
enum MachineBenchmarks {
    static func inputs(harness: Harness) -> [Figure] {
        [
            measure(
                Tally(), Tally.State(), inputs: [.add(1), .toggle], label: "a trivial feature", target: 2,
                harness: harness
            ) {
                $0.count == $1.count && $0.isOn == $1.isOn
            },
            measure(
                Player(), Player.State(), inputs: [.play, .seek(30), .volume(7), .next, .pause, .volume(3)],
                label: "a feature with a switch", target: 1.5, harness: harness
            ) { $0.track == $1.track && $0.position == $1.position && $0.volume == $1.volume },
        ]
    }

    private static func measure<Feature: StateMachine>(
        _ feature: Feature, _ initial: Feature.State, inputs: [Feature.Input], label: String, target: Double,
        harness: Harness,
        same: (Feature.State, Feature.State) -> Bool
    ) -> Figure {
        let count = 1_000
        let store = Store(
            model: Nodes<Feature>(nodes: (0..<count).map { MachineNode(initial, id: NodeID("node-\($0)")) }),
            middleware: [StateMachineRunner(feature)])
        var states = Array(repeating: initial, count: count)
        // Short rounds (about a millisecond each), so that many fit between the time slices of
        // other work on a shared machine, and many of them, so that each contender's fastest
        // is one no other work disturbed: the verdict does not move from run to run.
        let ops = 600
        let times = Harness(rounds: max(80, harness.rounds * 8)).compare([
            (
                "store", ops,
                { ops in for i in 0..<ops { store.update(MachineNode<Feature>.Input(inputs[i % inputs.count])) } }
            ),
            (
                "direct", ops,
                { ops in
                    for i in 0..<ops {
                        let input = inputs[i % inputs.count]
                        states.withUnsafeMutableBufferPointer { states in
                            for index in states.indices {
                                if let next = Feature.reduceInput(states[index], input).0 { states[index] = next }
                            }
                        }
                    }
                }
            ),
        ])
        // Both contenders saw the same inputs, so every node must agree with the direct states.
        let nodes = store.find(Nodes<Feature>.self)!.nodes
        precondition(
            nodes.count == count && zip(nodes, states).allSatisfy { same($0.state, $1) },
            "the store's nodes diverged from the direct transitions")
        return Figure(
            name: "inputs to 1,000 StateMachine nodes, \(label)", value: times["store"]! / times["direct"]!,
            unit: "x", target: target,
            detail:
                "\(Report.format(times["store"]! / 1000, 2)) µs vs \(Report.format(times["direct"]! / 1000, 2)) µs per input, reduceInput called directly"
        )
    }
}
