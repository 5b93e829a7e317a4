import Foundation
import Substate
import SubstateMiddleware
import SubstateReplay
import SubstateTesting
import XCTest

/// SyncUps' meeting form: adding an attendee makes a new UUID, a reducer's `uuid()` in TCA.
struct MeetingForm: Model, Equatable, Codable {
    struct Attendee: Equatable, Codable {
        var id: UUID
        var name = ""
    }
    var attendees: [Attendee] = []
    var startedAt: Date?
    var seed = 0

    struct AddAttendee: StampedAction, Codable {
        var id = UUID()
        mutating func stamp(from dependencies: Dependencies) { id = dependencies.uuid() }
    }

    /// Several values from several dependencies, and a plain field the sender sets.
    struct Start: StampedAction, Codable {
        var title: String
        var now = Date.distantPast
        var seed = 0
        mutating func stamp(from dependencies: Dependencies) {
            now = dependencies.date.now
            seed = Int(dependencies.random.next() % 1_000)
        }
    }

    mutating func update(action: Action) {
        switch action {
        case let add as AddAttendee: attendees.append(Attendee(id: add.id))
        case let start as Start:
            startedAt = start.now
            seed = start.seed
        default: ()
        }
    }
}

/// Adds an attendee for each `Invite`, from middleware: a dispatch the store stamps too.
struct Inviter: Middleware {
    struct Invite: Action, Codable {}
    func handle(_ action: Action, store: Store, next: Next) {
        next(action)
        if action is Invite { store.update(MeetingForm.AddAttendee()) }
    }
}

func uuid(_ number: Int) -> UUID {
    UUID(uuidString: String(format: "00000000-0000-0000-0000-%012x", number))!
}

@MainActor
final class StampedActionTests: XCTestCase {
    let day = Date(timeIntervalSince1970: 1_800_000_000)

    func testATestStoreStampsFromItsDependenciesAndMatchesTheStampedAction() async {
        let store = TestStore(model: MeetingForm()) {
            $0.uuid = .incrementing
            $0.date = .constant(Date(timeIntervalSince1970: 1_800_000_000))
            $0.random = .seeded(7)
        }
        await store.send(MeetingForm.AddAttendee()) { $0.attendees = [.init(id: uuid(0))] }
        await store.send(MeetingForm.AddAttendee()) { $0.attendees.append(.init(id: uuid(1))) }
        let expected = RandomSource.seeded(7)
        let seed = Int(expected.next() % 1_000)
        await store.send(MeetingForm.Start(title: "standup")) {
            $0.startedAt = self.day
            $0.seed = seed
        }
    }

    func testActionsDispatchedByMiddlewareAndEffectsAreStampedToo() async {
        let store = Store(
            model: MeetingForm(), middleware: [Inviter()], dependencies: Dependencies { $0.uuid = .incrementing })
        store.update(Inviter.Invite())
        store.update(Inviter.Invite())
        await withCheckedContinuation { done in
            store.effects.run { send in
                await send(MeetingForm.AddAttendee())
                done.resume()
            }
        }
        XCTAssertEqual(store.find(MeetingForm.self)?.attendees.map(\.id), [uuid(0), uuid(1), uuid(2)])
    }

    func testTheLogHoldsTheStampedValuesAndAReplayReproducesThemWithoutStamping() throws {
        let log = MemoryLog()
        let store = Store(
            model: MeetingForm(), middleware: [ActionRecorder(to: log)],
            dependencies: Dependencies {
                $0.uuid = .incrementing
                $0.date = .constant(Date(timeIntervalSince1970: 1_800_000_000))
            })
        store.update(MeetingForm.AddAttendee())
        store.update(MeetingForm.Start(title: "review"))
        store.update(MeetingForm.AddAttendee())
        XCTAssertTrue(log.text.contains(#""id":"00000000-0000-0000-0000-000000000001""#), log.text)
        // The replay's store has live dependencies: random UUIDs and today's date. Stamping
        // again would make another state, and a divergence at the recorded digest.
        let outcome = try Replay.run(ActionLog(text: log.text), as: MeetingForm.self)
        XCTAssertNil(outcome.divergence)
        let replayed = outcome.store.find(MeetingForm.self)
        XCTAssertEqual(replayed, store.find(MeetingForm.self))
        XCTAssertEqual(replayed?.attendees.map(\.id), [uuid(0), uuid(1)])
        XCTAssertEqual(replayed?.startedAt, day)
    }

    func testPlainActionsOfManyTypesPassUnstamped() async {
        // More action types than the store's table of plain types has slots.
        struct Plain<Tag>: Action {}
        enum T0 {}
        enum T1 {}
        enum T2 {}
        enum T3 {}
        let store = Store(model: MeetingForm(), dependencies: Dependencies { $0.uuid = .incrementing })
        for _ in 0..<3 {
            store.update(Plain<T0>())
            store.update(Plain<T1>())
            store.update(MeetingForm.AddAttendee())
            store.update(Plain<T2>())
            store.update(Plain<T3>())
        }
        XCTAssertEqual(store.find(MeetingForm.self)?.attendees.map(\.id), [uuid(0), uuid(1), uuid(2)])
    }
}
