import Substate

// A scripted session with the Substate document's Counter: every action passes the Narrator
// middleware, then reaches every model of the tree, children before parents.

@MainActor
func runSession() {
    let store = Store(model: App(), middleware: [Narrator()])
    let script: [any Action] = [
        Counter.Increment(),
        Counter.Increment(),
        SubCounter.Increment(),
        Tracker<NewsScreen>.Tap(),
        Tracker<ProductsScreen>.Tap(),
        Tracker<NewsScreen>.Tap(),
        Counter.Reset(to: 100),
        Counter.Decrement(),
        Store.Replace(model: Tracker<NewsScreen>(clicks: 0)),
    ]
    for action in script { store.update(action) }

    let counter = store.find(Counter.self)!
    print(
        "\nFinal state: Counter.value = \(counter.value), SubCounter.value = \(counter.subCounter.value), App.totalClicks = \(store.find(App.self)!.totalClicks)"
    )
    print("Models in the tree: \(store.findAll((any Model).self).count)")
}

MainActor.assumeIsolated { runSession() }
