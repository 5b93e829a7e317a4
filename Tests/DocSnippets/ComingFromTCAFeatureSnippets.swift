// swift-format-ignore-file
// The code below is the documentation's, line for line (SnippetCoverageTests), so it keeps
// the documents' layout rather than the formatter's.

import Foundation
import Substate
import SubstateMiddleware
import SubstateTesting
import XCTest

// MARK: ComingFromTCA.md, "Effects"

struct Basics: Model {
    var count = 0
    struct Decrement: Action {}
    struct Increment: Action {}
    struct DelayResponse: Action {}
}

extension Basics {
    mutating func update(action: Action) {
        if action is Decrement { count -= 1 }
        if action is Increment { count += 1 }
        if action is DelayResponse, count < 0 { count += 1 }
    }
}

@MainActor
let basicsEffects = EffectHandler(effects: [
    Effect(model: Basics.self, action: Basics.Decrement.self, id: "delay", when: { _, after in after.count < 0 }) {
        _, _, send in
        try await send.dependencies.clock.sleep(for: .seconds(1))
        await send(Basics.DelayResponse())
    },
    Effect.cancel(id: "delay", on: Basics.Increment.self, model: Basics.self) { _, after in after.count >= 0 },
])

struct Episode: Model, Identifiable {
    let id: Int
    var isFavorite = false
    struct FavoriteTapped: TargetedAction {
        typealias Target = Episode
        let targetID: Int
    }
    struct Saved: Action { let id: Int; let isFavorite: Bool }

    mutating func update(action: Action) {
        if let tap = action as? FavoriteTapped, tap.targetID == id { isFavorite.toggle() }
    }
}

@MainActor
let favoriting = EffectHandler(effects: [
    Effect(model: Episode.self, action: Episode.FavoriteTapped.self, id: "favorite", cancelInFlight: true) {
        episode, _, send in
        try await send.dependencies.clock.sleep(for: .seconds(1))  // the request
        await send(Episode.Saved(id: episode.id, isFavorite: episode.isFavorite))
    }
])

struct EpisodeList: Model {
    var episodes = [Episode(id: 1), Episode(id: 2)]
}

@MainActor
final class ComingFromTCAEffectsTests: XCTestCase {
    func testTheDelayStartsBelowZeroAndAnIncrementBackToZeroCancelsIt() async {
        let clock = TestClock()
        let store = Store(model: Basics(), middleware: [basicsEffects], dependencies: Dependencies { $0.clock = clock })
        store.effects.taskExecutor = MainQueueTaskExecutor.shared
        store.update(Basics.Increment())
        store.update(Basics.Decrement())
        XCTAssertEqual(store.effects.inFlightCount, 0, "at zero, no delay starts")
        store.update(Basics.Decrement())
        XCTAssertEqual(store.effects.inFlightCount, 1)
        store.update(Basics.Increment())
        await MainQueueTaskExecutor.settle()
        XCTAssertEqual(store.effects.inFlightCount, 0, "back at zero, the delay is cancelled")
    }

    func testEachRowsSecondTapCancelsThatRowsRequestAlone() async {
        let clock = TestClock()
        let saved = SavedEpisodes()
        let store = Store(model: EpisodeList(), middleware: [favoriting], dependencies: Dependencies { $0.clock = clock })
        store.effects.taskExecutor = MainQueueTaskExecutor.shared
        _ = store.observeReductions { action, _ in
            if let action = action as? Episode.Saved { saved.list.append(action.id) }
        }
        store.update(Episode.FavoriteTapped(targetID: 1))
        store.update(Episode.FavoriteTapped(targetID: 2))
        store.update(Episode.FavoriteTapped(targetID: 2))
        await MainQueueTaskExecutor.settle()
        await clock.advance(by: .seconds(1))
        await MainQueueTaskExecutor.settle()
        XCTAssertEqual(saved.list.sorted(), [1, 2], "one request per row answered; row 2's first was cancelled")
    }
}

@MainActor
final class SavedEpisodes {
    var list: [Int] = []
}

// MARK: ComingFromTCA.md, "A whole feature, ported"

/// The numbers service the live client would call; never reached in tests.
enum NumbersAPI {
    static func fact(about number: Int) async throws -> String { "\(number) is a number." }
}

