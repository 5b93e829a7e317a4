import Foundation
import Substate
import SubstateMiddleware
import SubstateTesting
import XCTest

// TCA's EffectsBasics and reusable favoriting case studies, ported with their scenarios and
// expected values: effects that start or cancel depending on the state, and a request per row
// that belongs to its row, with no middleware of the app's own.

/// EffectsBasics: decrementing below zero re-increments after a second, unless an increment
/// brings the count back first.
struct EffectsBasics: Model, Equatable {
    var count = 0
    var isNumberFactRequestInFlight = false
    var numberFact: String?

    struct DecrementButtonTapped: Action, Equatable {}
    struct DecrementDelayResponse: Action, Equatable {}
    struct IncrementButtonTapped: Action, Equatable {}
    struct NumberFactButtonTapped: Action, Equatable {}
    struct NumberFactResponse: Action, Equatable { let fact: String? }

    mutating func update(action: Action) {
        switch action {
        case is DecrementButtonTapped:
            count -= 1
            numberFact = nil
        case is DecrementDelayResponse:
            if count < 0 { count += 1 }
        case is IncrementButtonTapped:
            count += 1
            numberFact = nil
        case is NumberFactButtonTapped:
            isNumberFactRequestInFlight = true
            numberFact = nil
        case let response as NumberFactResponse:
            isNumberFactRequestInFlight = false
            if let fact = response.fact { numberFact = fact }
        default:
            break
        }
    }
}

/// The number fact client, as TCA's `FactClient`.
struct FactClient: DependencyKey, Sendable {
    var fetch: @Sendable (Int) async throws -> String
    static var liveValue: FactClient { FactClient { "\($0) is a number" } }
    static var testValue: FactClient { FactClient { _ in throw CancellationError() } }
}

@MainActor
let effectsBasics = EffectHandler(effects: [
    Effect(
        model: EffectsBasics.self, action: EffectsBasics.DecrementButtonTapped.self, id: "delay",
        when: { _, after in after.count < 0 }
    ) { _, _, send in
        try await send.dependencies.clock.sleep(for: .seconds(1))
        await send(EffectsBasics.DecrementDelayResponse())
    },
    Effect.cancel(id: "delay", on: EffectsBasics.IncrementButtonTapped.self, model: EffectsBasics.self) { _, after in
        after.count >= 0
    },
    Effect(model: EffectsBasics.self, action: EffectsBasics.NumberFactButtonTapped.self) { state, _, send in
        let fact = try? await send.dependencies[FactClient.self].fetch(state.count)
        await send(EffectsBasics.NumberFactResponse(fact: fact))
    },
])

/// Reusable favoriting: each episode's favourite button sends a request of its own, and a
/// second tap on the same episode cancels its request in flight.
struct Episode: Model, Equatable, Identifiable {
    let id: UUID
    var isFavorite: Bool
    var title: String

    struct FavoriteButtonTapped: TargetedAction, Equatable {
        typealias Target = Episode
        let targetID: UUID
    }

    struct FavoriteResponse: Action, Equatable {
        let id: UUID
        let isFavorite: Bool
    }

    struct FavoriteFailed: Action, Equatable { let id: UUID }

    /// The failure alert's button: it names its row, so it closes that row's alert alone.
    struct AlertDismissed: Action, Equatable { let id: UUID }

    var alert = Presented<AlertState<AlertDismissed>>()

    mutating func update(action: Action) {
        switch action {
        case let tap as FavoriteButtonTapped where tap.targetID == id:
            isFavorite.toggle()
        case let response as FavoriteResponse where response.id == id:
            isFavorite = response.isFavorite
        case let failure as FavoriteFailed where failure.id == id:
            alert.screen = AlertState(
                title: "Favoriting failed.", buttons: [.init("OK", action: AlertDismissed(id: id))])
        case let dismissed as AlertDismissed where dismissed.id == id:
            isFavorite.toggle()
        default:
            break
        }
    }
}

struct Episodes: Model, Equatable {
    var episodes: [Episode]
    struct Remove: Action, Equatable { let id: UUID }
    mutating func update(action: Action) {
        if let remove = action as? Remove { episodes.removeAll { $0.id == remove.id } }
    }
}

