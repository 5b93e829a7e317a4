import Foundation
import Substate
import SubstateMiddleware
import SubstateReplay
import SubstateTesting
import XCTest

// TCA's AppFeatureTests, ported with their scenarios and expected values. The detail pushed on
// the stack holds one element of the list's shared sync-ups (`$syncUps[id:]`); the record
// screen holds the detail's. An expected change is written once, on the screen that made it,
// and reaches every other field of the same key, as the store's write did.

@MainActor
final class SyncUpsAppPortTests: XCTestCase {
    typealias Path = ScreenStack<AppFeature.Path>

    func testDetailEdit() async throws {
        let syncUp = SyncUp.mock
        let file = SyncUpsFile(syncUps: [syncUp])  // TCA: @Shared(.syncUps) var syncUps = [syncUp]
        let store = TestStore(model: AppFeature(), beside: [file], middleware: [syncUpsEffects])

        let sharedSyncUp = try XCTUnwrap(file.$syncUps[id: syncUp.id])

        await store.send(Path.Push(.detail(SyncUpDetail(syncUp: sharedSyncUp)))) {  // TCA: \.path.push, (id: 0, ...)
            $0.path.push(.detail(SyncUpDetail(syncUp: sharedSyncUp)))  // TCA: $0.path[id: 0] = .detail(...)
        }

        // TCA: \.path[id: 0].detail.editButtonTapped
        await store.send(Path.ToElement(id: 0, SyncUpDetail.EditButtonTapped())) {
            // TCA: $0.path[id: 0]?.modify(\.detail) { ... }
            $0.path[id: 0]?.modify(SyncUpDetail.self) { $0.destination = .edit(SyncUpEditForm(syncUp: syncUp)) }
        }

        var newSyncUp = syncUp
        newSyncUp.title = "Blob"
        // TCA: \.path[id: 0].detail.destination.edit.binding.syncUp, newSyncUp
        await store.send(Path.ToElement(id: 0, BindingAction(\SyncUpEditForm.syncUp, newSyncUp))) {
            $0.path[id: 0]?.modify(SyncUpEditForm.self) { $0.syncUp.title = "Blob" }
        }

        await store.send(Path.ToElement(id: 0, SyncUpDetail.DoneEditingButtonTapped())) {
            $0.path[id: 0]?.modify(SyncUpDetail.self) {
                $0.destination = nil
                $0.syncUp.title = "Blob"  // TCA: $0.$syncUp.withLock { $0.title = "Blob" }
            }
        }
        .finish()
    }

    func testDelete() async throws {
        let syncUp = SyncUp.mock
        let file = SyncUpsFile(syncUps: [syncUp])  // TCA: @Shared(.syncUps) var syncUps = [syncUp]
        let store = TestStore(model: AppFeature(), beside: [file], middleware: [syncUpsEffects])

        let sharedSyncUp = try XCTUnwrap(file.$syncUps[id: syncUp.id])

        await store.send(Path.Push(.detail(SyncUpDetail(syncUp: sharedSyncUp)))) {
            $0.path.push(.detail(SyncUpDetail(syncUp: sharedSyncUp)))
        }

        await store.send(Path.ToElement(id: 0, SyncUpDetail.DeleteButtonTapped())) {
            $0.path[id: 0]?.modify(SyncUpDetail.self) { $0.destination = .alert(.deleteSyncUp) }
        }

        // TCA: \.path[id: 0].detail.destination.alert.confirmDeletion
        await store.send(Path.ToElement(id: 0, SyncUpDetail.Alert.confirmDeletion)) {
            $0.path[id: 0]?.modify(SyncUpDetail.self) { $0.destination = nil }
            $0.syncUpsList.syncUps = []  // TCA: $0.syncUpsList.$syncUps.withLock { $0 = [] }
        }

        await store.receive(Path.PopFrom(id: 0)) {  // TCA: \.path.popFrom
            $0.path = ScreenStack()  // TCA: $0.path = StackState()
        }
    }

