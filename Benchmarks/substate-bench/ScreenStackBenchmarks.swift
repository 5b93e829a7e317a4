import Substate
import SubstateMiddleware

/// A stack screen routed by nesting, with long-running work its own action starts.
struct StackBenchScreen: Model, Equatable {
    static let routing = ActionRouting.nestedActions
    var starts = 0
    struct Start: Action {}

    mutating func update(action: Action) {
        if action is Start { starts &+= 1 }
    }
}

struct StackBenchApp: Model, Equatable {
    static let routing = ActionRouting.nestedActions
    var path: ScreenStack<StackBenchScreen>

    init(depth: Int) {
        path = ScreenStack(Array(repeating: StackBenchScreen(), count: depth))
    }
}

/// An action for the top screen of a stack D deep, starting that screen's effect, and a
/// push, an effect and a pop on a stack 1,000 deep; each against the same work by hand: every
/// element given the envelope, the matching one its content, a task per screen in a dictionary.
@MainActor
enum ScreenStackBenchmarks {
    typealias Screen = StackBenchScreen
    typealias Stack = ScreenStack<Screen>

    static let work = Effect(model: Screen.self, action: Screen.Start.self, id: "work", cancelInFlight: true) {
        _, _, _ in
        try await Task.sleep(for: .seconds(3_600))
    }

    /// The hand-written stack: screens with ids, and their tasks.
    struct HandStack {
        var elements: [(id: Int, screen: Screen)]
        var tasks: [Int: Task<Void, Never>] = [:]

        mutating func send(_ content: any Action, to id: Int) {
            // Every element is given the envelope and compares its id, as a walk would.
            for index in elements.indices where elements[index].id == id {
                elements[index].screen.update(action: content)
                tasks[id]?.cancel()
                tasks[id] = Task { try? await Task.sleep(for: .seconds(3_600)) }
            }
        }
    }

    static func toTopScreen(harness: Harness) -> [Figure] {
        var figures: [Figure] = []
        for depth in [10, 100, 1_000] {
            let store = Store(model: StackBenchApp(depth: depth), middleware: [EffectHandler(effects: [work])])
            let top = StackElementID(rawValue: depth - 1)
            let send = Stack.ToElement(id: top, Screen.Start())
            var hand = HandStack(elements: (0..<depth).map { ($0, Screen()) })
            let times = harness.withRounds(atLeast: 10).compare([
                ("store", 2_000, { ops in for _ in 0..<ops { store.update(send) } }),
                ("hand", 2_000, { ops in for _ in 0..<ops { hand.send(Screen.Start(), to: depth - 1) } }),
            ])
            store.effects.cancelAll()
            for task in hand.tasks.values { task.cancel() }
            figures.append(
                Figure(
                    name: "ToElement to the top of a \(depth)-deep stack, starting its effect, vs by hand",
                    value: times["store"]! / times["hand"]!, unit: "x", target: depth == 1_000 ? 1.5 : .infinity,
                    detail:
                        "\(Report.format(times["store"]!, 0)) ns vs \(Report.format(times["hand"]!, 0)) ns; the store goes down the path to the top screen alone"
                ))
        }
        return figures
    }

    static func pushEffectPop(harness: Harness) -> [Figure] {
        let depth = 1_000
        let store = Store(model: StackBenchApp(depth: depth), middleware: [EffectHandler(effects: [work])])
        var hand = HandStack(elements: (0..<depth).map { ($0, Screen()) })
        var nextID = depth
        var storeNextID = depth
        let times = harness.withRounds(atLeast: 10).compare([
            (
                "store", 500,
                { ops in
                    for _ in 0..<ops {
                        store.update(Stack.Push(Screen()))
                        store.update(Stack.ToElement(id: StackElementID(rawValue: storeNextID), Screen.Start()))
                        store.update(Stack.Pop())
                        storeNextID += 1
                    }
                }
            ),
            (
                "hand", 500,
                { ops in
                    for _ in 0..<ops {
                        hand.elements.append((nextID, Screen()))
                        hand.send(Screen.Start(), to: nextID)
                        let popped = hand.elements.removeLast()
                        hand.tasks.removeValue(forKey: popped.id)?.cancel()
                        nextID += 1
                    }
                }
            ),
        ])
        store.effects.cancelAll()
        for task in hand.tasks.values { task.cancel() }
        return [
            Figure(
                name: "push, start an effect, pop on a 1000-deep stack vs by hand",
                value: times["store"]! / times["hand"]!, unit: "x", target: 1.5,
                detail:
                    "\(Report.format(times["store"]! / 1_000, 1)) µs vs \(Report.format(times["hand"]! / 1_000, 1)) µs"
            )
        ]
    }
}