struct FactClient: DependencyKey, Sendable {
    var fetch: @Sendable (Int) async throws -> String
    static let liveValue = FactClient { number in try await NumbersAPI.fact(about: number) }
}

struct CounterFeature: Model, Equatable {
    enum Destination: Equatable {
        case fact(FactSheet)
        case settings(SettingsForm)
    }
    var count = 0
    var isLoading = false
    var destination: Destination?

    struct IncrementTapped: Action {}
    struct FactTapped: Action {}
    struct FactLoaded: Action { let fact: String }
    struct SettingsTapped: Action {}
    struct DismissTapped: Action {}

    mutating func update(action: Action) {
        switch action {
        case is IncrementTapped: count += 1
        case is FactTapped: isLoading = true
        case let loaded as FactLoaded:
            isLoading = false
            destination = .fact(FactSheet(text: loaded.fact))
        case is SettingsTapped: destination = .settings(SettingsForm())
        case is DismissTapped: destination = nil
        default: break
        }
    }
}

struct FactSheet: Model, Equatable {
    var text: String
    mutating func update(action: Action) {}
}

struct SettingsForm: Model, Equatable {
    var showsConfetti = true
    struct ToggleConfetti: Action {}

    mutating func update(action: Action) {   // reached while the form is presented
        if action is ToggleConfetti { showsConfetti.toggle() }
    }
}

@MainActor
let counterEffects = EffectHandler(effects: [
    Effect(model: CounterFeature.self, action: CounterFeature.FactTapped.self) { feature, _, send in
        let fact = try await send.dependencies[FactClient.self].fetch(feature.count)
        await send(CounterFeature.FactLoaded(fact: fact))
    }
])

/// The ported feature's test, as the page shows it beside TCA's.
@MainActor
final class ComingFromTCAFeatureTests: XCTestCase {
    func testTheFactSheetShowsTheFetchedFact() async {
        let store = TestStore(model: CounterFeature(), middleware: [counterEffects]) {
            $0[FactClient.self] = FactClient { "\($0) is a good number." }
        }
        await store.send(CounterFeature.IncrementTapped()) { $0.count = 1 }
        await store.send(CounterFeature.FactTapped()) { $0.isLoading = true }
        await store.receive(CounterFeature.FactLoaded.self) {
            $0.isLoading = false
            $0.destination = .fact(FactSheet(text: "1 is a good number."))
        }
        await store.send(CounterFeature.SettingsTapped()) { $0.destination = .settings(SettingsForm()) }
        await store.send(SettingsForm.ToggleConfetti()) {
            $0.destination = .settings(SettingsForm(showsConfetti: false))
        }
        await store.finish()
    }

    func testTheAppsStoreUsesTheLiveClient() async {
        let store = Store(model: CounterFeature(), middleware: [counterEffects])
        store.update(CounterFeature.FactTapped())
        await store.effects.waitForAll()
        XCTAssertEqual(store.find(CounterFeature.self)?.destination, .fact(FactSheet(text: "0 is a number.")))
        store.update(CounterFeature.DismissTapped())
        XCTAssertNil(store.find(CounterFeature.self)?.destination)
    }
}

// MARK: ComingFromTCA.md, "Effects": a reducer's `uuid()`

struct Attendee: Equatable {
    var id: UUID
}

struct AddAttendee: StampedAction, Codable {
    var id = UUID()  // replaced by the store's UUID when the action is dispatched
    mutating func stamp(from dependencies: Dependencies) { id = dependencies.uuid() }
}

struct SyncUpForm: Model, Equatable {
    var attendees: [Attendee] = []

    mutating func update(action: Action) {
        if let add = action as? AddAttendee { attendees.append(Attendee(id: add.id)) }
    }
}

@MainActor
final class ComingFromTCAStampTests: XCTestCase {
    func testANewAttendeeGetsTheTestStoresUUID() async {
let store = TestStore(model: SyncUpForm()) { $0.uuid = .incrementing }
await store.send(AddAttendee()) {
    $0.attendees = [Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!)]
}
        await store.send(AddAttendee()) {
            $0.attendees.append(Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!))
        }
    }
}
