import PodcastsFeature
import Substate
import SubstateMiddleware

// Two of the same screen, and a component in every row: two players stacked, each with its own
// timer, and a download per episode, each cancellable on its own. The effects are declared once
// (podcastsEffects) and run per instance, with no middleware of the app's own. A test clock
// drives the session, so it runs the same every time and at once.

@MainActor
func runSession() async {
    let clock = TestClock()
    let store = Store(
        model: PodcastsApp(), middleware: [ActionLogger(), podcastsEffects()],
        dependencies: Dependencies { $0.clock = clock })
    typealias Players = ScreenStack<Player>

    print("— Downloads of episodes 1 and 2 start; episode 1's is cancelled after a second")
    store.update(Episode.DownloadTapped(targetID: 1))
    store.update(Episode.DownloadTapped(targetID: 2))
    await clock.advance(by: .seconds(1))
    store.update(Episode.DownloadTapped(targetID: 1))
    await clock.advance(by: .seconds(2))

    print("\n— Two players stacked, each playing its own episode")
    store.update(PodcastsApp.Open(episodeID: 2))
    store.update(PodcastsApp.Open(episodeID: 3))
    store.update(Players.ToElement(id: 0, Player.PlayTapped()))
    await clock.advance(by: .seconds(1))
    store.update(Players.ToElement(id: 1, Player.PlayTapped()))
    await clock.advance(by: .seconds(2))

    print("\n— The top player closes itself; the one below plays on")
    store.update(Players.ToElement(id: 1, Player.CloseTapped()))
    await clock.advance(by: .seconds(2))
    store.update(Players.PopFrom(id: 0))
    await clock.advance(by: .seconds(1))
    await store.effects.waitForAll()

    let app = store.find(PodcastsApp.self)!
    print("\nDownloads: " + app.episodes.map { "\($0.id): \($0.download)" }.joined(separator: ", "))
    print("Players on the stack: \(app.players.count); effects still running: \(store.effects.inFlightCount)")
}

await runSession()