    func testRecording() async {
        let speechResult = SpeechRecognitionResult.completedProject
        let syncUp = SyncUp.threeAttendees()

        let sharedSyncUp = Shared(.syncUp, value: syncUp)  // TCA: Shared(value: syncUp)
        let store = TestStore(
            model: AppFeature(
                path: ScreenStack([
                    .detail(SyncUpDetail(syncUp: sharedSyncUp)),
                    .record(RecordMeeting(syncUp: sharedSyncUp)),
                ])
            ),
            middleware: [syncUpsEffects]
        ) {
            $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890))
            $0.clock = ImmediateClock()  // TCA: $0.continuousClock = ImmediateClock()
            $0[SpeechClient.self].authorizationStatus = { .authorized }
            $0[SpeechClient.self].startTask = { @Sendable in
                AsyncThrowingStream { continuation in
                    continuation.yield(speechResult)
                    continuation.finish()
                }
            }
            $0.uuid = .incrementing
        }

        await store.withExhaustivity(.off) {
            await store.send(Path.ToElement(id: 1, RecordMeeting.OnTask()))  // TCA: \.path[id: 1].record.onTask
            await store.receive(Path.PopFrom.self) {  // TCA: \.path.popFrom
                XCTAssertEqual($0.path.count, 1)
            }
        }
        await store.finish()
        store.assert {
            $0.path[id: 0]?.modify(SyncUpDetail.self) {
                $0.syncUp.meetings = [  // TCA: $0.$syncUp.withLock { $0.meetings = [...] }
                    Meeting(
                        id: uuid(0),
                        date: Date(timeIntervalSince1970: 1_234_567_890),
                        transcript: "I completed the project"
                    )
                ]
            }
        }
    }

    /// A session of the whole app, recorded: two sync-ups added, one edited in its detail, a
    /// meeting recorded on it and the other deleted. The list, the detail and the record screen
    /// see one sync-up throughout, and the log replays to the same state, step by step.
    func testASessionOfTheWholeAppIsRecordedAndReplayed() async throws {
        let log = MemoryLog()
        let clock = TestClock()
        let store = Store(
            model: AppFeature(), middleware: [syncUpsEffects, ActionRecorder(to: log, digestEvery: 1)],
            dependencies: Dependencies {
                $0.uuid = .incrementing
                $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890))
                $0.clock = clock
                $0[SpeechClient.self] = SpeechClient(
                    authorizationStatus: { .authorized }, requestAuthorization: { .authorized },
                    startTask: {
                        AsyncThrowingStream { continuation in
                            continuation.yield(
                                SpeechRecognitionResult(
                                    bestTranscription: Transcription(formattedString: "Shipped the port"), isFinal: true
                                ))
                            continuation.finish()
                        }
                    })
            })
        store.effects.taskExecutor = MainQueueTaskExecutor.shared
        var list: SyncUpsList { store.find(SyncUpsList.self)! }

        for title in ["Engineering", "Product"] {
            store.update(SyncUpsList.AddSyncUpButtonTapped())
            var syncUp = try XCTUnwrap(store.find(SyncUpEditForm.self)).syncUp
            syncUp.title = title
            syncUp.duration = .seconds(6)
            syncUp.attendees[0].name = "Blob"
            store.update(BindingAction(\SyncUpEditForm.syncUp, syncUp))
            store.update(SyncUpEditForm.AddAttendeeButtonTapped())
            store.update(SyncUpsList.ConfirmAddSyncUpButtonTapped())
        }
        XCTAssertEqual(list.syncUps.map(\.title), ["Engineering", "Product"])
        XCTAssertEqual(list.syncUps.map { $0.attendees.map(\.name) }, [["Blob"], ["Blob"]], "blank attendees left out")
        let engineering = list.syncUps[0]

        // The detail edits its sync-up: the list reads the change.
        store.update(Path.Push(.detail(SyncUpDetail(syncUp: try XCTUnwrap(list.$syncUps[id: engineering.id])))))
        store.update(Path.ToElement(id: 0, SyncUpDetail.EditButtonTapped()))
        var edited = try XCTUnwrap(store.find(SyncUpEditForm.self)).syncUp
        edited.title = "Engineering sync"
        edited.attendees.append(Attendee(id: uuid(99), name: "Blob Jr"))
        store.update(Path.ToElement(id: 0, BindingAction(\SyncUpEditForm.syncUp, edited)))
        store.update(Path.ToElement(id: 0, SyncUpDetail.DoneEditingButtonTapped()))
        XCTAssertEqual(list.syncUps.map(\.title), ["Engineering sync", "Product"])

        // A meeting is recorded on it: the record screen saves it, the list and the detail read it.
        store.update(Path.ToElement(id: 0, SyncUpDetail.StartMeetingButtonTapped()))
        await MainQueueTaskExecutor.settle()
        XCTAssertEqual(store.find(AppFeature.self)?.path.count, 2, "the record screen is pushed")
        store.update(Path.ToElement(id: 1, RecordMeeting.OnTask()))
        await MainQueueTaskExecutor.settle()
        await clock.advance(by: .seconds(6))
        await MainQueueTaskExecutor.settle()
        let app = try XCTUnwrap(store.find(AppFeature.self))
        XCTAssertEqual(app.path.count, 1, "the record screen dismissed itself when the meeting ended")
        let meeting = Meeting(
            id: uuid(6), date: Date(timeIntervalSince1970: 1_234_567_890), transcript: "Shipped the port")
        XCTAssertEqual(list.syncUps[0].meetings, [meeting])
        XCTAssertEqual(store.find(SyncUpDetail.self)?.syncUp.meetings, [meeting])
        XCTAssertEqual(store.effects.inFlightCount, 0, "the meeting's timer ended with its screen")

        // The other sync-up is deleted from its detail.
        store.update(Path.Pop())
        let product = list.syncUps[1]
        store.update(Path.Push(.detail(SyncUpDetail(syncUp: try XCTUnwrap(list.$syncUps[id: product.id])))))
        store.update(Path.ToElement(id: 2, SyncUpDetail.DeleteButtonTapped()))
        store.update(Path.ToElement(id: 2, SyncUpDetail.Alert.confirmDeletion))
        await MainQueueTaskExecutor.settle()
        XCTAssertEqual(store.find(AppFeature.self)?.path.count, 0)
        XCTAssertEqual(list.syncUps.map(\.title), ["Engineering sync"])

        let replay = try Replay.run(try ActionLog(lines: log.lines), as: AppFeature.self)
        XCTAssertNil(replay.divergence)
        XCTAssertEqual(replay.store.find(AppFeature.self), store.find(AppFeature.self))
        XCTAssertEqual(replay.store.find(SyncUpsList.self)?.syncUps[0].meetings, [meeting])
    }
}