/// The favourite request, as the case study's `favorite` closure.
struct FavoriteClient: DependencyKey, Sendable {
    var favorite: @Sendable (UUID, Bool) async throws -> Bool
    static var liveValue: FavoriteClient { FavoriteClient { $1 } }
    static var testValue: FavoriteClient { liveValue }
}

@MainActor
let favoriting = EffectHandler(effects: [
    Effect(
        model: Episode.self, action: Episode.FavoriteButtonTapped.self, id: "favorite", cancelInFlight: true
    ) { episode, _, send in
        do {
            let isFavorite = try await send.dependencies[FavoriteClient.self].favorite(episode.id, episode.isFavorite)
            await send(Episode.FavoriteResponse(id: episode.id, isFavorite: isFavorite))
        } catch {
            await send(Episode.FavoriteFailed(id: episode.id))
        }
    }
])

@MainActor
final class InstanceEffectPortTests: XCTestCase {
    func testCountDown() async {
        let store = TestStore(model: EffectsBasics(), middleware: [effectsBasics]) { $0.clock = ImmediateClock() }
        await store.send(EffectsBasics.IncrementButtonTapped()) { $0.count = 1 }
        await store.send(EffectsBasics.DecrementButtonTapped()) { $0.count = 0 }
    }

    func testNumberFact() async {
        let store = TestStore(model: EffectsBasics(), middleware: [effectsBasics]) {
            $0[FactClient.self].fetch = { "\($0) is a good number Brent" }
            $0.clock = ImmediateClock()
        }
        await store.send(EffectsBasics.IncrementButtonTapped()) { $0.count = 1 }
        await store.send(EffectsBasics.NumberFactButtonTapped()) { $0.isNumberFactRequestInFlight = true }
        await store.receive(EffectsBasics.NumberFactResponse(fact: "1 is a good number Brent")) {
            $0.isNumberFactRequestInFlight = false
            $0.numberFact = "1 is a good number Brent"
        }
    }

    func testDecrement() async {
        let store = TestStore(model: EffectsBasics(), middleware: [effectsBasics]) { $0.clock = ImmediateClock() }
        await store.send(EffectsBasics.DecrementButtonTapped()) { $0.count = -1 }
        await store.receive(EffectsBasics.DecrementDelayResponse()) { $0.count = 0 }
    }

    func testDecrementCancellation() async {
        let store = TestStore(model: EffectsBasics(), middleware: [effectsBasics]) { $0.clock = TestClock() }
        await store.send(EffectsBasics.DecrementButtonTapped()) { $0.count = -1 }
        await store.send(EffectsBasics.IncrementButtonTapped()) { $0.count = 0 }
    }

    func testFavoritingHappyPath() async {
        let clock = TestClock()
        let episodes = (0..<3).map { Episode(id: uuid($0), isFavorite: false, title: "Functions") }
        let store = TestStore(model: Episodes(episodes: episodes), middleware: [favoriting]) {
            $0[FavoriteClient.self].favorite = { _, isFavorite in
                try await clock.sleep(for: .seconds(1))
                return isFavorite
            }
        }

        await store.send(Episode.FavoriteButtonTapped(targetID: uuid(0))) { $0.episodes[0].isFavorite = true }
        await clock.advance(by: .seconds(1))
        await store.receive(Episode.FavoriteResponse(id: episodes[0].id, isFavorite: true))

        await store.send(Episode.FavoriteButtonTapped(targetID: episodes[1].id)) { $0.episodes[1].isFavorite = true }
        await store.send(Episode.FavoriteButtonTapped(targetID: episodes[1].id)) { $0.episodes[1].isFavorite = false }
        await clock.advance(by: .seconds(1))
        await store.receive(Episode.FavoriteResponse(id: episodes[1].id, isFavorite: false))
    }

