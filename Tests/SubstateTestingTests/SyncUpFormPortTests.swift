import Foundation
import Substate
import SubstateMiddleware
import SubstateReplay
import SubstateTesting
import XCTest

// TCA's SyncUpFormTests, ported with their scenarios and expected values, on the SyncUps port's
// form (`SyncUpEditForm`): the form draws a UUID only when its reducer uses one (a blank
// attendee when the list is empty), so the test's `.incrementing` sequence is TCA's, with no
// middleware repeating the reducer's conditions.

extension SyncUpEditForm {
    /// The form of a sync-up, made as TCA's `State.init` makes it: a sync-up without attendees
    /// gets a blank one, with a UUID drawn from `uuid` only then.
    init(syncUp: SyncUp, uuid: UUIDGenerator) {
        self.init(syncUp: syncUp, blankAttendee: syncUp.attendees.isEmpty ? uuid() : nil)
    }
}

@MainActor
final class SyncUpFormPortTests: XCTestCase {
    func testAddAttendee() async {
        let store = TestStore(
            model: { SyncUpEditForm(syncUp: SyncUp(id: UUID(), attendees: [], title: "Engineering"), uuid: $0.uuid) }
        ) { $0.uuid = .incrementing }

        XCTAssertEqual(store.state.syncUp.attendees, [Attendee(id: uuid(0))])

        await store.send(SyncUpEditForm.AddAttendeeButtonTapped()) {
            $0.focus = .attendee(uuid(1))
            $0.syncUp.attendees = [Attendee(id: uuid(0)), Attendee(id: uuid(1))]
        }
    }

    func testFocusRemoveAttendee() async {
        let attendees = (0..<4).map { _ in Attendee(id: UUID()) }
        let store = TestStore(
            model: {
                SyncUpEditForm(syncUp: SyncUp(id: UUID(), attendees: attendees, title: "Engineering"), uuid: $0.uuid)
            }
        ) { $0.uuid = .incrementing }

        await store.send(SyncUpEditForm.DeleteAttendees(atOffsets: [0])) {
            $0.focus = .attendee($0.syncUp.attendees[1].id)
            $0.syncUp.attendees = [$0.syncUp.attendees[1], $0.syncUp.attendees[2], $0.syncUp.attendees[3]]
        }

        await store.send(SyncUpEditForm.DeleteAttendees(atOffsets: [1])) {
            $0.focus = .attendee($0.syncUp.attendees[2].id)
            $0.syncUp.attendees = [$0.syncUp.attendees[0], $0.syncUp.attendees[2]]
        }

        await store.send(SyncUpEditForm.DeleteAttendees(atOffsets: [1])) {
            $0.focus = .attendee($0.syncUp.attendees[0].id)
            $0.syncUp.attendees = [$0.syncUp.attendees[0]]
        }

        await store.send(SyncUpEditForm.DeleteAttendees(atOffsets: [0])) {
            $0.focus = .attendee(uuid(0))
            $0.syncUp.attendees = [Attendee(id: uuid(0))]
        }
    }

    /// A replay never stamps: the deletion that emptied the list replays with the UUID it drew,
    /// and the deletions that did not draw one replay without.
    func testTheDrawnUUIDIsRecordedAndReplayed() async throws {
        let log = MemoryLog()
        let attendees = [Attendee(id: uuid(8)), Attendee(id: uuid(9))]
        let store = Store(
            model: SyncUpEditForm(syncUp: SyncUp(id: uuid(7), attendees: attendees), uuid: .incrementing),
            middleware: [ActionRecorder(to: log, digestEvery: 1)],
            dependencies: Dependencies { $0.uuid = .incrementing })
        store.update(SyncUpEditForm.DeleteAttendees(atOffsets: [0]))
        store.update(SyncUpEditForm.DeleteAttendees(atOffsets: [0]))
        XCTAssertEqual(store.find(SyncUpEditForm.self)?.syncUp.attendees, [Attendee(id: uuid(0))])
        let replay = try Replay.run(try ActionLog(lines: log.lines), as: SyncUpEditForm.self)
        XCTAssertNil(replay.divergence)
        XCTAssertEqual(replay.store.find(SyncUpEditForm.self), store.find(SyncUpEditForm.self))
        XCTAssertEqual(log.lines.filter { $0.contains(#""blank":"0000"#) }.count, 1, "one deletion drew a UUID")
    }
}
