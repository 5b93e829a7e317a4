import Foundation
import Substate
import SubstateMiddleware
import SubstateTesting
import XCTest

// TCA's SyncUpDetailTests, ported with their scenarios and expected values. The detail's
// sync-up is a `Shared` field: shown alone, under a key of its own (TCA's `Shared(value:)`);
// in `testDelete`, one element of the shared sync-ups, which a model beside the detail holds.

/// The sync-ups a test declares beside the screen it tests: TCA's `@Shared(.syncUps) var
/// syncUps = [...]` in a test. Its field gives the key its value in the test store, and an
/// unasserted change to it fails the test.
struct SyncUpsFile: Model, Equatable {
    @Shared(.syncUps) var syncUps: [SyncUp] = []

    init(syncUps: [SyncUp]) {
        _syncUps = Shared(.syncUps, value: syncUps)
    }
}

@MainActor
final class SyncUpsDetailPortTests: XCTestCase {
    func testSpeechRestricted() async {
        let store = TestStore(model: SyncUpDetail(syncUp: Shared(.syncUp, value: .mock)), middleware: [syncUpsEffects])
        {
            $0[SpeechClient.self].authorizationStatus = { .restricted }
        }

        await store.send(SyncUpDetail.StartMeetingButtonTapped()) {
            $0.destination = .alert(.speechRecognitionRestricted)
        }
    }

    func testSpeechDenied() async {
        let store = TestStore(model: SyncUpDetail(syncUp: Shared(.syncUp, value: .mock)), middleware: [syncUpsEffects])
        {
            $0[SpeechClient.self].authorizationStatus = {
                .denied
            }
        }

        await store.send(SyncUpDetail.StartMeetingButtonTapped()) {
            $0.destination = .alert(.speechRecognitionDenied)
        }
    }

    func testOpenSettings() async {
        let settingsOpened = Flag()  // TCA: LockIsolated(false)

        let store = TestStore(
            model: SyncUpDetail(destination: .alert(.speechRecognitionDenied), syncUp: Shared(.syncUp, value: .mock)),
            middleware: [syncUpsEffects]
        ) {
            $0[OpenSettings.self] = OpenSettings { settingsOpened.set() }
            $0[SpeechClient.self].authorizationStatus = { .denied }
        }

        await store.send(SyncUpDetail.Alert.openSettings) {  // TCA: \.destination.alert.openSettings
            $0.destination = nil
        }
        XCTAssertTrue(settingsOpened.isSet)
    }

    func testContinueWithoutRecording() async {
        let store = TestStore(
            model: SyncUpDetail(destination: .alert(.speechRecognitionDenied), syncUp: Shared(.syncUp, value: .mock)),
            middleware: [syncUpsEffects]
        ) {
            $0[SpeechClient.self].authorizationStatus = { .denied }
        }

        // TCA: \.destination.alert.continueWithoutRecording
        await store.send(SyncUpDetail.Alert.continueWithoutRecording) {
            $0.destination = nil
        }

        await store.receive(SyncUpDetail.Delegate.StartMeeting.self)  // TCA: \.delegate.startMeeting
    }

    func testSpeechAuthorized() async {
        let store = TestStore(model: SyncUpDetail(syncUp: Shared(.syncUp, value: .mock)), middleware: [syncUpsEffects])
        {
            $0[SpeechClient.self].authorizationStatus = { .authorized }
        }

        await store.send(SyncUpDetail.StartMeetingButtonTapped())

        await store.receive(SyncUpDetail.Delegate.StartMeeting.self)  // TCA: \.delegate.startMeeting
    }

    func testEdit() async {
        var syncUp = SyncUp.mock
        let store = TestStore(model: SyncUpDetail(syncUp: Shared(.syncUp, value: syncUp)), middleware: [syncUpsEffects])
        {
            $0.uuid = .incrementing
        }

        await store.send(SyncUpDetail.EditButtonTapped()) {
            $0.destination = .edit(SyncUpEditForm(syncUp: syncUp))
        }

        syncUp.title = "Blob's Meeting"
        await store.send(BindingAction(\SyncUpEditForm.syncUp, syncUp)) {  // TCA: \.destination.edit.binding.syncUp
            // TCA: $0.destination?.modify(\.edit) { ... }
            $0.modify(SyncUpEditForm.self) { $0.syncUp.title = "Blob's Meeting" }
        }

        await store.send(SyncUpDetail.DoneEditingButtonTapped()) {
            $0.destination = nil
            $0.syncUp.title = "Blob's Meeting"  // TCA: $0.$syncUp.withLock { $0.title = "Blob's Meeting" }
        }
    }

    func testDelete() async throws {
        let syncUp = SyncUp.mock
        let file = SyncUpsFile(syncUps: [syncUp])  // TCA: @Shared(.syncUps) var syncUps = [syncUp]
        // TCA: defer { #expect(syncUps == []) }; here the file is beside the detail in the test
        // store, which fails on any change to it the test does not assert.

        let sharedSyncUp = try XCTUnwrap(file.$syncUps[id: syncUp.id])
        let store = TestStore(model: SyncUpDetail(syncUp: sharedSyncUp), beside: [file], middleware: [syncUpsEffects])
        await store.send(SyncUpDetail.DeleteButtonTapped()) {
            $0.destination = .alert(.deleteSyncUp)
        }
        await store.send(SyncUpDetail.Alert.confirmDeletion) {  // TCA: \.destination.alert.confirmDeletion
            $0.destination = nil
            $0.syncUps = []  // the sync-ups beside the detail, as TCA's deferred #expect(syncUps == [])
        }
        XCTAssertTrue(store.isDismissed)
    }
}