    func testFavoritingUnhappyPath() async {
        struct FavoriteError: Error {}
        let episodes = [Episode(id: uuid(0), isFavorite: false, title: "Functions")]
        let store = TestStore(model: Episodes(episodes: episodes), middleware: [favoriting]) {
            $0[FavoriteClient.self].favorite = { _, _ in throw FavoriteError() }
        }

        await store.send(Episode.FavoriteButtonTapped(targetID: uuid(0))) { $0.episodes[0].isFavorite = true }

        await store.receive(Episode.FavoriteFailed(id: episodes[0].id)) {
            $0.episodes[0].alert.screen = AlertState(
                title: "Favoriting failed.", buttons: [.init("OK", action: Episode.AlertDismissed(id: uuid(0)))])
        }

        await store.send(Episode.AlertDismissed(id: uuid(0))) {
            $0.episodes[0].alert.screen = nil
            $0.episodes[0].isFavorite = false
        }
    }

    /// Beyond the case study: two rows' requests in flight at once both answer (a tap on one
    /// row cancels only that row's request), and a row's request stays with it when a row
    /// before it is removed, and ends when the row itself is.
    func testEachRowsRequestBelongsToItsRow() async {
        let clock = TestClock()
        let episodes = (0..<3).map { Episode(id: uuid($0), isFavorite: false, title: "Functions") }
        let store = TestStore(model: Episodes(episodes: episodes), middleware: [favoriting]) {
            $0[FavoriteClient.self].favorite = { _, isFavorite in
                try await clock.sleep(for: .seconds(1))
                return isFavorite
            }
        }
        await store.send(Episode.FavoriteButtonTapped(targetID: uuid(1))) { $0.episodes[1].isFavorite = true }
        await store.send(Episode.FavoriteButtonTapped(targetID: uuid(2))) { $0.episodes[2].isFavorite = true }
        await store.send(Episodes.Remove(id: uuid(0))) { $0.episodes.removeFirst() }
        await clock.advance(by: .seconds(1))
        await store.receive(Episode.FavoriteResponse(id: uuid(1), isFavorite: true))
        await store.receive(Episode.FavoriteResponse(id: uuid(2), isFavorite: true))

        await store.send(Episode.FavoriteButtonTapped(targetID: uuid(2))) { $0.episodes[1].isFavorite = false }
        await store.send(Episodes.Remove(id: uuid(2))) { $0.episodes.removeLast() }
        await clock.advance(by: .seconds(1))
        // The removed row's request ended with it: nothing to receive, nothing running.
    }
}

/// VoiceMemos: a memo plays with a timer of its own; tapping play again stops it; deleting a
/// memo while it plays ends its effect, whose cancelled client call then fails, as TCA's does.
struct VoiceMemo: Model, Equatable, Identifiable {
    enum Mode: Equatable {
        case notPlaying
        case playing(progress: Double)
    }

    var date = Date(timeIntervalSince1970: 0)
    var duration: Double
    var mode = Mode.notPlaying
    var title = ""
    var url: URL
    var id: URL { url }

    struct PlayButtonTapped: TargetedAction, Equatable {
        typealias Target = VoiceMemo
        let targetID: URL
    }
    struct TimerUpdated: TargetedAction, Equatable {
        typealias Target = VoiceMemo
        let targetID: URL
        let time: Double
    }
    struct AudioPlayerFinished: TargetedAction, Equatable {
        typealias Target = VoiceMemo
        let targetID: URL
        let succeeded: Bool
    }
    struct Delete: TargetedAction, Equatable {
        typealias Target = VoiceMemo
        let targetID: URL
    }

    mutating func update(action: Action) {
        switch action {
        case let tap as PlayButtonTapped where tap.targetID == url:
            mode = mode == .notPlaying ? .playing(progress: 0) : .notPlaying
        case let timer as TimerUpdated where timer.targetID == url:
            if case .playing = mode { mode = .playing(progress: timer.time / duration) }
        case let finished as AudioPlayerFinished where finished.targetID == url:
            mode = .notPlaying
        default:
            break
        }
    }
}

struct VoiceMemos: Model, Equatable {
    var voiceMemos: [VoiceMemo]
    mutating func update(action: Action) {
        if let delete = action as? VoiceMemo.Delete { voiceMemos.removeAll { $0.url == delete.targetID } }
    }
}

