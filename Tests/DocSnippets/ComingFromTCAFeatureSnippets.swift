// swift-format-ignore-file
// The code below is the documentation's, line for line (SnippetCoverageTests), so it keeps
// the documents' layout rather than the formatter's.

import Foundation
import Substate
import SubstateMiddleware
import SubstateTesting
import XCTest

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
