import CounterFeature
import Substate
import SubstateMiddleware

// The Substate document's Counter as a program: every action passes ActionLogger, then reaches
// every model; ModelLogger in diff mode prints what each action changed in the tree.

@MainActor
func runSession() {
    let store = Store(model: CounterApp(), middleware: [ActionLogger(), ModelLogger(diff: true)])
    let script: [any Action] = [
        Counter.Increment(),
        Counter.Increment(),
        SubCounter.Increment(),
        Tracker<NewsScreen>.Tap(),
        Tracker<ProductsScreen>.Tap(),
        Tracker<NewsScreen>.Tap(),
        Counter.Reset(to: 100),
        Counter.Decrement(),
        ActionLogger.Toggle(),  // the logger's switch is a model too: actions stop being logged
        Store.Replace(model: Tracker<NewsScreen>(clicks: 0)),
    ]
    for action in script { store.update(action) }

    let app = store.find(CounterApp.self)!
    print(
        "\nFinal state: Counter.value = \(app.counter.value), SubCounter.value = \(app.counter.subCounter.value), totalClicks = \(app.totalClicks)"
    )
    print(
        "Models in the tree: \(store.findAll((any Model).self).count - 1), plus ActionLogger.State registered by the logger"
    )
}

MainActor.assumeIsolated { runSession() }