/// The audio player, as the app's `AudioPlayerClient`.
struct AudioPlayerClient: DependencyKey, Sendable {
    var play: @Sendable (URL) async throws -> Bool
    static var liveValue: AudioPlayerClient { AudioPlayerClient { _ in true } }
}

@MainActor
let voiceMemoEffects = EffectHandler(effects: [
    Effect(
        model: VoiceMemo.self, action: VoiceMemo.PlayButtonTapped.self, id: "play", cancelInFlight: true,
        when: { _, after in after.mode != .notPlaying }
    ) { memo, _, send in
        let url = memo.url
        async let playAudio: Void = send(
            VoiceMemo.AudioPlayerFinished(
                targetID: url,
                succeeded: (try? await send.dependencies[AudioPlayerClient.self].play(url)) ?? false))
        var start = 0.0
        for await _ in send.dependencies.clock.timer(interval: .milliseconds(500)) {
            start += 0.5
            await send(VoiceMemo.TimerUpdated(targetID: url, time: start))
        }
        await playAudio
    },
    Effect.cancel(id: "play", on: VoiceMemo.PlayButtonTapped.self, model: VoiceMemo.self) { _, after in
        after.mode == .notPlaying
    },
    Effect.cancel(id: "play", on: VoiceMemo.AudioPlayerFinished.self),
])

private let deadbeefURL = URL(fileURLWithPath: "/tmp/deadbeef.m4a")

@MainActor
final class VoiceMemoPortTests: XCTestCase {
    func testPlayMemoHappyPath() async {
        let clock = TestClock()
        let store = TestStore(
            model: VoiceMemos(voiceMemos: [VoiceMemo(duration: 1.25, url: deadbeefURL)]),
            middleware: [voiceMemoEffects]
        ) {
            $0[AudioPlayerClient.self] = AudioPlayerClient { _ in
                try await clock.sleep(for: .milliseconds(1_250))
                return true
            }
            $0.clock = clock
        }

        await store.send(VoiceMemo.PlayButtonTapped(targetID: deadbeefURL)) {
            $0.voiceMemos[0].mode = .playing(progress: 0)
        }
        await clock.advance(by: .milliseconds(500))
        await store.receive(VoiceMemo.TimerUpdated(targetID: deadbeefURL, time: 0.5)) {
            $0.voiceMemos[0].mode = .playing(progress: 0.4)
        }
        await clock.advance(by: .milliseconds(500))
        await store.receive(VoiceMemo.TimerUpdated(targetID: deadbeefURL, time: 1)) {
            $0.voiceMemos[0].mode = .playing(progress: 0.8)
        }
        await clock.advance(by: .milliseconds(250))
        await store.receive(VoiceMemo.AudioPlayerFinished(targetID: deadbeefURL, succeeded: true)) {
            $0.voiceMemos[0].mode = .notPlaying
        }
    }

    func testStopMemo() async {
        let store = TestStore(
            model: VoiceMemos(voiceMemos: [VoiceMemo(duration: 30, mode: .playing(progress: 0.3), url: deadbeefURL)]),
            middleware: [voiceMemoEffects])
        await store.send(VoiceMemo.PlayButtonTapped(targetID: deadbeefURL)) { $0.voiceMemos[0].mode = .notPlaying }
    }

    func testDeleteMemoWhilePlaying() async {
        let clock = TestClock()
        let store = TestStore(
            model: VoiceMemos(voiceMemos: [VoiceMemo(duration: 10, url: deadbeefURL)]), middleware: [voiceMemoEffects]
        ) {
            $0[AudioPlayerClient.self] = AudioPlayerClient { _ in
                try await clock.sleep(for: .seconds(1_000_000))
                return true
            }
            $0.clock = clock
        }
        await store.send(VoiceMemo.PlayButtonTapped(targetID: deadbeefURL)) {
            $0.voiceMemos[0].mode = .playing(progress: 0)
        }
        await store.send(VoiceMemo.Delete(targetID: deadbeefURL)) { $0.voiceMemos = [] }
        // The cancelled call's failure is dropped without a word: nothing to receive, no
        // diagnostic, nothing running.
    }
}
