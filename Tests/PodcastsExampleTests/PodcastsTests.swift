import PodcastsFeature
import Substate
import SubstateMiddleware
import SubstateTesting
import XCTest

@MainActor
final class PodcastsTests: XCTestCase {
    typealias Players = ScreenStack<Player>

    private func store(_ clock: TestClock) -> TestStore<PodcastsApp> {
        TestStore(model: PodcastsApp(), middleware: [podcastsEffects()]) { $0.clock = clock }
    }

    /// Two players of one type on the stack keep their own timers: popping the top one stops
    /// its timer and leaves the bottom one's ticking; popping the bottom one stops the rest.
    func testTwoStackedPlayersEachKeepTheirOwnTimer() async {
        let clock = TestClock()
        let store = store(clock)
        await store.send(PodcastsApp.Open(episodeID: 1)) { $0.players.push(Player(episodeID: 1)) }
        await store.send(PodcastsApp.Open(episodeID: 2)) { $0.players.push(Player(episodeID: 2)) }
        await store.send(Players.ToElement(id: 0, Player.PlayTapped())) { $0.players[id: 0]?.isPlaying = true }
        await store.send(Players.ToElement(id: 1, Player.PlayTapped())) { $0.players[id: 1]?.isPlaying = true }
        await clock.advance(by: .seconds(1))
        await store.receive(Players.ToElement(id: 0, Player.Tick())) { $0.players[id: 0]?.elapsed = 1 }
        await store.receive(Players.ToElement(id: 1, Player.Tick())) { $0.players[id: 1]?.elapsed = 1 }

        await store.send(Players.ToElement(id: 1, Player.CloseTapped()))
        await store.receive(Players.PopFrom(id: 1)) { $0.players.pop(from: 1) }
        await clock.advance(by: .seconds(1))
        await store.receive(Players.ToElement(id: 0, Player.Tick())) { $0.players[id: 0]?.elapsed = 2 }

        await store.send(Players.PopFrom(id: 0)) { $0.players.pop(from: 0) }
        await clock.advance(by: .seconds(5))
        // Nothing ticks any more, and the test ends with no effect running.
    }

    /// Every row has its own download: cancelling one row's leaves the other's running, and
    /// removing a row ends its download.
    func testEachRowsDownloadIsItsOwn() async {
        let clock = TestClock()
        let store = store(clock)
        await store.send(Episode.DownloadTapped(targetID: 1)) { $0.episodes[0].download = .downloading(progress: 0) }
        await store.send(Episode.DownloadTapped(targetID: 2)) { $0.episodes[1].download = .downloading(progress: 0) }
        await clock.advance(by: .seconds(1))
        await store.receive(Episode.DownloadProgressed(targetID: 1, progress: 1)) {
            $0.episodes[0].download = .downloading(progress: 1)
        }
        await store.receive(Episode.DownloadProgressed(targetID: 2, progress: 1)) {
            $0.episodes[1].download = .downloading(progress: 1)
        }
        await store.send(Episode.DownloadTapped(targetID: 1)) { $0.episodes[0].download = .notStarted }
        await clock.advance(by: .seconds(1))
        await store.receive(Episode.DownloadProgressed(targetID: 2, progress: 2)) {
            $0.episodes[1].download = .downloading(progress: 2)
        }
        await store.send(Episode.DownloadTapped(targetID: 3)) { $0.episodes[2].download = .downloading(progress: 0) }
        await store.send(PodcastsApp.Remove(episodeID: 3)) { $0.episodes.removeLast() }
        await clock.advance(by: .seconds(1))
        await store.receive(Episode.DownloadProgressed(targetID: 2, progress: 3)) {
            $0.episodes[1].download = .downloaded
        }
        await clock.advance(by: .seconds(3))
    }

    /// A late action for a popped player and a pop of the empty stack are each one diagnostic
    /// (a test store fails with it); the other screens are untouched.
    func testActionsForAPoppedPlayerAreDroppedWithADiagnostic() async {
        let diagnostics = DiagnosticList()
        let store = Store(
            model: PodcastsApp(), middleware: [podcastsEffects()], onDiagnostic: { diagnostics.list.append($0) })
        store.update(PodcastsApp.Open(episodeID: 1))
        store.update(Players.PopFrom(id: 0))
        store.update(Players.ToElement(id: 0, Player.Tick()))
        store.update(Players.Pop())
        XCTAssertEqual(diagnostics.list.map(\.kind), [.undeliverableAction, .undeliverableAction])
        XCTAssertEqual(store.find(PodcastsApp.self)?.episodes, PodcastsApp.sample)
    }
}

@MainActor
final class DiagnosticList {
    var list: [Diagnostic] = []
}
