import Foundation
import Substate
import SubstateMiddleware
import SubstateTesting
import XCTest

// TCA's SyncUpsListTests, ported with their scenarios and expected values: the list's sync-ups
// are its `Shared(.syncUps)` field, and the UUIDs the list and its form draw are TCA's.

@MainActor
final class SyncUpsListPortTests: XCTestCase {
    func testAdd() async throws {
        let store = TestStore(model: SyncUpsList()) {
            $0.uuid = .incrementing
        }

        var syncUp = SyncUp(
            id: uuid(0),
            attendees: [
                Attendee(id: uuid(1))
            ]
        )
        await store.send(SyncUpsList.AddSyncUpButtonTapped()) {
            $0.destination = .add(SyncUpEditForm(syncUp: syncUp))
        }

        syncUp.title = "Engineering"
        await store.send(BindingAction(\SyncUpEditForm.syncUp, syncUp)) {  // TCA: \.destination.add.binding.syncUp
            // TCA: $0.destination?.modify(\.add) { ... }
            $0.modify(SyncUpEditForm.self) { $0.syncUp.title = "Engineering" }
        }

        await store.send(SyncUpsList.ConfirmAddSyncUpButtonTapped()) {
            $0.destination = nil
            $0.syncUps = [syncUp]  // TCA: $0.$syncUps.withLock { $0 = [syncUp] }
        }
    }

    func testAddAndConfirmValidatesAttendees() async throws {
        // TCA builds the initial state with the test's `uuid` (`@Dependency(\.uuid) var uuid`
        // read under the test store's dependencies): the closure form is given them.
        let store = TestStore(
            model: { dependencies in
                SyncUpsList(
                    destination: .add(
                        SyncUpEditForm(
                            syncUp: SyncUp(
                                id: UUID(uuidString: "deadbeef-dead-beef-dead-beefdeadbeef")!,
                                attendees: [
                                    Attendee(id: dependencies.uuid(), name: ""),
                                    Attendee(id: dependencies.uuid(), name: "    "),
                                ],
                                title: "Design"
                            )
                        )
                    )
                )
            }
        ) {
            $0.uuid = .incrementing
        }

        await store.send(SyncUpsList.ConfirmAddSyncUpButtonTapped()) {
            $0.destination = nil
            $0.syncUps = [  // TCA: $0.$syncUps.withLock { $0 = [...] }
                SyncUp(
                    id: UUID(uuidString: "deadbeef-dead-beef-dead-beefdeadbeef")!,
                    attendees: [
                        Attendee(id: uuid(0))
                    ],
                    title: "Design"
                )
            ]
        }
    }
}
