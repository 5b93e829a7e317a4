import Foundation
import Substate
import SubstateMiddleware
import SubstateReplay
import SubstateTesting
import XCTest

// TCA's SyncUpFormTests, ported with their scenarios and expected values: the form draws a UUID
// only when its reducer uses one (a blank attendee when the list is empty), so the test's
// `.incrementing` sequence is TCA's, with no middleware repeating the reducer's conditions.

struct FormAttendee: Equatable, Codable, Identifiable {
    var id: UUID
    var name = ""
}

struct FormSyncUp: Equatable, Codable {
    var id: UUID
    var attendees: [FormAttendee] = []
    var title = ""
}

struct SyncUpForm: Model, Equatable, Codable {
    enum Field: Hashable, Codable {
        case attendee(FormAttendee.ID)
        case title
    }

    var focus: Field? = .title
    var syncUp: FormSyncUp

    /// The form of a sync-up; a sync-up without attendees gets a blank one, with a UUID drawn
    /// from `uuid`, as TCA's `State.init` draws from its dependency.
    init(syncUp: FormSyncUp, uuid: UUIDGenerator) {
        self.syncUp = syncUp
        if self.syncUp.attendees.isEmpty { self.syncUp.attendees.append(FormAttendee(id: uuid())) }
    }

    struct AddAttendeeButtonTapped: StampedAction, Equatable, Codable {
        var id = UUID()
        mutating func stamp(from dependencies: Dependencies) { id = dependencies.uuid() }
    }

    /// Deletes attendees; when that empties the list, a blank attendee takes their place, with
    /// a UUID drawn only then.
    struct DeleteAttendees: StampedFromState, Equatable, Codable {
        let atOffsets: IndexSet
        var blank: UUID?
        init(atOffsets: IndexSet) { self.atOffsets = atOffsets }
        mutating func stamp(from dependencies: Dependencies, state form: SyncUpForm) {
            if form.syncUp.attendees.indices.allSatisfy(atOffsets.contains) { blank = dependencies.uuid() }
        }
    }

    mutating func update(action: Action) {
        switch action {
        case let add as AddAttendeeButtonTapped:
            syncUp.attendees.append(FormAttendee(id: add.id))
            focus = .attendee(add.id)
        case let delete as DeleteAttendees:
            for index in delete.atOffsets.sorted(by: >) { syncUp.attendees.remove(at: index) }
            if syncUp.attendees.isEmpty, let blank = delete.blank { syncUp.attendees.append(FormAttendee(id: blank)) }
            guard let first = delete.atOffsets.first else { return }
            focus = .attendee(syncUp.attendees[min(first, syncUp.attendees.count - 1)].id)
        default:
            break
        }
    }
}

@MainActor
final class SyncUpFormPortTests: XCTestCase {
    func testAddAttendee() async {
        let store = TestStore(
            model: { SyncUpForm(syncUp: FormSyncUp(id: UUID(), attendees: [], title: "Engineering"), uuid: $0.uuid) }
        ) { $0.uuid = .incrementing }

        XCTAssertEqual(store.state.syncUp.attendees, [FormAttendee(id: uuid(0))])

        await store.send(SyncUpForm.AddAttendeeButtonTapped()) {
            $0.focus = .attendee(uuid(1))
            $0.syncUp.attendees = [FormAttendee(id: uuid(0)), FormAttendee(id: uuid(1))]
        }
    }

    func testFocusRemoveAttendee() async {
        let attendees = (0..<4).map { _ in FormAttendee(id: UUID()) }
        let store = TestStore(
            model: {
                SyncUpForm(syncUp: FormSyncUp(id: UUID(), attendees: attendees, title: "Engineering"), uuid: $0.uuid)
            }
        ) { $0.uuid = .incrementing }

        await store.send(SyncUpForm.DeleteAttendees(atOffsets: [0])) {
            $0.focus = .attendee($0.syncUp.attendees[1].id)
            $0.syncUp.attendees = [$0.syncUp.attendees[1], $0.syncUp.attendees[2], $0.syncUp.attendees[3]]
        }

        await store.send(SyncUpForm.DeleteAttendees(atOffsets: [1])) {
            $0.focus = .attendee($0.syncUp.attendees[2].id)
            $0.syncUp.attendees = [$0.syncUp.attendees[0], $0.syncUp.attendees[2]]
        }

        await store.send(SyncUpForm.DeleteAttendees(atOffsets: [1])) {
            $0.focus = .attendee($0.syncUp.attendees[0].id)
            $0.syncUp.attendees = [$0.syncUp.attendees[0]]
        }

        await store.send(SyncUpForm.DeleteAttendees(atOffsets: [0])) {
            $0.focus = .attendee(uuid(0))
            $0.syncUp.attendees = [FormAttendee(id: uuid(0))]
        }
    }

    /// A replay never stamps: the deletion that emptied the list replays with the UUID it drew,
    /// and the deletions that did not draw one replay without.
    func testTheDrawnUUIDIsRecordedAndReplayed() async throws {
        let log = MemoryLog()
        let attendees = [FormAttendee(id: uuid(8)), FormAttendee(id: uuid(9))]
        let store = Store(
            model: SyncUpForm(syncUp: FormSyncUp(id: uuid(7), attendees: attendees), uuid: .incrementing),
            middleware: [ActionRecorder(to: log, digestEvery: 1)],
            dependencies: Dependencies { $0.uuid = .incrementing })
        store.update(SyncUpForm.DeleteAttendees(atOffsets: [0]))
        store.update(SyncUpForm.DeleteAttendees(atOffsets: [0]))
        XCTAssertEqual(store.find(SyncUpForm.self)?.syncUp.attendees, [FormAttendee(id: uuid(0))])
        let replay = try Replay.run(try ActionLog(lines: log.lines), as: SyncUpForm.self)
        XCTAssertNil(replay.divergence)
        XCTAssertEqual(replay.store.find(SyncUpForm.self), store.find(SyncUpForm.self))
        XCTAssertEqual(log.lines.filter { $0.contains(#""blank":"0000"#) }.count, 1, "one deletion drew a UUID")
    }
}
